// When the element marked elementtiming="<identifier>" was first painted in a
// page: the entry's renderTime (loadTime for an image without one), in ms from
// navigation start, read with a buffered PerformanceObserver of type `element`;
// several elements with one identifier (a list's rows) count from the first
// painted.

/** @typedef {PerformanceEntry & { identifier: string, renderTime: number, loadTime: number }} ElementTiming */

/**
 * @param {import('@playwright/test').Page} page
 * @param {string} identifier
 * @param {number} timeoutMs
 * @returns {Promise<number | null>} null when nothing so marked is painted within `timeoutMs`
 */
export function elementPaintTime(page, identifier, timeoutMs) {
  return page.evaluate(
    ({ identifier, timeoutMs }) =>
      new Promise((resolve) => {
        const timer = setTimeout(() => resolve(null), timeoutMs);
        new PerformanceObserver((list, observer) => {
          const times = list
            .getEntries()
            .map((entry) => /** @type {ElementTiming} */ (entry))
            .filter((entry) => entry.identifier === identifier)
            .map((entry) => entry.renderTime || entry.loadTime);
          if (!times.length) return;
          observer.disconnect();
          clearTimeout(timer);
          resolve(Math.min(...times));
        }).observe({ type: 'element', buffered: true });
      }),
    { identifier, timeoutMs },
  );
}

import { test as base, type Page, type Request } from '@playwright/test';

/**
 * Requests in flight per page, counted from the page's creation: `networkQuiet` waits until
 * none has been in flight for a short while. Playwright's `networkidle` waits for 500 ms of
 * quiet after every navigation, which is most of the time a page check takes here; the pages'
 * data requests follow each other within a few milliseconds, so a shorter quiet suffices once
 * every request is counted.
 */
interface Tracker {
  inflight: Set<Request>;
  quietSince: number;
}
const trackers = new WeakMap<Page, Tracker>();

/** Long-lived by design: they never finish while the page is open. */
const longLived = new Set(['eventsource', 'websocket']);

export function trackRequests(page: Page): void {
  if (trackers.has(page)) return;
  const tracker: Tracker = { inflight: new Set(), quietSince: Date.now() };
  trackers.set(page, tracker);
  page.on('request', (request) => {
    if (longLived.has(request.resourceType())) return;
    tracker.inflight.add(request);
  });
  const done = (request: Request) => {
    if (tracker.inflight.delete(request) && tracker.inflight.size === 0)
      tracker.quietSince = Date.now();
  };
  page.on('requestfinished', done);
  page.on('requestfailed', done);
}

/**
 * Resolves once the page has had no request in flight for `quietMs` (a request still open
 * after `timeoutMs`, e.g. a long poll, ends the wait as `networkidle`'s timeout would). A page
 * not tracked from its creation falls back to `networkidle`.
 */
export async function networkQuiet(
  page: Page,
  { quietMs = 250, timeoutMs = 5_000 }: { quietMs?: number; timeoutMs?: number } = {},
): Promise<void> {
  const tracker = trackers.get(page);
  if (!tracker) {
    await page.waitForLoadState('networkidle', { timeout: timeoutMs }).catch(() => undefined);
    return;
  }
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const quietFor = Date.now() - tracker.quietSince;
    if (tracker.inflight.size === 0 && quietFor >= quietMs) return;
    await new Promise((resolve) =>
      setTimeout(resolve, tracker.inflight.size === 0 ? quietMs - quietFor : 50),
    );
  }
}

/** Playwright's `test` with every page's requests counted from its creation (see above). */
export const test = base.extend<{ trackedRequests: void }>({
  trackedRequests: [
    async ({ page }, use) => {
      trackRequests(page);
      await use();
    },
    { auto: true },
  ],
});

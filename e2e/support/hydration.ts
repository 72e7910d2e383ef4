import { expect, type Page } from '@playwright/test';

/**
 * The errors and warnings a page logs (a hydration mismatch is one), and the errors it throws,
 * from now on. The suite's browser blocks the offline service worker (playwright.config.ts):
 * that warning is not the page's.
 */
export function pageProblems(page: Page): string[] {
  const messages: string[] = [];
  page.on('console', (message) => {
    if (message.text().startsWith('Service Worker registration blocked')) return;
    if (message.type() === 'error' || message.type() === 'warning') messages.push(message.text());
  });
  page.on('pageerror', (error) => messages.push(error.message));
  return messages;
}

/**
 * Counts server-rendered elements removed from each page from its very start (a render that
 * replaces the markup removes them; hydration removes none); read with `removedServerNodes`.
 */
export async function watchRemovals(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const w = window as unknown as { removedServerNodes: number };
    w.removedServerNodes = 0;
    new MutationObserver((records) => {
      for (const record of records) {
        for (const node of record.removedNodes) {
          if (
            node instanceof Element &&
            (node.matches('main, header, h1') || node.querySelector('main, header, h1'))
          ) {
            w.removedServerNodes += 1;
          }
        }
      }
    }).observe(document, { childList: true, subtree: true });
  });
}

/** How many server-rendered elements the current page has removed (see `watchRemovals`). */
export function removedServerNodes(page: Page): Promise<number> {
  return page.evaluate(
    () => (window as unknown as { removedServerNodes: number }).removedServerNodes,
  );
}

/** Resolves once React owns the element (hydrated: its fiber is attached). */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await expect
    .poll(() =>
      page.evaluate((s) => {
        const element = document.querySelector(s);
        return element ? Object.keys(element).some((k) => k.startsWith('__reactFiber')) : false;
      }, selector),
    )
    .toBe(true);
}

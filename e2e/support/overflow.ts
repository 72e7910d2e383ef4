import { expect, type Page } from '@playwright/test';
import { networkQuiet } from './network';

/**
 * Waits until the page in <main> has settled: its code and first data loaded
 * (no "Loading…" status left), so what is measured is the finished layout.
 */
export async function settle(page: Page) {
  await page.waitForLoadState('load');
  // The lounge keeps a realtime socket open, which is not counted; a request still open after
  // 5 s ends the wait.
  await networkQuiet(page);
  await expect(page.locator('main [role="status"]').filter({ hasText: /Loading/ })).toHaveCount(0);
  await expect(page.locator('main h1, main h2').first()).toBeVisible();
}

/**
 * The page does not scroll sideways; on failure the message names what sticks
 * out. A soft check: one run reports every page that overflows.
 */
export async function expectNoSidewaysScroll(page: Page, what: string) {
  const { overflow, culprits } = await page.evaluate(() => {
    const width = window.innerWidth;
    const overflow = document.documentElement.scrollWidth - width;
    const culprits =
      overflow > 0
        ? [...document.querySelectorAll<HTMLElement>('body *')]
            .filter((el) => el.getBoundingClientRect().right > width + 0.5)
            .filter((el) => getComputedStyle(el).position !== 'fixed')
            .slice(-5)
            .map(
              (el) =>
                `<${el.tagName.toLowerCase()}> ${Math.round(el.getBoundingClientRect().right)} px: ${(el.textContent ?? '').trim().slice(0, 50)}`,
            )
        : [];
    return { overflow, culprits };
  });
  expect
    .soft(overflow, `${what} scrolls sideways by ${overflow} px: ${culprits.join(' | ')}`)
    .toBeLessThanOrEqual(0);
}

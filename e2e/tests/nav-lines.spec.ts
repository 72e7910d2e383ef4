import { expect, test, type Locator } from '@playwright/test';
import { seedBrowserSession } from '../support/session';
import { PASSWORD } from '../support/guest-accounts';
import { expectNoSidewaysScroll } from '../support/overflow';

const viewers = [
  { who: 'a visitor', email: null, entries: 6 },
  { who: 'a member', email: 'maya@example.com', entries: 9 },
  { who: 'an admin', email: 'admin@example.com', entries: 10 },
] as const;

/**
 * Each entry's text, whether it is visible, how many lines its text takes (one per distinct
 * line box) and where its right edge is: read in one pass over the nav, so a width costs one
 * round trip to the browser instead of several per entry.
 */
const measure = (entries: Locator) =>
  entries.evaluateAll((els) =>
    els.map((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      const tops = [...range.getClientRects()]
        .filter((r) => r.width > 0)
        .map((r) => Math.round(r.top));
      return {
        text: (el as HTMLElement).innerText,
        // as Playwright's toBeVisible: a box of some size, not hidden by visibility
        visible:
          box.width > 0 && box.height > 0 && el.checkVisibility({ visibilityProperty: true }),
        lines: new Set(tops).size,
        right: box.x + box.width,
      };
    }),
  );

for (const { who, email, entries } of viewers) {
  test(`every nav entry stays on one line for ${who} at 1024 to 1440 px`, async ({ page }) => {
    if (email) await seedBrowserSession(page, email, PASSWORD);
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });
    // The viewer's entries first, in the bar at its widest: a member's and an
    // admin's come with their profile, after the first render.
    await page.setViewportSize({ width: 1440, height: 800 });
    await expect(nav.locator(':scope > a, :scope > button')).toHaveCount(entries);
    for (const width of [1024, 1100, 1280, 1440]) {
      await page.setViewportSize({ width, height: 800 });
      // two frames: the page has laid itself out for the new width before anything is read
      // (read at once, the menu button could still count as hidden from the wider layout)
      await page.evaluate(
        () => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))),
      );
      const menuButton = page.getByRole('button', { name: 'Open menu' });
      // Where the bar cannot hold every entry, they are in the slide-in menu instead.
      if (await menuButton.isVisible()) {
        await menuButton.click();
        // Measured where the menu comes to rest, not while it slides in.
        const menu = page.getByRole('dialog', { name: 'Menu' });
        await menu.evaluate(async (panel) => {
          await Promise.all(panel.getAnimations({ subtree: true }).map((a) => a.finished));
        });
        // a slide that had not started when the animations were read: at rest it is all in view
        await expect(menu).toBeInViewport({ ratio: 1 });
      }
      const items = nav.locator(':scope > a, :scope > button');
      await expect(items).toHaveCount(entries);
      // Read until the layout is at rest (a busy machine may paint the menu's slide late):
      // what is still wrong then is the failure.
      await expect
        .poll(async () =>
          (await measure(items)).flatMap((item) => [
            ...(item.visible ? [] : [`"${item.text}" at ${width} px is hidden`]),
            ...(item.lines === 1 ? [] : [`"${item.text}" at ${width} px: ${item.lines} lines`]),
            ...(item.right <= width
              ? []
              : [`"${item.text}" at ${width} px: right edge at ${item.right} px`]),
          ]),
        )
        .toEqual([]);
      await expectNoSidewaysScroll(page, `/ (${who}, ${width} px)`);
      if (await page.getByRole('dialog', { name: 'Menu' }).isVisible()) {
        await page.keyboard.press('Escape');
        await expect(page.getByRole('dialog', { name: 'Menu' })).toHaveCount(0);
      }
    }
  });
}

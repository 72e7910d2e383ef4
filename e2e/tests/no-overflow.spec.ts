import { expect, test } from '@playwright/test';
import { routeTable } from '@bistro/ui/routes';
import { seedBrowserSession } from '../support/session';
import { PASSWORD } from '../support/guest-accounts';
import { expectNoSidewaysScroll, settle } from '../support/overflow';

/** Every page of the app: the route table, plus the 404 page. */
const paths = [...routeTable.map((r) => r.path), '/no-such-page'];
const adminSections = [
  'Overview',
  'Events',
  'Bookings',
  'Photo Wall',
  'Users',
  'Admin Rights',
  'Notifications',
  'Analytics',
  'Venue',
  'Menu',
  'Promotions',
];
const viewers = [
  { who: 'a visitor', email: null },
  { who: 'a member', email: 'maya@example.com' },
  { who: 'an admin', email: 'admin@example.com' },
] as const;

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true });

    for (const { who, email } of viewers) {
      test(`no page scrolls sideways for ${who}`, async ({ page }) => {
        test.setTimeout(240_000);
        if (email) await seedBrowserSession(page, email, PASSWORD);
        for (const path of paths) {
          await page.goto(path);
          await settle(page);
          await expectNoSidewaysScroll(page, `${path} (${who}, ${width} px)`);
        }
        if (email !== 'admin@example.com') return;
        // Each admin section, chosen from the small-screen dropdown.
        await page.goto('/admin');
        await settle(page);
        for (const section of adminSections) {
          await page.getByLabel('Dashboard section').selectOption({ label: section });
          await expect(
            page.getByRole('heading', { level: 2, name: section, exact: true }),
          ).toBeVisible();
          await settle(page);
          await expectNoSidewaysScroll(page, `admin ${section} (${width} px)`);
        }
      });
    }

    test('the verify screen keeps a long e-mail address on the page', async ({ page }) => {
      const email = `a-rather-long-mailbox-name-for-the-check-${Date.now()}@a-long-domain-name.example.com`;
      await page.goto('/auth');
      await page.getByRole('tab', { name: 'Sign Up' }).click();
      await page.getByLabel('First name').fill('Lena');
      await page.getByLabel('Last name').fill('Overflow');
      await page.getByLabel('Email').fill(email);
      await page.getByLabel('Password').fill(PASSWORD);
      await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
      await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
      await expect(page.getByText(email)).toBeVisible();
      await expectNoSidewaysScroll(page, `the verify screen (${width} px)`);
    });
  });
}

test('the contact e-mail stays inside its button at 375 and 1024 px', async ({ page }) => {
  for (const width of [375, 1024]) {
    await page.setViewportSize({ width, height: 800 });
    await page.goto('/contact');
    await settle(page);
    const button = page.getByRole('link', { name: /concierge@/ });
    const inside = await button.evaluate((el) => {
      const box = el.getBoundingClientRect();
      const range = document.createRange();
      range.selectNodeContents(el);
      return [...range.getClientRects()].every(
        (r) => r.width === 0 || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5),
      );
    });
    expect(inside, `the e-mail runs out of its button at ${width} px`).toBe(true);
    await expectNoSidewaysScroll(page, `/contact (${width} px)`);
  }
});

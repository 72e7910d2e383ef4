import { expect, type Page } from '@playwright/test';
import { networkQuiet, test } from '../support/network';
import { seedBrowserSession } from '../support/session';

const pages = [
  '/',
  '/events',
  '/order',
  '/scanner',
  '/contact',
  '/chat',
  '/privacy',
  '/privacy-policy',
];
const shots = process.env['GUEST_SHOTS'];

async function expectNoSidewaysScroll(page: Page, path: string) {
  await page.goto(path);
  await expect(page.locator(`main [data-area="guest"][data-route="${path}"]`)).toBeVisible();
  await networkQuiet(page);
  if (shots) {
    await page.screenshot({
      path: `${shots}/${page.viewportSize()!.width}${path.replace(/\//g, '_') || '_'}.png`,
      fullPage: true,
    });
  }
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow, `${path} scrolls sideways`).toBeLessThanOrEqual(0);
}

test.describe('on a 375 px phone', () => {
  test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

  test('no guest page scrolls sideways for a visitor', async ({ page }) => {
    for (const path of pages) await expectNoSidewaysScroll(page, path);
  });

  test('no guest page scrolls sideways for a member, and touch targets are 44 px', async ({
    page,
  }) => {
    await seedBrowserSession(page, 'maya@example.com', 'password123');
    for (const path of [...pages, '/profile']) await expectNoSidewaysScroll(page, path);
    await page.goto('/');
    const redeem = page.getByRole('button', { name: /Redeem/ }).first();
    await expect(redeem).toBeVisible();
    expect((await redeem.boundingBox())!.height).toBeGreaterThanOrEqual(44);
    // Maya is a VIP member with a birthday this week (seed).
    await expect(page.getByText(/VIP Member/)).toBeVisible();
    await expect(page.getByText(/It's your birthday week!/)).toBeVisible();
    await expect(page.getByRole('article', { name: 'Birthday Dessert on Us' })).toBeVisible();
    await expect(page.getByRole('article', { name: 'VIP Bottle Service' })).toBeVisible();
  });
});

test('on a desktop the home page shows up to 3 upcoming events in date order', async ({ page }) => {
  await page.goto('/');
  const section = page.getByRole('region', { name: 'Upcoming Events' });
  const cards = section.getByRole('article');
  await expect(cards.first()).toBeVisible();
  expect(await cards.count()).toBeLessThanOrEqual(3);
  const dates = await section
    .locator('time')
    .evaluateAll((els) => els.map((e) => Date.parse(e.getAttribute('datetime') ?? '')));
  expect(dates).toEqual([...dates].sort((a, b) => a - b));
  await expect(section.getByRole('link', { name: 'View All Events' })).toHaveAttribute(
    'href',
    '/events',
  );
  if (shots) await page.screenshot({ path: `${shots}/1280_home.png`, fullPage: true });
});

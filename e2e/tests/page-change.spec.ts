import { expect, test } from '@playwright/test';

// A new page starts at the top with focus on its heading; back returns to where the guest was.
test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

test('a link low on home opens the events page at its top, heading focused; back returns @shell', async ({
  page,
}) => {
  await page.goto('/');
  const viewAll = page.getByRole('link', { name: 'View All Events' });
  await viewAll.scrollIntoViewIfNeeded();
  const homeY = await page.evaluate(() => window.scrollY);
  expect(homeY).toBeGreaterThan(200);
  await viewAll.click();
  await expect(page).toHaveURL(/\/events$/);
  const heading = page.locator('main h1').first();
  await expect(heading).toBeFocused();
  expect(await page.evaluate(() => window.scrollY)).toBe(0);
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(homeY - 50);
});

import { expect, test } from '@playwright/test';

test.use({ viewport: { width: 375, height: 812 }, hasTouch: true });

test('on a phone the navigation is a slide-in menu', async ({ page }) => {
  await page.goto('/');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeVisible();
  await nav.getByRole('link', { name: 'Contact' }).click();
  await expect(page).toHaveURL(/\/contact$/);
  await expect(page.locator('main [data-remote="guest"]')).toBeAttached();
  await expect(nav.getByRole('link', { name: 'Contact' })).toBeHidden();
  // Escape closes it too.
  await page.getByRole('button', { name: 'Open menu' }).click();
  await expect(nav.getByRole('link', { name: 'Order' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(nav.getByRole('link', { name: 'Order' })).toBeHidden();
  // Nothing overflows sideways at 375 px.
  const overflow = await page.evaluate(
    () => document.documentElement.scrollWidth - window.innerWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
});

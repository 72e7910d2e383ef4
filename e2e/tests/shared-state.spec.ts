import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('the session the shell holds is seen inside the remotes, live', async ({ page }) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  await page.goto('/song-requests');

  // Only the shell subscribes to auth changes and writes the libs/auth store;
  // the lounge remote just reads it. Seeing the member here proves one store.
  await expect(page.locator('main [data-area="lounge"]')).toBeVisible();
  await expect(page.getByTestId('viewer')).toHaveText('Viewing as: maya@example.com');
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Games & Fun' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Song Requests' })).toBeVisible();

  // Signing out in the shell reaches the guest remote at once.
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.locator('main [data-area="guest"]').getByTestId('viewer')).toHaveText(
    'Viewing as: Visitor',
  );
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Song Requests' })).toHaveCount(0);
});

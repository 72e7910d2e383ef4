import { expect, test } from '@playwright/test';

// A server that does not answer: the page says so and offers Retry within 8 s, instead of a
// spinner that never ends (reads give up after 6 s and are not retried behind the guest's back).
test('a silent API: the events page offers Retry within 8 s, and Retry loads them @guest', async ({
  page,
}) => {
  let silent = true;
  await page.route('**/rest/v1/events?**', async (route) => {
    if (!silent) return route.continue();
    // never answered while silent
  });
  await page.goto('/events');
  // from the moment the page says it is loading
  await expect(page.getByText('Loading epic events...')).toBeVisible();
  const started = Date.now();
  await expect(page.getByText('Could not load events')).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - started).toBeLessThan(8_000);
  silent = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

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
  // A first load of /events comes from the server with its events (the server reads the API,
  // which answers it): the browser reads them when the guest goes there from another page.
  await page.goto('/');
  const events = page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' });
  // once React owns the link, the tap navigates in the page (before, it would load /events anew)
  await expect
    .poll(() => events.evaluate((a) => Object.keys(a).some((k) => k.startsWith('__reactFiber'))))
    .toBe(true);
  await events.click();
  await expect(page).toHaveURL(/\/events$/);
  // from the moment the page says it is loading
  await expect(page.getByText('Loading epic events...')).toBeVisible();
  const started = Date.now();
  await expect(page.getByText('Could not load events')).toBeVisible({ timeout: 8_000 });
  expect(Date.now() - started).toBeLessThan(8_000);
  silent = false;
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('article').first()).toBeVisible();
});

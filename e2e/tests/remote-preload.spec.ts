import { expect, test, type Page } from '@playwright/test';
import { portOf, ports } from '../support/suite';
import { seedBrowserSession } from '../support/session';

// The shell fetches a member's menu areas ahead once the page has settled
// (apps/shell/src/features/remotes/warm-areas.ts); a visitor's page never
// fetches the members' or the admin's code.

/** Records every script and manifest the page requests, by the server it came from. */
function recordRequests(page: Page): (port: number) => string[] {
  const requested: string[] = [];
  page.on('request', (request) => requested.push(request.url()));
  return (port) => requested.filter((url) => portOf(url) === port);
}

const HOME = 'main [data-route="/"]';

test('a visitor on / fetches no lounge, games or admin code, even once idle', async ({ page }) => {
  const fromPort = recordRequests(page);
  await page.goto('/');
  await expect(page.locator(HOME)).toBeVisible();
  await page.waitForLoadState('networkidle');
  // Longer than the shell's idle fallback and the warm-up it would start for a member.
  await page.waitForTimeout(3000);
  expect(fromPort(ports.guest).some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fromPort(ports.lounge)).toEqual([]);
  expect(fromPort(ports.games)).toEqual([]);
  expect(fromPort(ports.admin)).toEqual([]);
});

test('a member on / has the lounge and games code fetched once idle', async ({ page }) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  const fromPort = recordRequests(page);
  await page.goto('/');
  await expect(page.locator(HOME)).toBeVisible();

  for (const port of [ports.lounge, ports.games]) {
    await expect
      .poll(() => fromPort(port).some((url) => url.endsWith('/remoteEntry.js')), {
        timeout: 15_000,
      })
      .toBe(true);
    // The App module's chunks come too, so the click has nothing left to fetch.
    await expect
      .poll(() => fromPort(port).some((url) => /__federation_expose_App\.[0-9a-f]+\.js$/.test(url)))
      .toBe(true);
  }
  // Not for a member: the admin area stays unfetched.
  expect(fromPort(ports.admin)).toEqual([]);

  // Opening the lounge now fetches no more of its code: only its data.
  const before = fromPort(ports.lounge).length;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Song Requests' })
    .click();
  await expect(page.locator('main [data-route="/song-requests"]')).toBeVisible();
  expect(fromPort(ports.lounge).slice(before)).toEqual([]);
});

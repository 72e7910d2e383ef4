import { expect, test, type Page } from '@playwright/test';
import { routeTable, type RouteEntry } from '@bistro/ui/routes';
import { ownerTag } from '../support/areas';
import { seedSession, signInThroughApi } from '../support/session';
import { portOf, ports } from '../support/suite';

/** Paths a visitor may open without being sent to /auth. */
const publicPaths = new Set([
  '/',
  '/events',
  '/order',
  '/scanner',
  '/contact',
  '/chat',
  '/privacy',
  '/privacy-policy',
  '/bookings/cancel',
  '/reserve',
  '/tables',
  '/games',
  '/games/guess-the-throwback',
  '/games/beat-the-clock',
  '/games/rap-it-or-scrap-it',
]);

async function expectServedByOwner(page: Page, route: RouteEntry, scriptPorts: Set<number>) {
  // The shell wraps each area in the remote that serves it; its code came from that server.
  await expect(page.locator(`main [data-remote="${route.owner}"]`)).toBeAttached();
  await expect(page.locator(`main [data-remote]:not([data-remote="${route.owner}"])`)).toHaveCount(
    0,
  );
  // The wrapper renders at once; the remote's code arrives after it.
  await expect.poll(() => [...scriptPorts]).toContain(ports[route.owner as keyof typeof ports]);
  // Still on the page (a members-only area would have sent a visitor away by now).
  await expect(page).toHaveURL(new RegExp(`${route.path === '/' ? '/' : route.path}$`));
  await expect(
    page.locator('main [role="alert"]').filter({ hasText: "couldn't load" }),
  ).toHaveCount(0);
  // The shell's chrome is always there.
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
  await expect(page.getByRole('contentinfo')).toContainText('daily 11AM to 1AM');
}

function recordScriptPorts(page: Page): Set<number> {
  const scriptPorts = new Set<number>();
  page.on('request', (req) => {
    if (req.resourceType() === 'script') scriptPorts.add(portOf(req.url()));
  });
  return scriptPorts;
}

// One admin sign-in per worker, reused by every signed-in route: a sign-in per route would
// reach the auth API's limit of 30 sign-ins per address and account.
let adminSignIn: ReturnType<typeof signInThroughApi> | undefined;
async function seedAdminSession(page: Page) {
  adminSignIn ??= signInThroughApi('admin@example.com', 'password123');
  adminSignIn.catch(() => (adminSignIn = undefined));
  const { session, url } = await adminSignIn;
  await seedSession(page, session, url);
}

test.describe('route table', () => {
  test('/auth is the shell own page', { tag: '@shell' }, async ({ page }) => {
    const scriptPorts = recordScriptPorts(page);
    await page.goto('/auth');
    await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
    await expect(page.locator('main [data-remote]')).toHaveCount(0);
    expect([...scriptPorts].every((port) => port === ports.shell)).toBe(true);
  });

  for (const route of routeTable.filter((r) => r.owner !== 'shell')) {
    const asAdmin = !publicPaths.has(route.path);
    test(
      `${route.path} renders from the ${route.owner} remote${asAdmin ? ' (signed in)' : ''}`,
      {
        tag: ownerTag(route.path),
      },
      async ({ page }) => {
        // Members-only and admin pages send visitors to /auth; the admin sees every page.
        if (asAdmin) await seedAdminSession(page);
        const scriptPorts = recordScriptPorts(page);
        await page.goto(route.path);
        await expectServedByOwner(page, route, scriptPorts);
      },
    );
  }

  test(
    'an unknown path shows the 404 page, whose link goes home',
    { tag: '@shell' },
    async ({ page }) => {
      await page.goto('/this/path/does-not-exist');
      await expect(page.getByText('Oops! Page not found')).toBeVisible();
      await expect(page.locator('main [data-remote]')).toHaveCount(0);
      await page.getByRole('link', { name: 'Return to Home' }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.locator('main [data-remote="guest"]')).toBeAttached();
    },
  );
});

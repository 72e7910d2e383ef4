import { expect, test } from '@playwright/test';
import { portOf, ports } from '../support/suite';

test('a visitor on / downloads the shell and the guest remote only', async ({ page }) => {
  const requested: string[] = [];
  page.on('request', (req) => requested.push(req.url()));
  await page.goto('/');
  await expect(page.locator('main [data-remote="guest"] > *').first()).toBeVisible();
  await page.waitForLoadState('networkidle');

  const fromPort = (port: number) => requested.filter((u) => portOf(u) === port);
  expect(fromPort(ports.shell).length).toBeGreaterThan(0);
  expect(fromPort(ports.guest).some((u) => u.endsWith('/remoteEntry.js'))).toBe(true);
  expect(fromPort(ports.lounge)).toEqual([]);
  expect(fromPort(ports.games)).toEqual([]);
  expect(fromPort(ports.admin)).toEqual([]);

  // Opening an area later fetches that remote, and still none of the others.
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page).toHaveURL(/\/events$/);
  await expect(page.locator('main [data-remote="guest"]')).toBeAttached();
  await page.evaluate(() => window.history.pushState({}, '', '/admin'));
  await page.evaluate(() => window.dispatchEvent(new PopStateEvent('popstate')));
  // (A visitor is then sent on to /auth by the admin area itself.)
  await expect.poll(() => fromPort(ports.admin).length).toBeGreaterThan(0);
  expect(fromPort(ports.lounge)).toEqual([]);
  expect(fromPort(ports.games)).toEqual([]);
});

import { expect, test } from '@playwright/test';
import { routeTable } from '@bistro/ui';
import { portOf, ports } from '../support/suite';

test.describe('route table', () => {
  for (const route of routeTable) {
    test(`${route.path} renders from the ${route.owner} area`, async ({ page }) => {
      const scriptPorts = new Set<number>();
      page.on('request', (req) => {
        if (req.resourceType() === 'script') scriptPorts.add(portOf(req.url()));
      });
      await page.goto(route.path);
      if (route.owner === 'shell') {
        await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
        expect([...scriptPorts].every((port) => port === ports.shell)).toBe(true);
      } else {
        const area = page.locator(`main [data-area="${route.owner}"][data-route="${route.path}"]`);
        await expect(area).toBeVisible();
        // The page's code came from the owner's own server.
        expect(scriptPorts).toContain(ports[route.owner]);
      }
      // The shell's chrome is always there.
      await expect(page.getByRole('navigation', { name: 'Main' })).toBeAttached();
      await expect(page.getByRole('contentinfo')).toContainText('daily 11AM to 1AM');
    });
  }

  test('an unknown path shows the 404 page, whose link goes home', async ({ page }) => {
    await page.goto('/this/path/does-not-exist');
    await expect(page.getByText('Oops! Page not found')).toBeVisible();
    await page.getByRole('link', { name: 'Return to Home' }).click();
    await expect(page).toHaveURL(/\/$/);
    await expect(page.locator('main [data-area="guest"][data-route="/"]')).toBeVisible();
  });
});

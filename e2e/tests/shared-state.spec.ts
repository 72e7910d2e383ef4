import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('the session the shell holds is seen inside the remotes, live', async ({ page }) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  await page.goto('/song-requests');

  // Only the shell subscribes to auth changes and writes the libs/auth store;
  // the lounge remote only reads it and would send a visitor to /auth. Its
  // members-only page rendering proves both sides hold one store.
  await expect(page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Games & Fun' })).toBeVisible();

  // One instance of each shared singleton is loaded on the page, provided by the shell
  // (the workspace libs are shared by their stateful modules: tools/rspack/shared.ts).
  const shared = await page.evaluate(() => {
    type Entry = { loaded?: boolean; from: string };
    const share = (
      window as unknown as {
        __FEDERATION__: {
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
        };
      }
    ).__FEDERATION__.__SHARE__;
    const result: Record<string, string[]> = {};
    for (const scopes of Object.values(share)) {
      for (const packages of Object.values(scopes)) {
        for (const [pkg, versions] of Object.entries(packages)) {
          for (const entry of Object.values(versions)) {
            if (entry.loaded) (result[pkg] ??= []).push(entry.from);
          }
        }
      }
    }
    return result;
  });
  for (const pkg of [
    'react',
    'react-dom',
    'react-router-dom',
    'zustand',
    '@tanstack/react-query',
    '@bistro/auth/auth-store',
    '@bistro/ui/toast-store',
    '@bistro/data/supabase-client',
    '@bistro/data/query-client',
  ]) {
    expect(new Set(shared[pkg] ?? []), pkg).toEqual(new Set(['shell']));
  }

  // Signing out in the shell reaches the remotes at once: the lounge now treats
  // the user as a visitor and sends them to /auth.
  await nav.getByRole('button', { name: 'Sign Out' }).click();
  await expect(page.getByText('Signed out').first()).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Song Requests' })).toHaveCount(0);
  await page.evaluate(() => {
    window.history.pushState({}, '', '/song-requests');
    window.dispatchEvent(new PopStateEvent('popstate'));
  });
  await expect(page).toHaveURL(/\/auth$/);
});

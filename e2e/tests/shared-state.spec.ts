import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';

test('the session the shell holds is seen inside the remotes, live', async ({ page }) => {
  // React DOM hands its renderer, with the React it renders with, to the
  // devtools hook when it loads: a stand-in hook records them.
  await page.addInitScript(() => {
    const renderers: unknown[] = [];
    Object.assign(window, {
      __REACT_DEVTOOLS_GLOBAL_HOOK__: {
        supportsFiber: true,
        renderers,
        inject: (renderer: unknown) => renderers.push(renderer),
      },
    });
  });
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

  // The React the lounge remote was given is the very object the shell's React
  // DOM renders with (its internals are the renderer's dispatcher), and there
  // is one React DOM on the page.
  const react = await page.evaluate(() => {
    type Entry = { from: string; useIn: string[]; lib?: () => Record<string, unknown> };
    const win = window as unknown as {
      __FEDERATION__: {
        __SHARE__: Record<string, Record<string, Record<string, Record<string, Entry>>>>;
      };
      __REACT_DEVTOOLS_GLOBAL_HOOK__: { renderers: { currentDispatcherRef: unknown }[] };
    };
    const entries = Object.values(win.__FEDERATION__.__SHARE__).flatMap((scopes) =>
      Object.values(scopes).flatMap((packages) => Object.values(packages['react'] ?? {})),
    );
    const fromShell = entries.find((entry) => entry.from === 'shell');
    const renderers = win.__REACT_DEVTOOLS_GLOBAL_HOOK__.renderers;
    return {
      renderers: renderers.length,
      usedBy: fromShell?.useIn ?? [],
      same:
        renderers[0]?.currentDispatcherRef !== undefined &&
        fromShell?.lib?.()['__CLIENT_INTERNALS_DO_NOT_USE_OR_WARN_USERS_THEY_CANNOT_UPGRADE'] ===
          renderers[0]?.currentDispatcherRef,
    };
  });
  expect(react.renderers).toBe(1);
  expect(react.usedBy).toContain('lounge');
  expect(react.same).toBe(true);

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

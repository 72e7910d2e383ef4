import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { distOf, serveDist, type RunningServer } from '../../apps/web-server/src/index.mjs';
import { DATA_DIR, ports, SPARE_PORTS } from '../support/suite';

// A second copy of the shell, served with its own config.json in which the
// lounge's server is down (nothing listens on its port) and the games
// manifest is a 404. Guest and admin point at the running suite.
const SHELL_PORT = SPARE_PORTS.shell;
const DOWN_LOUNGE_PORT = SPARE_PORTS.downRemote;

// The suite under test serves a snapshot of the built apps (tools/start.mjs --snapshot).
const snapshot = join(import.meta.dirname, '..', '..', DATA_DIR, 'dist');

let shell: RunningServer;
let lounge: RunningServer | undefined;

test.beforeAll(async () => {
  const suiteConfig = JSON.parse(
    await readFile(
      join(import.meta.dirname, '..', '..', DATA_DIR, 'runtime', 'config.json'),
      'utf8',
    ),
  );
  const config = {
    ...suiteConfig,
    remotes: {
      ...suiteConfig.remotes,
      lounge: `http://127.0.0.1:${DOWN_LOUNGE_PORT}/mf-manifest.json`,
      games: `http://127.0.0.1:${ports.games}/missing/mf-manifest.json`,
    },
  };
  const configFile = join(await mkdtemp(join(tmpdir(), 'bistro-e2e-')), 'config.json');
  await writeFile(configFile, JSON.stringify(config));
  shell = await serveDist({
    dist: distOf('shell', snapshot),
    port: SHELL_PORT,
    spa: true,
    configFile,
  });
});

test.afterAll(async () => {
  await lounge?.close();
  await shell?.close();
});

test('a remote that cannot load degrades only its own area, and Retry recovers it', async ({
  page,
}) => {
  const base = `http://127.0.0.1:${SHELL_PORT}`;
  await page.goto(`${base}/song-requests`);

  const failure = page.getByRole('alert');
  await expect(failure).toContainText("This area couldn't load");
  await expect(failure.getByRole('button', { name: 'Retry' })).toBeVisible();
  // Nav and footer keep working.
  await expect(page.getByRole('contentinfo')).toContainText('daily 11AM to 1AM');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page.locator('main [data-remote="guest"] > *').first()).toBeVisible();

  // A manifest that 404s fails the same contained way.
  await page.goto(`${base}/games`);
  await expect(page.getByRole('alert')).toContainText("This area couldn't load");
  // The admin area still loads and runs: its guard sends this visitor on to /auth.
  await page.goto(`${base}/admin`);
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

  // The lounge's server comes back: Retry loads it without a reload.
  await page.goto(`${base}/song-requests`);
  await expect(page.getByRole('alert')).toBeVisible();
  lounge = await serveDist({
    dist: distOf('lounge', snapshot),
    port: DOWN_LOUNGE_PORT,
    cors: true,
  });
  await page.getByRole('button', { name: 'Retry' }).click();
  await expect(page.locator('main [data-remote="lounge"] > *').first()).toBeVisible();
});

import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Browser, type Page } from '@playwright/test';
import {
  distOf,
  integrityOf,
  publishRelease,
  rollback,
  serveDist,
  storeFromEnv,
  updatePointer,
  type RunningServer,
} from '../../apps/web-server/src/index.mjs';
import { openDashboard } from '../support/admin-page';
import { DATA_DIR, SPARE_PORTS } from '../support/suite';

// A copy of the shell whose config.json is the one a release store writes, and the store
// served as a static host: games is released, rolled back, canaried and tampered with while
// the rest of the suite runs on.
const root = join(import.meta.dirname, '..', '..');
const snapshot = join(root, DATA_DIR, 'dist');
const shellUrl = `http://127.0.0.1:${SPARE_PORTS.releasesShell}`;
const storeUrl = `http://127.0.0.1:${SPARE_PORTS.releasesStore}`;

test.describe.configure({ mode: 'serial' });

let dir: string;
let store: ReturnType<typeof storeFromEnv>;
const servers: RunningServer[] = [];
let v1: string;
/** The release forced into the pointer by hand that the shell refuses. */
const forced = 'bad0000000000000';

/** The games build with its entry changed (a new release) or its manifest edited. */
async function gamesVariant(
  name: string,
  edit: (m: Record<string, unknown>) => void = () => undefined,
) {
  const out = join(dir, name);
  await cp(distOf('games', snapshot), out, { recursive: true });
  const entry = join(out, 'remoteEntry.js');
  await writeFile(entry, `${await readFile(entry, 'utf8')}\n// ${name}\n`);
  const manifestFile = join(out, 'mf-manifest.json');
  const manifest = JSON.parse(await readFile(manifestFile, 'utf8'));
  edit(manifest);
  await writeFile(manifestFile, JSON.stringify(manifest));
  return out;
}

/** Opens /games and answers the games release it runs, with the release errors logged. */
async function gamesVersion(page: Page) {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  await page.goto(`${shellUrl}/games`);
  await expect(
    page.locator('main [data-area="games"]').getByRole('heading', { name: 'Sign In Required' }),
  ).toBeVisible();
  const version = await page.locator('html').getAttribute('data-release-games');
  return { version, errors };
}

async function browserWithBucket(browser: Browser, bucket: number) {
  const context = await browser.newContext();
  await context.addInitScript((b) => {
    if (!localStorage.getItem('bistro.release-bucket'))
      localStorage.setItem('bistro.release-bucket', String(b));
  }, bucket);
  return context;
}

test.beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bistro-e2e-releases-'));
  const base = join(root, DATA_DIR, 'runtime', 'config.json');
  store = storeFromEnv({
    RELEASES_DIR: join(dir, 'store'),
    RELEASES_PUBLIC_URL: storeUrl,
    RELEASES_BASE_CONFIG: base,
  });
  await publishRelease({ area: 'shell', dist: distOf('shell', snapshot), store, by: 'e2e' });
  v1 = (await publishRelease({ area: 'games', dist: distOf('games', snapshot), store, by: 'e2e' }))
    .version;
  servers.push(
    await serveDist({ dist: join(dir, 'store'), port: SPARE_PORTS.releasesStore, cors: true }),
    await serveDist({
      dist: distOf('shell', snapshot),
      port: SPARE_PORTS.releasesShell,
      spa: true,
      configFile: join(dir, 'store', 'config.json'),
    }),
  );
});

test.afterAll(async () => {
  await Promise.all(servers.map((s) => s.close()));
});

test('games v2 released while the suite runs shows on the next load; rollback shows v1 without a build', async ({
  page,
}) => {
  expect((await gamesVersion(page)).version).toBe(v1);
  const v2 = (
    await publishRelease({ area: 'games', dist: await gamesVariant('v2'), store, by: 'e2e' })
  ).version;
  expect(v2).not.toBe(v1);
  expect((await gamesVersion(page)).version).toBe(v2);
  await rollback({ area: 'games', store, by: 'e2e' });
  expect((await gamesVersion(page)).version).toBe(v1);
});

test('a build whose React range the shell cannot satisfy is refused, and forced into the pointer loads the last good release', async ({
  page,
}) => {
  const bad = await gamesVariant('react20', (m) => {
    for (const s of m['shared'] as { name: string; requiredVersion: string }[])
      if (s.name === 'react') s.requiredVersion = '^20.0.0';
  });
  await expect(publishRelease({ area: 'games', dist: bad, store, by: 'e2e' })).rejects.toThrow(
    /react: games needs \^20\.0\.0, the shell provides 19\./,
  );
  // by hand: the files copied into the store and the pointer edited
  const version = forced;
  await cp(bad, join(dir, 'store', 'releases', 'games', version), { recursive: true });
  const entry = await readFile(join(bad, 'remoteEntry.js'));
  await updatePointer(store, (p) => {
    const games = p.areas['games']!;
    p.areas['games'] = {
      live: { version, entryIntegrity: integrityOf(entry) },
      canary: null,
      good: [games.live, ...(games.good ?? [])],
    };
    return p;
  });
  const { version: running, errors } = await gamesVersion(page);
  expect(running).toBe(v1);
  expect(errors.join('\n')).toContain(
    `Release ${version} of games refused, loading an earlier one: react: needs ^20.0.0`,
  );
  await rollback({ area: 'games', store, by: 'e2e', version: v1 });
});

test('the admin sees which versions run, and the refused release counted with its reason', async ({
  page,
}) => {
  await openDashboard(page, `${shellUrl}/admin?tab=releases`);
  const tab = page.getByRole('region', { name: 'Releases', exact: true });
  await expect(
    page.getByRole('heading', { level: 2, name: 'Releases', exact: true }),
  ).toBeVisible();
  const games = tab.getByRole('table', { name: 'games' });
  // the shell's reports reach the API as the pages load: read again until they are counted
  await expect(async () => {
    await page.reload();
    const live = games.getByRole('row', { name: new RegExp(v1) });
    await expect(live.getByRole('cell').nth(0)).toHaveText('Live', { timeout: 2_000 });
    await expect(live.getByRole('cell').nth(1)).toHaveText(/^[1-9][0-9]*$/, { timeout: 2_000 });
    const refused = games.getByRole('row', { name: new RegExp(forced) });
    await expect(refused.getByRole('cell').nth(2)).toHaveText(/^[1-9][0-9]*$/, { timeout: 2_000 });
    await expect(refused.getByRole('cell').nth(5)).toHaveText(/^[1-9][0-9]*%$/, { timeout: 2_000 });
    await expect(refused.getByRole('cell').nth(6)).toContainText('react: needs ^20.0.0', {
      timeout: 2_000,
    });
  }).toPass({ timeout: 60_000 });
  await expect(
    tab
      .getByRole('list', { name: 'Release history' })
      .getByText(/games rolled back to/)
      .first(),
  ).toBeVisible();
});

test('a 50% canary serves both versions to different browsers, and each keeps its version', async ({
  browser,
}) => {
  const canary = (
    await publishRelease({
      area: 'games',
      dist: await gamesVariant('canary'),
      store,
      by: 'e2e',
      canaryPercent: 50,
    })
  ).version;
  const low = await browserWithBucket(browser, 10);
  const high = await browserWithBucket(browser, 90);
  const a = await low.newPage();
  const b = await high.newPage();
  for (let i = 0; i < 2; i++) {
    expect((await gamesVersion(a)).version).toBe(canary);
    expect((await gamesVersion(b)).version).toBe(v1);
  }
  await low.close();
  await high.close();
  await rollback({ area: 'games', store, by: 'e2e', version: v1 });
});

test('an entry whose bytes changed after release is refused', async ({ page }) => {
  const v3 = (
    await publishRelease({ area: 'games', dist: await gamesVariant('v3'), store, by: 'e2e' })
  ).version;
  const entry = join(dir, 'store', 'releases', 'games', v3, 'remoteEntry.js');
  await writeFile(entry, `${await readFile(entry, 'utf8')}\n// changed after release\n`);
  const { version, errors } = await gamesVersion(page);
  expect(version).toBe(v1);
  expect(errors.join('\n')).toContain(`Release ${v3} of games refused`);
  expect(errors.join('\n')).toContain('does not match the released bytes');
});

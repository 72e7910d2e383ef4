import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishRelease, rollback, storeFromEnv, type ReleaseStore } from './releases-publish.mjs';
import { promoteChange, updatePointer } from './releases-store.mjs';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', '..', '..', 'tools', 'release', 'cli.mjs');

let dir: string;
let env: NodeJS.ProcessEnv;
let store: ReleaseStore;

const shared = (name: string, version: string, requiredVersion: string | null) => ({
  name,
  version,
  singleton: true,
  requiredVersion,
});

/** A build folder as rspack leaves it: manifest, entry, one chunk. */
async function build(
  name: string,
  { entry = `/* ${name} */`, react = '^19.3.1' }: { entry?: string; react?: string } = {},
) {
  const out = await mkdtemp(join(dir, `${name}-`));
  const isShell = name === 'shell';
  await writeFile(
    join(out, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { pluginVersion: '2.9.2' },
      shared: isShell
        ? [shared('react', '19.3.1', null), shared('zustand', '5.1.0', null)]
        : [shared('react', '19.3.1', react)],
      exposes: isShell ? [] : [{ name: 'App', path: './App' }],
    }),
  );
  if (!isShell) await writeFile(join(out, 'remoteEntry.js'), entry);
  await mkdir(join(out, 'static'), { recursive: true });
  await writeFile(join(out, 'static', 'chunk.abc.js'), `/* chunk of ${name} ${entry} */`);
  return out;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bistro-releases-'));
  await writeFile(
    join(dir, 'base-config.json'),
    JSON.stringify({
      remotes: { guest: 'http://a.test/g/mf-manifest.json' },
      supabase: { url: 'http://api.test', anonKey: 'k' },
    }),
  );
  env = {
    RELEASES_DIR: join(dir, 'store'),
    RELEASES_PUBLIC_URL: 'http://releases.test/',
    RELEASES_BASE_CONFIG: join(dir, 'base-config.json'),
  };
  store = storeFromEnv(env);
  await publishRelease({ area: 'shell', dist: await build('shell'), store, by: 'ops' });
});

afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const config = async () =>
  JSON.parse(await readFile(join(dir, 'store', 'config.json'), 'utf8')) as {
    remotes: Record<string, string>;
    releases: Record<string, { version: string; integrity: string; canary?: { percent: number } }>;
    supabase: unknown;
  };

describe('publishRelease', () => {
  it('publishes an immutable content-hashed release with its record and points the config at it', async () => {
    const { version, record } = await publishRelease({
      area: 'games',
      dist: await build('games'),
      store,
      by: 'team games',
    });
    expect(version).toMatch(/^[0-9a-f]{16}$/);
    expect(record).toMatchObject({
      area: 'games',
      version,
      by: 'team games',
      moduleFederation: '2.9.2',
      exposes: ['./App'],
      shared: [{ name: 'react', version: '19.3.1', requiredVersion: '^19.3.1', singleton: true }],
      entry: { file: 'remoteEntry.js', integrity: expect.stringMatching(/^sha384-/) },
    });
    expect(
      await readFile(
        join(dir, 'store', 'releases', 'games', version, 'static', 'chunk.abc.js'),
        'utf8',
      ),
    ).toContain('chunk of games');
    const c = await config();
    expect(c.remotes.games).toBe(`http://releases.test/releases/games/${version}/mf-manifest.json`);
    expect(c.remotes.guest).toBe('http://a.test/g/mf-manifest.json');
    expect(c.supabase).toEqual({ url: 'http://api.test', anonKey: 'k' });
    expect(c.releases.games?.integrity).toBe(record.entry.integrity);

    // the same bytes are the same release
    const again = await publishRelease({
      area: 'games',
      dist: await build('games'),
      store,
      by: 'x',
    });
    expect(again.version).toBe(version);
  });

  it('refuses a build whose React range the shell cannot satisfy, naming it, and leaves the pointer', async () => {
    const before = await store.readPointer();
    await expect(
      publishRelease({
        area: 'games',
        dist: await build('games', { react: '^20.0.0' }),
        store,
        by: 'x',
      }),
    ).rejects.toThrow('react: games needs ^20.0.0, the shell provides 19.3.1');
    expect(await store.readPointer()).toEqual(before);
  });

  it('refuses a shell that a live area does not fit', async () => {
    await publishRelease({
      area: 'games',
      dist: await build('games', { react: '^19.3.0' }),
      store,
      by: 'x',
    });
    const old = await build('shell');
    const manifest = JSON.parse(await readFile(join(old, 'mf-manifest.json'), 'utf8'));
    manifest.shared[0].version = '18.3.1';
    await writeFile(join(old, 'mf-manifest.json'), JSON.stringify(manifest));
    await expect(publishRelease({ area: 'shell', dist: old, store, by: 'x' })).rejects.toThrow(
      'react: games needs ^19.3.0, the shell provides 18.3.1',
    );
  });

  it('canary, promote and rollback move the pointer and keep the history', async () => {
    const v1 = (await publishRelease({ area: 'games', dist: await build('games'), store, by: 'a' }))
      .version;
    const v2 = (
      await publishRelease({
        area: 'games',
        dist: await build('games', { entry: 'v2' }),
        store,
        by: 'b',
        canaryPercent: 50,
      })
    ).version;
    let c = await config();
    expect(c.releases.games).toMatchObject({ version: v1, canary: { version: v2, percent: 50 } });
    await updatePointer(store, promoteChange({ area: 'games', by: 'b' }));
    c = await config();
    expect(c.releases.games?.version).toBe(v2);
    expect(c.releases.games?.canary).toBeUndefined();
    await rollback({ area: 'games', store, by: 'c' });
    c = await config();
    expect(c.remotes.games).toContain(`/releases/games/${v1}/`);
    expect(
      (c.releases.games as unknown as { fallbacks: { version: string }[] }).fallbacks.map(
        (f) => f.version,
      ),
    ).toEqual([v2]);
    await rollback({ area: 'games', store, by: 'c', version: v2 });
    expect((await store.readPointer()).areas.games?.live.version).toBe(v2);
    await expect(
      rollback({ area: 'games', store, by: 'c', version: 'feedfacefeedface' }),
    ).rejects.toThrow('games has no release feedfacefeedface in the store');
    const history = (await store.readPointer()).history.filter((h) => h.area === 'games');
    expect(history.map((h) => [h.action, h.by, h.version])).toEqual([
      ['release', 'a', v1],
      ['canary', 'b', v2],
      ['promote', 'b', v2],
      ['rollback', 'c', v1],
      ['rollback', 'c', v2],
    ]);
  });

  it('two releases of different areas at the same moment, from two processes, both land', async () => {
    const [games, lounge] = await Promise.all([build('games'), build('lounge')]);
    const before = (await store.readPointer()).revision;
    await Promise.all(
      [
        ['games', games],
        ['lounge', lounge],
      ].map(([area, dist]) =>
        run(
          process.execPath,
          [cli, 'release', area as string, '--dist', dist as string, '--by', area as string],
          {
            env: { ...process.env, ...env },
          },
        ),
      ),
    );
    const p = await store.readPointer();
    expect(p.revision).toBe(before + 2);
    expect(Object.keys(p.areas).sort()).toEqual(['games', 'lounge', 'shell']);
    expect(
      p.history
        .map((h) => h.area)
        .slice(-2)
        .sort(),
    ).toEqual(['games', 'lounge']);
    const c = await config();
    expect(c.remotes.games).toContain('/releases/games/');
    expect(c.remotes.lounge).toContain('/releases/lounge/');
  });

  it('many concurrent pointer changes in one process all land', async () => {
    const dists = await Promise.all(['guest', 'lounge', 'games', 'admin'].map((a) => build(a)));
    await Promise.all(
      ['guest', 'lounge', 'games', 'admin'].map((area, i) =>
        publishRelease({ area, dist: dists[i] as string, store, by: area }),
      ),
    );
    expect(Object.keys((await store.readPointer()).areas).sort()).toEqual([
      'admin',
      'games',
      'guest',
      'lounge',
      'shell',
    ]);
  });
});

import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { startFakeS3, type FakeS3 } from './fake-s3';
import { serveReleases } from './releases-mirror.mjs';
import { publishRelease, rollback, storeFromEnv, type ReleaseStore } from './releases-publish.mjs';
import { S3ReleaseStore, s3SettingsFromEnv } from './releases-s3.mjs';
import { releaseChange, updatePointer } from './releases-store.mjs';

const run = promisify(execFile);
const cli = join(import.meta.dirname, '..', '..', '..', 'tools', 'release', 'cli.mjs');

let dir: string;
let s3: FakeS3;
let env: NodeJS.ProcessEnv;
let store: ReleaseStore;

/** A build folder as rspack leaves it: manifest, entry, one chunk. */
async function build(name: string, entry = `/* ${name} */`) {
  const out = await mkdtemp(join(dir, `${name}-`));
  const isShell = name === 'shell';
  const react = { name: 'react', version: '19.3.1', singleton: true };
  await writeFile(
    join(out, 'mf-manifest.json'),
    JSON.stringify({
      name,
      metaData: { pluginVersion: '2.9.2' },
      shared: [
        isShell ? { ...react, requiredVersion: null } : { ...react, requiredVersion: '^19' },
      ],
      exposes: isShell ? [] : [{ name: 'App', path: './App' }],
    }),
  );
  if (!isShell) await writeFile(join(out, 'remoteEntry.js'), entry);
  await mkdir(join(out, 'static'), { recursive: true });
  await writeFile(join(out, 'static', 'chunk.abc.js'), `/* chunk of ${name} ${entry} */`);
  return out;
}

beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'bistro-releases-s3-'));
  s3 = await startFakeS3();
  await writeFile(
    join(dir, 'base-config.json'),
    JSON.stringify({ remotes: {}, supabase: { url: 'http://api.test', anonKey: 'k' } }),
  );
  env = {
    RELEASES_S3_ENDPOINT: s3.endpoint,
    RELEASES_S3_BUCKET: s3.bucket,
    RELEASES_S3_ACCESS_KEY_ID: s3.accessKeyId,
    RELEASES_S3_SECRET_ACCESS_KEY: s3.secretAccessKey,
    RELEASES_S3_PREFIX: 'venue/',
    // where a folder store would be: it must stay unused
    RELEASES_DIR: join(dir, 'not-used'),
    RELEASES_PUBLIC_URL: 'http://releases.test',
    RELEASES_BASE_CONFIG: join(dir, 'base-config.json'),
  };
  store = storeFromEnv(env);
  await publishRelease({ area: 'shell', dist: await build('shell'), store, by: 'ops' });
});

afterEach(async () => {
  await s3.close();
  await rm(dir, { recursive: true, force: true });
});

const object = (key: string) => s3.objects.get(`venue/${key}`)?.body.toString('utf8');

describe('the release store in a bucket', () => {
  it('publishes releases, the pointer and the runtime config into the bucket', async () => {
    expect(store.kind).toBe('s3');
    const { version } = await publishRelease({
      area: 'games',
      dist: await build('games'),
      store,
      by: 'team',
    });
    expect(object(`releases/games/${version}/remoteEntry.js`)).toBe('/* games */');
    expect(s3.objects.get(`venue/releases/games/${version}/remoteEntry.js`)?.type).toMatch(
      /javascript/,
    );
    const pointer = JSON.parse(object('pointer.json') ?? '{}');
    expect(pointer.areas.games.live.version).toBe(version);
    const config = JSON.parse(object('config.json') ?? '{}');
    expect(config.remotes.games).toBe(
      `http://releases.test/releases/games/${version}/mf-manifest.json`,
    );
    expect(config.releasesRevision).toBe(pointer.revision);
  });

  it('refuses a swap from a pointer someone changed since it was read (If-Match), and re-applies', async () => {
    const other = storeFromEnv(env);
    const stale = await store.readPointer();
    await publishRelease({ area: 'games', dist: await build('games'), store: other, by: 'b' });
    const refusedBefore = s3.refused;
    expect(
      await store.swapPointer(stale.revision, { ...stale, revision: stale.revision + 1 }),
    ).toBe(false);
    expect(s3.refused).toBe(refusedBefore + 1);
    // updatePointer re-reads and applies its change to the newest pointer: nothing is lost
    const lounge = await publishRelease({
      area: 'lounge',
      dist: await build('lounge'),
      store,
      by: 'a',
    });
    expect(Object.keys(lounge.pointer.areas).sort()).toEqual(['games', 'lounge', 'shell']);
  });

  it('refuses to create a pointer where one exists (If-None-Match: *)', async () => {
    const fresh = new S3ReleaseStore(s3SettingsFromEnv(env)!);
    expect(await fresh.swapPointer(0, { revision: 1, areas: {}, history: [] })).toBe(false);
  });

  it('two releases of different areas at the same moment, from two processes, both land', async () => {
    const [games, lounge] = await Promise.all([build('games'), build('lounge')]);
    const before = (await store.readPointer()).revision;
    await Promise.all(
      (['games', 'lounge'] as const).map((area) =>
        run(
          process.execPath,
          [cli, 'release', area, '--dist', area === 'games' ? games : lounge, '--by', area],
          { env: { ...process.env, ...env } },
        ),
      ),
    );
    const p = await store.readPointer();
    expect(p.revision).toBe(before + 2);
    expect(Object.keys(p.areas).sort()).toEqual(['games', 'lounge', 'shell']);
    const config = JSON.parse(object('config.json') ?? '{}');
    expect(config.releasesRevision).toBe(p.revision);
    expect(Object.keys(config.releases).sort()).toEqual(['games', 'lounge']);
  });

  it('many concurrent pointer changes in one process all land', async () => {
    const release = (area: string) =>
      releaseChange({
        area,
        release: { version: `${area}000000000000`.slice(0, 16), entryIntegrity: '' },
        by: area,
      });
    await Promise.all(
      ['guest', 'lounge', 'games', 'admin'].map((a) => updatePointer(store, release(a))),
    );
    expect(Object.keys((await store.readPointer()).areas).sort()).toEqual([
      'admin',
      'games',
      'guest',
      'lounge',
      'shell',
    ]);
  });

  it('the web server serves the releases from a local cache it fills from the bucket', async () => {
    const v1 = (
      await publishRelease({ area: 'games', dist: await build('games', 'one'), store, by: 'a' })
    ).version;
    const cache = join(dir, 'cache');
    const served = await serveReleases({ store, dir: cache, port: 0, intervalMs: 60_000 });
    try {
      const entry = await fetch(`${served.url}/releases/games/${v1}/remoteEntry.js`);
      expect(entry.status).toBe(200);
      expect(entry.headers.get('access-control-allow-origin')).toBe('*');
      expect(await entry.text()).toBe('one');
      const v2 = (
        await publishRelease({ area: 'games', dist: await build('games', 'two'), store, by: 'a' })
      ).version;
      await served.refresh();
      expect(await (await fetch(`${served.url}/releases/games/${v2}/remoteEntry.js`)).text()).toBe(
        'two',
      );
      let config = JSON.parse(await readFile(join(cache, 'config.json'), 'utf8'));
      expect(config.releases.games.version).toBe(v2);
      await rollback({ area: 'games', store, by: 'a' });
      await served.refresh();
      config = JSON.parse(await readFile(join(cache, 'config.json'), 'utf8'));
      expect(config.releases.games.version).toBe(v1);
    } finally {
      await served.close();
    }
  });

  it('every request is signed: a wrong secret is refused by the bucket', async () => {
    const wrong = storeFromEnv({ ...env, RELEASES_S3_SECRET_ACCESS_KEY: 'not-the-secret' });
    await expect(wrong.readPointer()).rejects.toThrow(/403 SignatureDoesNotMatch/);
  });
});

describe('s3SettingsFromEnv', () => {
  it('is null without a bucket, and names what is missing or malformed', () => {
    expect(s3SettingsFromEnv({})).toBeNull();
    expect(() => s3SettingsFromEnv({ RELEASES_S3_BUCKET: 'releases' })).toThrow(
      /RELEASES_S3_ACCESS_KEY_ID/,
    );
    const ok = {
      RELEASES_S3_BUCKET: 'releases',
      RELEASES_S3_ACCESS_KEY_ID: 'a',
      RELEASES_S3_SECRET_ACCESS_KEY: 'b',
    };
    expect(() => s3SettingsFromEnv({ ...ok, RELEASES_S3_ENDPOINT: 'ftp://x' })).toThrow(
      /RELEASES_S3_ENDPOINT/,
    );
    expect(() => s3SettingsFromEnv({ ...ok, RELEASES_S3_BUCKET: 'No_Such' })).toThrow(
      /not a valid bucket name/,
    );
    expect(s3SettingsFromEnv({ ...ok, RELEASES_S3_PREFIX: '/a/b/' })).toMatchObject({
      prefix: 'a/b/',
      forcePathStyle: false,
      region: 'us-east-1',
    });
  });
});

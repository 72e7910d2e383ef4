// Serving a release store that is not a local folder (a bucket): a local cache the web server
// fills from it. Every release the pointer names (live, canary, earlier good ones) is copied
// into <dir>/releases/<area>/<version>/ (release.json last, so a folder without one is an
// unfinished copy, fetched again), then the store's config.json: the config never names a
// release whose files are not here yet. Release folders are immutable, so a copy is made once.
import { randomUUID } from 'node:crypto';
import { mkdir, rename, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';
import { serveDist } from './serve-dist.mjs';

/** @typedef {import('./releases-publish.mjs').ReleaseStore} ReleaseStore */

/** @param {string} dir @param {string} key @param {Uint8Array} bytes */
async function writeWhole(dir, key, bytes) {
  const file = normalize(join(dir, key));
  if (!file.startsWith(normalize(dir) + sep)) throw new Error(`unsafe key ${key}`);
  await mkdir(dirname(file), { recursive: true });
  const tmp = `${file}.${randomUUID()}.tmp`;
  await writeFile(tmp, bytes);
  await rename(tmp, file);
}

/**
 * Brings `dir` up to the store's pointer; answers the pointer's revision.
 * @param {ReleaseStore} store @param {string} dir
 */
export async function mirrorReleases(store, dir) {
  const pointer = await store.readPointer();
  for (const [area, p] of Object.entries(pointer.areas)) {
    const releases = [p.live, ...(p.canary ? [p.canary] : []), ...(p.good ?? [])];
    for (const { version } of releases) {
      if (!/^[0-9a-f]{16}$/.test(version)) continue; // never a key a hand edit could aim elsewhere
      const folder = `releases/${area}/${version}`;
      if (await stat(join(dir, folder, 'release.json')).catch(() => null)) continue;
      const recordBytes = await store.get(`${folder}/release.json`);
      if (!recordBytes) continue; // not (yet) in the store: the shell falls back past it
      const record = JSON.parse(Buffer.from(recordBytes).toString('utf8'));
      for (const f of /** @type {string[]} */ (record.files ?? [])) {
        const bytes = await store.get(`${folder}/${f}`);
        if (!bytes) throw new Error(`release store: ${folder}/${f} is missing`);
        await writeWhole(dir, `${folder}/${f}`, bytes);
      }
      await writeWhole(dir, `${folder}/release.json`, recordBytes);
    }
  }
  const config = await store.get('config.json');
  if (config) await writeWhole(dir, 'config.json', config);
  return pointer.revision;
}

/**
 * Serves the releases of `store` from the cache `dir` (as a static host, CORS open), refreshing
 * it every `intervalMs`; `<dir>/config.json` is the shell's runtime config to serve
 * (`serveDist({ configFile })`). A failed refresh keeps serving what is cached and is logged.
 * @param {{ store: ReleaseStore, dir: string, port: number, host?: string, intervalMs?: number }} options
 * @returns {Promise<import('./serve-dist.mjs').RunningServer & { refresh: () => Promise<number> }>}
 */
export async function serveReleases({ store, dir, port, host, intervalMs = 5000 }) {
  await mkdir(dir, { recursive: true });
  /** @type {Promise<number> | null} */
  let running = null;
  const refresh = () => {
    running ??= mirrorReleases(store, dir).finally(() => {
      running = null;
    });
    return running;
  };
  await refresh();
  const timer = setInterval(() => {
    refresh().catch((e) =>
      console.error(
        `[releases] refreshing from the store failed: ${e instanceof Error ? e.message : e}`,
      ),
    );
  }, intervalMs);
  timer.unref();
  const server = await serveDist({ dist: dir, port, cors: true, ...(host ? { host } : {}) });
  return {
    ...server,
    refresh,
    close: async () => {
      clearInterval(timer);
      await server.close();
    },
  };
}

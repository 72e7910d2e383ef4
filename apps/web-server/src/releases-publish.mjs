// Publishing one area's build as an immutable release and moving the release pointer
// (used by tools/release/cli.mjs: npm run release / promote / rollback).
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { contractMismatches, SHELL_LOADS } from './releases-contract.mjs';
import { releasesRuntimeConfig } from './releases-config.mjs';
import { S3ReleaseStore, s3SettingsFromEnv } from './releases-s3.mjs';
import {
  integrityOf,
  LocalReleaseStore,
  releaseChange,
  rollbackChange,
  updatePointer,
} from './releases-store.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
export const AREAS = ['shell', 'guest', 'lounge', 'games', 'admin'];

/** Every file under `dir`, relative, '/'-separated, sorted. @param {string} dir */
async function filesUnder(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => relative(dir, join(e.parentPath, e.name)).split(sep).join('/'))
    .sort();
}

/** @typedef {LocalReleaseStore | S3ReleaseStore} ReleaseStore */

/**
 * The release store the settings name: a bucket when RELEASES_S3_BUCKET is set (with the other
 * RELEASES_S3_* settings), else the folder RELEASES_DIR.
 * @param {NodeJS.ProcessEnv} env
 * @returns {ReleaseStore}
 */
export function storeFromEnv(env = process.env) {
  const dir = env.RELEASES_DIR || join(root, '.data', 'releases');
  const publicUrl = env.RELEASES_PUBLIC_URL || 'http://127.0.0.1:4210';
  const baseFile = env.RELEASES_BASE_CONFIG || join(root, 'apps', 'shell', 'dist', 'config.json');
  /** @param {import('./releases-store.mjs').Pointer} next */
  const onSwap = async (next) => {
    const base = JSON.parse(await readFile(baseFile, 'utf8').catch(() => '{}'));
    await store.put(
      'config.json',
      JSON.stringify(releasesRuntimeConfig(next, base, publicUrl), null, 2) + '\n',
    );
  };
  const s3 = s3SettingsFromEnv(env);
  /** @type {ReleaseStore} */
  const store = s3 ? new S3ReleaseStore(s3, { onSwap }) : new LocalReleaseStore(dir, { onSwap });
  return store;
}

/** @param {ReleaseStore} store @param {string} key */
async function json(store, key) {
  const bytes = await store.get(key);
  return bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : null;
}

/**
 * Publishes the build in `dist` as a release of `area` and makes it live (or a canary).
 * Refuses (throws, naming each mismatch) when it breaks the contract with the released shell,
 * or, for the shell, with any released area.
 * @param {{ area: string, dist: string, store: ReleaseStore, by: string, canaryPercent?: number, commit?: string }} a
 */
export async function publishRelease({ area, dist, store, by, canaryPercent, commit }) {
  const files = await filesUnder(dist);
  const manifest = JSON.parse(await readFile(join(dist, 'mf-manifest.json'), 'utf8'));
  const hash = createHash('sha256');
  /** @type {Map<string, Buffer>} */
  const bytes = new Map();
  for (const f of files) {
    if (f === 'config.json') continue; // the deployment's, never part of a release
    const b = await readFile(join(dist, f));
    bytes.set(f, b);
    hash.update(`${f}\0${createHash('sha256').update(b).digest('hex')}\n`);
  }
  const version = hash.digest('hex').slice(0, 16);
  const entryFile = area === 'shell' ? null : 'remoteEntry.js';
  const entry = entryFile ? bytes.get(entryFile) : undefined;
  if (entryFile && !entry) throw new Error(`${dist} has no ${entryFile}`);

  // the contract, against what is live now
  const pointer = await store.readPointer();
  /** @type {string[]} */
  const problems = [];
  if (area === 'shell') {
    for (const [other, p] of Object.entries(pointer.areas)) {
      if (other === 'shell') continue;
      for (const r of p.canary ? [p.live, p.canary] : [p.live]) {
        const m = await json(store, `releases/${other}/${r.version}/mf-manifest.json`);
        if (m)
          problems.push(...contractMismatches({ area: m, shell: manifest, loads: SHELL_LOADS }));
      }
    }
  } else {
    const live = pointer.areas.shell?.live.version;
    const shell = live
      ? await json(store, `releases/shell/${live}/mf-manifest.json`)
      : JSON.parse(
          await readFile(join(root, 'apps', 'shell', 'dist', 'mf-manifest.json'), 'utf8').catch(
            () => 'null',
          ),
        );
    if (!shell) problems.push('no shell to check against: release the shell first (or build it)');
    else problems.push(...contractMismatches({ area: manifest, shell, loads: SHELL_LOADS }));
  }
  if (problems.length)
    throw new Error(`release of ${area} refused:\n${problems.map((p) => `  - ${p}`).join('\n')}`);

  // the files (immutable: the same version is the same bytes, so a re-release writes nothing)
  const folder = `releases/${area}/${version}`;
  if (!(await store.exists(`${folder}/release.json`))) {
    for (const [f, b] of bytes) await store.put(`${folder}/${f}`, b);
    const record = {
      area,
      version,
      commit: commit ?? gitCommit(),
      builtAt: new Date().toISOString(),
      by,
      moduleFederation: manifest.metaData?.pluginVersion ?? null,
      shared: (manifest.shared ?? []).map((/** @type {any} */ s) => ({
        name: s.name,
        version: s.version,
        requiredVersion: s.requiredVersion ?? null,
        singleton: Boolean(s.singleton),
      })),
      exposes: (manifest.exposes ?? []).map((/** @type {any} */ e) => e.path ?? `./${e.name}`),
      entry: entryFile
        ? { file: entryFile, integrity: integrityOf(/** @type {Buffer} */ (entry)) }
        : null,
      files: [...bytes.keys()],
    };
    // the record last: a folder without one is an unfinished upload, never live
    await store.put(`${folder}/release.json`, JSON.stringify(record, null, 2) + '\n');
  }
  const record = await json(store, `${folder}/release.json`);
  const release = { version, entryIntegrity: record.entry?.integrity ?? '' };
  const next = await updatePointer(
    store,
    releaseChange({ area, release, by, ...(canaryPercent !== undefined ? { canaryPercent } : {}) }),
  );
  return { version, record, pointer: next };
}

/** The release `version` of `area` in the store, as the pointer names it. @param {ReleaseStore} store @param {string} area @param {string} version */
export async function storedRelease(store, area, version) {
  if (!/^[0-9a-f]{16}$/.test(version)) return null;
  const record = await json(store, `releases/${area}/${version}/release.json`);
  return record ? { version, entryIntegrity: record.entry?.integrity ?? '' } : null;
}

/** Makes an earlier release live again (see rollbackChange). @param {{ area: string, store: ReleaseStore, by: string, version?: string | undefined }} a */
export async function rollback({ area, store, by, version }) {
  const p = await store.readPointer();
  // every version this rollback might pick, read before the swap (the change itself is pure)
  const known = new Set(
    p.history.filter((h) => h.area === area).flatMap((h) => [h.version, h.previous]),
  );
  if (version) known.add(version);
  /** @type {Map<string, {version: string, entryIntegrity: string}>} */
  const releases = new Map();
  for (const v of known) {
    if (!v) continue;
    const r = await storedRelease(store, area, v);
    if (r) releases.set(v, r);
  }
  return updatePointer(
    store,
    rollbackChange({
      area,
      by,
      ...(version ? { version } : {}),
      releaseOf: (v) => releases.get(v) ?? null,
    }),
  );
}

function gitCommit() {
  try {
    return execFileSync('git', ['rev-parse', 'HEAD'], { cwd: root, encoding: 'utf8' }).trim();
  } catch {
    return null;
  }
}

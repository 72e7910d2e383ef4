// The release store: immutable release folders (releases/<area>/<version>/...) and one pointer
// document (pointer.json) naming the live release of each area and the shell, with history.
// The pointer changes only by compare-and-swap on its revision, so two teams releasing at
// once both land (the loser re-reads and re-applies) or one is told to retry.
import { createHash, randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, rmdir, stat, writeFile } from 'node:fs/promises';
import { dirname, join, normalize, sep } from 'node:path';

/**
 * @typedef {object} LiveRelease
 * @property {string} version the content hash of the release folder
 * @property {string} entryIntegrity sha384-<base64> of its remoteEntry.js
 *
 * @typedef {object} AreaPointer
 * @property {LiveRelease} live
 * @property {LiveRelease | null} [canary] served to `percent` of browsers until promoted
 * @property {number} [canaryPercent]
 * @property {LiveRelease[]} [good] releases live before this one, newest first: where the shell
 *   falls back when the live release fails its checks in the browser
 *
 * @typedef {object} HistoryEntry
 * @property {string} at ISO time
 * @property {string} by who ran the command
 * @property {'release' | 'canary' | 'promote' | 'rollback'} action
 * @property {string} area
 * @property {string} version
 * @property {string | null} previous the version live before
 *
 * @typedef {object} Pointer
 * @property {number} revision bumped by every change
 * @property {Record<string, AreaPointer>} areas
 * @property {HistoryEntry[]} history newest last
 */

/** @returns {Pointer} */
export const emptyPointer = () => ({ revision: 0, areas: {}, history: [] });

/** Thrown when the pointer kept changing under us: the caller should run the command again. */
export class PointerConflict extends Error {}

/** sha384-<base64> of some bytes (the form of a script's integrity attribute). */
export const integrityOf = (/** @type {Uint8Array} */ bytes) =>
  `sha384-${createHash('sha384').update(bytes).digest('base64')}`;

/** A store in a local folder. */
export class LocalReleaseStore {
  /**
   * @param {string} dir
   * @param {{ onSwap?: (next: Pointer) => Promise<void> }} [options] runs under the pointer's
   *   lock after each swap (writes the runtime config the pointer implies, in revision order)
   */
  constructor(dir, options = {}) {
    this.dir = dir;
    this.kind = 'local';
    this.onSwap = options.onSwap;
  }

  /** @param {string} key */
  #path(key) {
    const p = normalize(join(this.dir, key));
    if (!p.startsWith(normalize(this.dir) + sep)) throw new Error(`unsafe key ${key}`);
    return p;
  }

  /** @param {string} key @returns {Promise<Uint8Array | null>} */
  async get(key) {
    return readFile(this.#path(key)).catch((e) => {
      if (e.code === 'ENOENT') return null;
      throw e;
    });
  }

  /** @param {string} key */
  async exists(key) {
    return (await stat(this.#path(key)).catch(() => null)) !== null;
  }

  /** Writes whole (temporary file, then rename): a reader sees the old or the new bytes. @param {string} key @param {Uint8Array | string} bytes */
  async put(key, bytes) {
    const p = this.#path(key);
    await mkdir(dirname(p), { recursive: true });
    const tmp = `${p}.${randomUUID()}.tmp`;
    await writeFile(tmp, bytes);
    await rename(tmp, p);
  }

  /** @returns {Promise<Pointer>} */
  async readPointer() {
    const bytes = await this.get('pointer.json');
    return bytes ? JSON.parse(Buffer.from(bytes).toString('utf8')) : emptyPointer();
  }

  /**
   * Replaces the pointer if its revision is still `expected`; false when someone changed it
   * first. A lock folder (mkdir is atomic) makes read-compare-write one step between processes.
   * @param {number} expected @param {Pointer} next
   */
  async swapPointer(expected, next) {
    const lock = this.#path('pointer.lock');
    await mkdir(this.dir, { recursive: true });
    for (let i = 0; ; i++) {
      try {
        await mkdir(lock);
        break;
      } catch (e) {
        if (/** @type {NodeJS.ErrnoException} */ (e).code !== 'EEXIST') throw e;
        // a lock older than 30 s belongs to a process that died while holding it
        const info = await stat(lock).catch(() => null);
        if (info && Date.now() - info.mtimeMs > 30_000) await rmdir(lock).catch(() => undefined);
        if (i > 200) return false;
        await new Promise((r) => setTimeout(r, 10 + Math.random() * 20));
      }
    }
    try {
      const current = await this.readPointer();
      if (current.revision !== expected) return false;
      await this.put('pointer.json', JSON.stringify(next, null, 2) + '\n');
      if (this.onSwap) await this.onSwap(next);
      return true;
    } finally {
      await rm(lock, { recursive: true, force: true });
    }
  }
}

/**
 * Applies `change` to the newest pointer and swaps it in; on a conflict re-reads and applies
 * again (up to `attempts` times), so concurrent changes to different areas all land.
 * @param {{ readPointer(): Promise<Pointer>, swapPointer(expected: number, next: Pointer): Promise<boolean> }} store
 * @param {(p: Pointer) => Pointer} change pure: returns the next pointer (may throw to refuse)
 */
export async function updatePointer(store, change, attempts = 20) {
  for (let i = 0; i < attempts; i++) {
    const current = await store.readPointer();
    const next = change(structuredClone(current));
    next.revision = current.revision + 1;
    if (await store.swapPointer(current.revision, next)) return next;
  }
  throw new PointerConflict('the release pointer kept changing; run the command again');
}

const KEEP_GOOD = 5;

/** The fallbacks after `next` goes live in place of `current`. @param {AreaPointer | undefined} current @param {LiveRelease} next */
const goodAfter = (current, next) =>
  current
    ? [current.live, ...(current.good ?? [])]
        .filter(
          (r, i, all) =>
            r.version !== next.version && all.findIndex((o) => o.version === r.version) === i,
        )
        .slice(0, KEEP_GOOD)
    : [];

/** @param {Pointer} p @param {Omit<HistoryEntry, 'at'>} entry */
const log = (p, entry) => p.history.push({ at: new Date().toISOString(), ...entry });

/**
 * Makes `release` live for `area` (or a canary for `percent` of browsers).
 * @param {{ area: string, release: LiveRelease, by: string, canaryPercent?: number }} a
 * @returns {(p: Pointer) => Pointer}
 */
export const releaseChange =
  ({ area, release, by, canaryPercent }) =>
  (p) => {
    const current = p.areas[area];
    const previous = current?.live.version ?? null;
    if (canaryPercent !== undefined && canaryPercent < 100) {
      if (!current) throw new Error(`${area} has no live release yet; release it fully first`);
      if (current.live.version === release.version)
        throw new Error(`${area} ${release.version} is already live for every browser`);
      p.areas[area] = { ...current, canary: release, canaryPercent };
      log(p, { by, action: 'canary', area, version: release.version, previous });
    } else {
      p.areas[area] = { live: release, canary: null, good: goodAfter(current, release) };
      log(p, { by, action: 'release', area, version: release.version, previous });
    }
    return p;
  };

/** Makes the canary of `area` live for every browser. @param {{ area: string, by: string }} a */
export const promoteChange =
  ({ area, by }) =>
  (/** @type {Pointer} */ p) => {
    const current = p.areas[area];
    if (!current?.canary) throw new Error(`${area} has no canary to promote`);
    const previous = current.live.version;
    p.areas[area] = {
      live: current.canary,
      canary: null,
      good: goodAfter(current, current.canary),
    };
    log(p, { by, action: 'promote', area, version: current.canary.version, previous });
    return p;
  };

/**
 * Makes an earlier release of `area` live again: `version`, or the one live before the
 * current one. Drops a running canary.
 * @param {{ area: string, by: string, version?: string, releaseOf: (version: string) => LiveRelease | null }} a
 */
export const rollbackChange =
  ({ area, by, version, releaseOf }) =>
  (/** @type {Pointer} */ p) => {
    const current = p.areas[area];
    if (!current) throw new Error(`${area} has no release to roll back`);
    const target = version ?? previousVersion(p, area);
    if (!target) throw new Error(`${area} has no earlier release to roll back to`);
    const release = releaseOf(target);
    if (!release) throw new Error(`${area} has no release ${target} in the store`);
    p.areas[area] = { live: release, canary: null, good: goodAfter(current, release) };
    log(p, { by, action: 'rollback', area, version: target, previous: current.live.version });
    return p;
  };

/** The version that was live before the current live one, from the history. @param {Pointer} p @param {string} area */
export function previousVersion(p, area) {
  const live = p.areas[area]?.live.version;
  for (let i = p.history.length - 1; i >= 0; i--) {
    const h = /** @type {HistoryEntry} */ (p.history[i]);
    if (h.area !== area || h.action === 'canary' || h.version !== live) continue;
    return h.previous && h.previous !== live ? h.previous : null;
  }
  return null;
}

// What the shell's page carries besides its build output, so the route's
// content does not wait on a chain of round trips: the runtime config inline,
// and resource hints for the code of the remote that owns the page's path.
//
// Which remote owns a path comes from the shell's build (route-owners.json,
// written from libs/ui's route table); which files that remote's App needs comes
// from its mf-manifest.json, fetched from the URL in the runtime config and
// kept for a few seconds. A missing table or an unreachable manifest only means
// no hints: the page is the same, and the shell loads the area as it always does.

import { originOf } from './headers.mjs';

/** @typedef {import('./headers.mjs').RuntimeConfig} RuntimeConfig */

/** The id of the page's inline runtime config (read by libs/data's runtime config). */
export const inlineConfigId = 'runtime-config';

/**
 * A `<script type="application/json">` block. Not executed, so the CSP does
 * not apply to it (a nonce, when given, marks it as the server's); `<` is
 * escaped so nothing in the JSON can end the block (`</script>`) or open a
 * comment.
 * @param {string} id
 * @param {unknown} value
 * @param {string} [nonce]
 */
export function inlineJsonScript(id, value, nonce) {
  const json = JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
  const nonceAttribute = nonce ? ` nonce="${attribute(nonce)}"` : '';
  return `<script type="application/json" id="${id}"${nonceAttribute}>${json}</script>`;
}

/**
 * The runtime config, inline (see `inlineJsonScript`).
 * @param {unknown} config
 */
export function inlineConfigScript(config) {
  return inlineJsonScript(inlineConfigId, config);
}

/**
 * @param {string} text
 * @returns {string} `text` safe inside a double-quoted HTML attribute
 */
function attribute(text) {
  return text
    .replace(/&/g, '&amp;')
    .replace(/"/g, '&quot;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');
}

/**
 * The owner of a URL path in a route table (path -> area), as libs/ui's
 * findRoute reads it: a trailing slash is ignored; unknown paths have none.
 * @param {Record<string, string>} owners
 * @param {string} pathname
 * @returns {string | null}
 */
export function ownerOf(owners, pathname) {
  const path = pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
  return Object.hasOwn(owners, path) ? (owners[path] ?? null) : null;
}

/**
 * The scripts the shell's runtime loads for a remote's App, in load order: the
 * remoteEntry.js beside the manifest (the shell registers each remote so,
 * apps/shell/src/features/remotes/federation.ts) and the exposed App module's
 * synchronous chunks, resolved as the remote's runtime resolves them (its
 * publicPath, or with "auto" the folder of remoteEntry.js). Its lazily loaded
 * chunks (pages other than the first, dialogs) are left out: the page may never
 * need them. Throws on a manifest without an App.
 * @param {string} manifestUrl
 * @param {unknown} manifest
 * @returns {string[]}
 */
export function appScriptsOf(manifestUrl, manifest) {
  const entry = new URL('remoteEntry.js', manifestUrl).href;
  const publicPath = field(field(manifest, 'metaData'), 'publicPath');
  const base =
    typeof publicPath === 'string' && publicPath !== 'auto'
      ? new URL(publicPath, entry).href
      : entry;
  const exposes = field(manifest, 'exposes');
  const app = Array.isArray(exposes)
    ? exposes.find((e) => field(e, 'name') === 'App' || field(e, 'path') === './App')
    : undefined;
  const sync = field(field(field(app, 'assets'), 'js'), 'sync');
  if (!Array.isArray(sync) || !sync.every((file) => typeof file === 'string')) {
    throw new Error(`${manifestUrl}: no App module with its chunks`);
  }
  return [entry, ...sync.map((file) => new URL(file, base).href)];
}

/**
 * @param {unknown} value
 * @param {string} key
 * @returns {unknown} `value[key]` when `value` is an object, else undefined
 */
function field(value, key) {
  return typeof value === 'object' && value !== null && Object.hasOwn(value, key)
    ? /** @type {Record<string, unknown>} */ (value)[key]
    : undefined;
}

/**
 * @typedef {object} ManifestEntry
 * @property {string[] | null} scripts null after a failed fetch
 * @property {number} at when it was fetched (ms)
 * @property {Promise<void> | null} refreshing
 */

/**
 * Remote manifests fetched by URL and kept `freshMs`; a stale one is used while
 * a fresh copy is fetched in the background, so only the first page served for
 * a remote waits, at most `timeoutMs`. A failure is remembered as "no hints"
 * for `freshMs` before the next try (awaited, as the remote may just have come up).
 */
export class ManifestCache {
  /** @type {Map<string, ManifestEntry>} */
  entries = new Map();

  /**
   * @param {{ timeoutMs?: number, freshMs?: number, fetchImpl?: typeof fetch }} [options]
   */
  constructor({ timeoutMs = 300, freshMs = 5000, fetchImpl = fetch } = {}) {
    this.timeoutMs = timeoutMs;
    this.freshMs = freshMs;
    this.fetchImpl = fetchImpl;
  }

  /**
   * The App scripts of the remote whose manifest is at `url`, or null when unknown.
   * A first fetch is awaited `timeoutMs`, or until `until` settles when that is
   * later (a server-rendered page's head waits as long as its markup does: the
   * head then leaves with the hints, never later than the markup).
   * @param {string} url
   * @param {{ until?: Promise<unknown> }} [options]
   * @returns {Promise<string[] | null>}
   */
  async scriptsOf(url, { until } = {}) {
    let entry = this.entries.get(url);
    const now = Date.now();
    if (entry && now - entry.at < this.freshMs) return entry.scripts;
    if (!entry) {
      entry = { scripts: null, at: 0, refreshing: null };
      this.entries.set(url, entry);
    }
    const refresh = this.#refresh(url, entry);
    // A stale list is better than waiting; a page never waits on a remote that failed just now.
    if (entry.scripts) return entry.scripts;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    const timeout = new Promise((resolve) => (timer = setTimeout(resolve, this.timeoutMs)));
    const limit = until ? Promise.all([timeout, until.catch(() => undefined)]) : timeout;
    await Promise.race([refresh, limit]);
    clearTimeout(timer);
    return entry.scripts;
  }

  /**
   * @param {string} url
   * @param {ManifestEntry} entry
   */
  #refresh(url, entry) {
    entry.refreshing ??= (async () => {
      /** @type {string[] | null} */
      let scripts = null;
      try {
        const response = await this.fetchImpl(url, { signal: AbortSignal.timeout(5000) });
        if (response.ok) scripts = appScriptsOf(url, await response.json());
      } catch {
        scripts = null;
      }
      // A failure drops the last list too: its files may be gone with the remote.
      entry.scripts = scripts;
      entry.at = Date.now();
      entry.refreshing = null;
    })();
    return entry.refreshing;
  }
}

/**
 * The `<link>` hints for a page: preload of the owning remote's App scripts
 * (classic scripts fetched without CORS, as the runtime's `<script>` tags are,
 * so the later load uses the preloaded response) and preconnect to the API and
 * to remote origins other than the page's own.
 * @param {{ pageOrigin: string | null, config: RuntimeConfig | null, scripts: string[] | null, remoteOrigin: string | null }} page
 */
export function hintTags({ pageOrigin, config, scripts, remoteOrigin }) {
  const tags = [];
  const api = config?.supabase?.url ? originOf(config.supabase.url) : null;
  // The API is called with fetch() in CORS mode without credentials: its own connection pool.
  if (api && api !== pageOrigin)
    tags.push(`<link rel="preconnect" href="${attribute(api)}" crossorigin>`);
  if (remoteOrigin && remoteOrigin !== pageOrigin) {
    tags.push(`<link rel="preconnect" href="${attribute(remoteOrigin)}">`);
  }
  for (const script of scripts ?? []) {
    tags.push(`<link rel="preload" as="script" href="${attribute(script)}">`);
  }
  return tags.join('');
}

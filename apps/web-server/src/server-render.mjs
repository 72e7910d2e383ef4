// Server rendering of the shell's pages: the route's markup, its data and its
// styles in the first response, which the browser then hydrates.
//
// The renderer is the shell's server build (`server/main.cjs` in the shell's
// dist, reloaded when a new shell is deployed); it loads the area that owns
// the page from that area's server build (`server/remoteEntry.js` beside the
// area's mf-manifest.json in the runtime config) through the Module
// Federation runtime. Each area's entry is revalidated on every page
// (a conditional GET: a 304 costs a round trip on the local network), and a
// changed one is handed to the renderer under a new URL, so an area deployed
// alone is rendered by the running server on the next request. Anything that
// fails (no server build, an area unreachable, a render error) leaves the page
// to the browser, as before: the static first screen and the client's render.

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { inlineJsonScript } from './page-hints.mjs';

const require = createRequire(import.meta.url);

/** The id of the page's dehydrated query cache (read by the shell's bootstrap). */
export const queryStateId = 'query-state';

/**
 * @typedef {object} RenderRequest
 * @property {string} url
 * @property {{ url: string, anonKey: string } | null} supabase
 * @property {Record<string, string>} remotes
 * @property {string} nonce
 * @property {{ accessToken: string } | null} [session] the member's verified session, from the request's cookie
 */
/**
 * @typedef {object} RenderResult
 * @property {NodeJS.ReadableStream} body
 * @property {() => string} state
 */
/**
 * @typedef {object} ShellServerBuild
 * @property {(request: RenderRequest) => Promise<RenderResult | null>} renderPage
 * @property {(pathname: string, options?: { member?: boolean }) => boolean} [rendersOnServer]
 * @property {(request: { supabase: RenderRequest['supabase'], remotes: Record<string, string> }) => Promise<void>} [warmUp]
 * @property {readonly string[]} [serverRenderedAreas]
 */

/**
 * @typedef {object} EntryVersion
 * @property {string | null} etag
 * @property {string | null} url the versioned URL handed to the renderer; null when unreachable
 */

/**
 * The shell's server build loaded in this process, by file: one at a time,
 * shared by every server of the process that renders with it.
 * @type {Map<string, { key: string | null, build: ShellServerBuild | null }>}
 */
const shellBuilds = new Map();

/**
 * Empties the Module Federation runtime's process-wide state (its instances,
 * share scopes and loaded containers live on globalThis, in properties that
 * cannot be deleted), so a newly deployed shell build starts with its own
 * singletons rather than the last build's.
 */
function resetFederationGlobals() {
  const scope = /** @type {Record<string, unknown>} */ (globalThis);
  /** @param {unknown} value */
  const empty = (value) => {
    if (Array.isArray(value)) value.length = 0;
    else if (value instanceof Map || value instanceof Set) value.clear();
    else if (value && typeof value === 'object') {
      const record = /** @type {Record<string, unknown>} */ (value);
      for (const key of Object.keys(record)) delete record[key];
    }
  };
  const federation = scope['__FEDERATION__'];
  if (federation && typeof federation === 'object') {
    for (const value of Object.values(federation)) empty(value);
  }
  empty(scope['__GLOBAL_LOADING_REMOTE_ENTRY__']);
  // the remotes' containers, each under its name (their server builds' library name)
  for (const name of ['guest', 'lounge', 'games', 'admin']) {
    if (Object.getOwnPropertyDescriptor(scope, name)?.configurable) delete scope[name];
  }
}

export class ServerRenderer {
  /** @type {Map<string, EntryVersion>} */
  #entries = new Map();

  /**
   * @param {{ dist: string, log?: (message: string) => void, fetchImpl?: typeof fetch, timeoutMs?: number }} options
   */
  constructor({
    dist,
    log = (message) => console.warn(message),
    fetchImpl = fetch,
    timeoutMs = 2000,
  }) {
    this.file = join(dist, 'server', 'main.cjs');
    this.log = log;
    this.fetchImpl = fetchImpl;
    this.timeoutMs = timeoutMs;
  }

  /** The shell's server build, reloaded when its file changes; null when there is none or it fails. */
  async shellBuild() {
    const info = await stat(this.file).catch(() => null);
    const key = info ? `${info.size}-${info.mtimeMs}` : null;
    const loaded = shellBuilds.get(this.file);
    if (loaded && key === loaded.key) return loaded.build;
    /** @type {ShellServerBuild | null} */
    let build = null;
    if (key) {
      try {
        if (shellBuilds.size > 0) resetFederationGlobals();
        shellBuilds.clear();
        delete require.cache[require.resolve(this.file)];
        build = /** @type {ShellServerBuild} */ (require(this.file));
        if (typeof build.renderPage !== 'function') throw new Error('no renderPage export');
      } catch (error) {
        this.log(
          `server rendering off: the shell's server build failed to load (${describe(error)})`,
        );
        build = null;
      }
    }
    shellBuilds.set(this.file, { key, build });
    // every server-build entry is loaded afresh by the new runtime
    this.#entries.clear();
    return build;
  }

  /**
   * The URL of an area's server build as the renderer should load it: the
   * entry beside its manifest, with its current version in the query; null
   * when it cannot be fetched.
   * @param {string} manifestUrl
   */
  async serverEntryOf(manifestUrl) {
    const entry = new URL('server/remoteEntry.js', manifestUrl).href;
    const known = this.#entries.get(entry);
    /** @type {Record<string, string>} */
    const headers = known?.etag ? { 'If-None-Match': known.etag } : {};
    try {
      const request = () =>
        this.fetchImpl(entry, { headers, signal: AbortSignal.timeout(this.timeoutMs) });
      // A kept-alive connection the remote's server has just closed fails at once: one more try.
      const response = await request().catch((/** @type {unknown} */ error) => {
        if (error instanceof Error && error.name === 'TimeoutError') throw error;
        return request();
      });
      if (response.status === 304 && known?.url) return known.url;
      if (!response.ok) throw new Error(`HTTP ${response.status}`);
      const body = Buffer.from(await response.arrayBuffer());
      const version = createHash('sha256').update(body).digest('hex').slice(0, 16);
      const url = `${entry}?v=${version}`;
      this.#entries.set(entry, { etag: response.headers.get('etag'), url });
      return url;
    } catch (error) {
      if (known?.url !== null) {
        this.log(`server rendering off for ${entry}: ${describe(error)}`);
      }
      this.#entries.set(entry, { etag: null, url: null });
      return null;
    }
  }

  /**
   * Loads the server builds of the areas whose pages render on the server, so
   * the first page of each does not wait for its code (called when a runtime
   * config is read). Failures only mean that page loads the code itself.
   * @param {import('./headers.mjs').RuntimeConfig | null} config
   */
  async warm(config) {
    const build = await this.shellBuild();
    if (!build?.warmUp || !config) return;
    /** @type {Record<string, string>} */
    const remotes = {};
    for (const name of build.serverRenderedAreas ?? []) {
      const manifest = config.remotes?.[name];
      const entry = manifest ? await this.serverEntryOf(manifest) : null;
      if (entry) remotes[name] = entry;
    }
    try {
      await build.warmUp({ supabase: supabaseOf(config), remotes });
    } catch (error) {
      this.log(`the areas' server builds could not be loaded ahead: ${describe(error)}`);
    }
  }

  /**
   * Renders the page into `#root`, or returns null when the browser must render it.
   * @param {{ url: string, owner: string | null, config: import('./headers.mjs').RuntimeConfig | null, nonce: string, session?: { accessToken: string } | null }} page
   * @returns {Promise<{ body: NodeJS.ReadableStream, state: () => string } | null>}
   */
  async render({ url, owner, config, nonce, session = null }) {
    const build = await this.shellBuild();
    if (!build || !config) return null;
    if (
      build.rendersOnServer &&
      !build.rendersOnServer(new URL(url, 'http://localhost').pathname, {
        member: session !== null,
      })
    ) {
      return null;
    }
    /** @type {Record<string, string>} */
    const remotes = {};
    if (owner && owner !== 'shell') {
      const manifest = config.remotes?.[owner];
      const entry = manifest ? await this.serverEntryOf(manifest) : null;
      if (!entry) return null;
      remotes[owner] = entry;
    }
    const supabase = supabaseOf(config);
    try {
      return await build.renderPage({ url, supabase, remotes, nonce, session });
    } catch (error) {
      this.log(`server rendering of ${url} failed, the browser renders it: ${describe(error)}`);
      return null;
    }
  }
}

/**
 * The backend a render reads, from the runtime config; null without one.
 * @param {import('./headers.mjs').RuntimeConfig} config
 */
function supabaseOf(config) {
  return config.supabase?.url && config.supabase.anonKey
    ? { url: config.supabase.url, anonKey: config.supabase.anonKey }
    : null;
}

/** @param {unknown} error */
function describe(error) {
  if (!(error instanceof Error)) return String(error);
  return error.cause instanceof Error ? `${error.message}: ${error.cause.message}` : error.message;
}

/**
 * The shell's index.html around its `#root`: what comes before the element's
 * content, the static first screen inside it, and what follows it.
 * @param {string} html
 * @returns {{ before: string, boot: string, after: string } | null}
 */
export function splitAtRoot(html) {
  const open = html.match(/<div id="?root"?>/);
  const end = html.lastIndexOf('</body>');
  if (!open || open.index === undefined || end < 0) return null;
  const start = open.index + open[0].length;
  const close = html.lastIndexOf('</div>', end);
  if (close < start) return null;
  return { before: html.slice(0, start), boot: html.slice(start, close), after: html.slice(close) };
}

/**
 * The page's query cache for the browser, in a non-executed data block.
 * @param {string} state JSON
 * @param {string} nonce
 */
export function queryStateScript(state, nonce) {
  return inlineJsonScript(queryStateId, JSON.parse(state), nonce);
}

/** The page script that holds early taps (browser/early-interactions.js), read once. */
const earlyInteractions = readFileSync(
  new URL('./browser/early-interactions.js', import.meta.url),
  'utf8',
)
  // comments (the file's notes, the types for the type checker) are not sent
  .replace(/\/\*[\s\S]*?\*\//g, '')
  .replace(/^[ \t]*\/\/.*\n/gm, '')
  .replace(/^[ \t]*\n/gm, '')
  .trim();

/**
 * The inline script that holds early taps on a server-rendered page (see
 * browser/early-interactions.js), with this response's nonce.
 * @param {string} nonce
 */
export function earlyInteractionScript(nonce) {
  return `<script nonce="${nonce}">${earlyInteractions}</script>`;
}

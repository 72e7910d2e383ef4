// One static server for a built app's dist folder.
//
// Every response is compressed when the client accepts it (brotli, else gzip;
// compressed once per file version and kept in memory), carries cache headers
// (content-hashed files are immutable, everything that names them is
// revalidated) and the security headers. The shell's pages get a
// Content-Security-Policy built from its runtime config and a fresh nonce per
// response. Remotes answer CORS requests, since the shell's origin fetches
// their manifests and scripts.
import { randomBytes } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import { createServer } from 'node:http';
import { extname, join, normalize, sep } from 'node:path';
import { compress, compressStream, negotiateEncoding } from './encoding.mjs';
import { FileCache, listFiles } from './file-cache.mjs';
import {
  cacheControl,
  commonHeaders,
  contentSecurityPolicy,
  originOf,
  remoteCsp,
  withNonce,
} from './headers.mjs';
import { defaults } from './defaults.mjs';
import { ManifestCache, hintTags, inlineConfigScript, ownerOf } from './page-hints.mjs';
import {
  ServerRenderer,
  earlyInteractionScript,
  queryStateScript,
  splitAtRoot,
} from './server-render.mjs';
import {
  SessionVerifier,
  clearedSessionCookie,
  handleSessionRequest,
  isHttps,
  sessionPath,
  sessionTokenOf,
} from './session-cookie.mjs';

/** @typedef {import('./file-cache.mjs').CachedFile} CachedFile */
/** @typedef {import('./headers.mjs').RuntimeConfig} RuntimeConfig */
/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */
/** @typedef {import('node:http').OutgoingHttpHeaders} OutgoingHttpHeaders */

/**
 * @typedef {object} RunningServer
 * @property {string} url
 * @property {number} port
 * @property {() => Promise<void>} close
 */

/**
 * @typedef {object} ServeDistOptions
 * @property {string} dist the folder to serve
 * @property {number} port 0 for any free port
 * @property {string} [host] defaults to the suite's host
 * @property {boolean} [spa] page URLs (no extension) that match no file get index.html
 * @property {boolean} [cors] a remote: any origin may fetch, nothing renders as a page
 * @property {string} [configFile] served at /config.json and inlined in each page; its remotes and API URL make up the pages' CSP and hints
 * @property {ManifestCache} [manifests] where the remotes' manifests are fetched and kept (a test passes its own)
 * @property {boolean} [serverRender] pages are rendered on the server with the shell's server build (dist/server), when it has one
 * @property {SessionVerifier} [sessionVerifier] checks the tokens of the session cookie (default: the backend's published keys, or SUPABASE_JWT_SECRET when set)
 */

/**
 * Starts one static server.
 * @param {ServeDistOptions} options
 * @returns {Promise<RunningServer>}
 */
export function serveDist({
  dist,
  port,
  host = defaults.host,
  spa = false,
  cors = false,
  configFile,
  manifests = new ManifestCache(),
  serverRender = false,
  sessionVerifier = new SessionVerifier({ secret: process.env['SUPABASE_JWT_SECRET'] }),
}) {
  const files = new FileCache();
  const distRoot = normalize(dist + sep);
  const renderer = serverRender && spa ? new ServerRenderer({ dist }) : null;
  /** @type {{ key: string | null, value: RuntimeConfig | null }} */
  let config = { key: null, value: null };

  /** The runtime config, re-read when its file changes; null when missing or not JSON. */
  async function runtimeConfigOf() {
    if (!configFile) return null;
    const info = await stat(configFile).catch(() => null);
    const key = info ? `${info.size}-${info.mtimeMs}` : null;
    if (key !== config.key) {
      let value = null;
      try {
        value = JSON.parse(await readFile(configFile, 'utf8'));
      } catch {
        value = null;
      }
      config = { key, value };
      // The remotes' manifests are fetched now, so the first page of each carries its hints.
      for (const url of Object.values(remotesOf(value))) void manifests.scriptsOf(url);
      // and the areas' server builds are loaded now, so the first page of each is not kept waiting
      if (renderer) void renderer.warm(value);
    }
    return config.value;
  }

  /**
   * A runtime config's remotes (name -> manifest URL); none when it has no such table.
   * @param {unknown} value
   * @returns {Record<string, string>}
   */
  function remotesOf(value) {
    const remotes =
      typeof value === 'object' && value !== null
        ? /** @type {{ remotes?: unknown }} */ (value).remotes
        : undefined;
    if (typeof remotes !== 'object' || remotes === null) return {};
    return Object.fromEntries(
      Object.entries(remotes).filter(([, url]) => typeof url === 'string' && URL.canParse(url)),
    );
  }

  /** @type {{ version: string | null, owners: Record<string, string> | null }} */
  let routes = { version: null, owners: null };

  /** The shell's route table (path -> owning area) from its build, or null when it has none. */
  async function routeOwners() {
    const entry = await files.get(join(distRoot, 'route-owners.json')).catch(() => null);
    if (!entry) return null;
    if (entry.version !== routes.version) {
      let owners = null;
      try {
        const value = JSON.parse(entry.body.toString('utf8'));
        if (typeof value === 'object' && value !== null && !Array.isArray(value)) owners = value;
      } catch {
        owners = null;
      }
      routes = { version: entry.version, owners };
    }
    return routes.owners;
  }

  /** The area that owns a page's path, or null (unknown path, or no route table). @param {string} pathname */
  async function ownerOfPath(pathname) {
    const owners = await routeOwners();
    return owners ? ownerOf(owners, pathname) : null;
  }

  /**
   * Sends a page rendered on the server: everything up to #root leaves at once
   * (the head, with the hints and the config), then the rendered markup as it
   * streams, then the query cache it was rendered with. When the server cannot
   * render it, the static first screen follows instead and the browser renders
   * the page, as without a server build.
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {string} page index.html with this response's nonce and extras
   * @param {OutgoingHttpHeaders} headers
   * @param {{ url: string, nonce: string, rendering: ReturnType<ServerRenderer['render']> }} request
   * @returns {Promise<boolean>} false when nothing was sent (the page has no #root)
   */
  async function sendRendered(req, res, page, headers, { url, nonce, rendering }) {
    const parts = splitAtRoot(page);
    if (!parts) {
      void rendering.then((rendered) => rendered?.body.resume());
      return false;
    }
    const encoding = negotiateEncoding(req.headers['accept-encoding']);
    headers['Vary'] = withVary(headers['Vary'], 'Accept-Encoding');
    if (encoding) headers['Content-Encoding'] = encoding;
    res.writeHead(200, headers);
    const compressor = encoding ? compressStream(encoding) : null;
    /** @type {NodeJS.WritableStream & { flush?: () => void }} */
    const out = compressor ?? res;
    if (compressor) compressor.pipe(res);
    out.write(parts.before);
    compressor?.flush();
    const rendered = await rendering;
    if (!rendered) {
      out.end(parts.boot + parts.after);
      return true;
    }
    await new Promise((resolve, reject) => {
      rendered.body.on('data', (chunk) => {
        out.write(chunk);
        compressor?.flush();
      });
      rendered.body.on('end', resolve);
      rendered.body.on('error', reject);
    }).catch((/** @type {unknown} */ error) => {
      // The markup is cut short: the browser renders the page over it.
      console.warn(`server rendering of ${url} broke off: ${String(error)}`);
    });
    const close = parts.after.indexOf('</div>') + '</div>'.length;
    out.end(
      parts.after.slice(0, close) +
        queryStateScript(rendered.state(), nonce) +
        parts.after.slice(close),
    );
    return true;
  }

  /**
   * What the page for `pathname` carries before </head>: resource hints for the
   * code of the remote that owns the path and the runtime config, inline.
   * @param {IncomingMessage} req
   * @param {string} pathname
   * @param {RuntimeConfig | null} config
   * @param {Promise<unknown>} [markup] the page's server rendering: the hints may wait for it
   */
  async function pageExtras(req, pathname, config, markup) {
    if (!config) return '';
    const owner = await ownerOfPath(pathname);
    const manifestUrl =
      owner && config.remotes && Object.hasOwn(config.remotes, owner)
        ? config.remotes[owner]
        : undefined;
    const scripts = manifestUrl
      ? await manifests.scriptsOf(manifestUrl, markup ? { until: markup } : {})
      : null;
    const host = req.headers.host;
    return (
      hintTags({
        pageOrigin: host ? `http://${host}` : null,
        config,
        scripts,
        remoteOrigin: manifestUrl ? originOf(manifestUrl) : null,
      }) + inlineConfigScript(config)
    );
  }

  /**
   * The file for a URL path inside dist, or null (never outside dist).
   * @param {string} pathname
   */
  function fileFor(pathname) {
    let decoded;
    try {
      decoded = decodeURIComponent(pathname);
    } catch {
      return null;
    }
    if (decoded.includes('\0')) return null;
    const file = normalize(join(distRoot, decoded));
    return file.startsWith(distRoot) ? file : null;
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   * @param {CachedFile} entry
   * @param {OutgoingHttpHeaders} headers
   * @param {Buffer} [body] a per-response body instead of the file's own
   * @param {string | null} [etag]
   */
  async function send(req, res, entry, headers, body = entry.body, etag = entry.etag) {
    const encoding = entry.compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (entry.compressible) headers['Vary'] = withVary(headers['Vary'], 'Accept-Encoding');
    if (encoding) {
      // The file's own body is compressed once; a per-response body (a page) each time.
      body =
        body === entry.body ? await files.encoded(entry, encoding) : await compress(body, encoding);
      headers['Content-Encoding'] = encoding;
      if (etag) etag = etag.replace(/"$/, `-${encoding}"`);
    }
    if (etag) headers['ETag'] = etag;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  /**
   * @param {IncomingMessage} req
   * @param {ServerResponse} res
   */
  async function handle(req, res) {
    for (const [k, v] of Object.entries(commonHeaders)) res.setHeader(k, v);
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      // The shell loads a remote's scripts cross-origin.
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Content-Security-Policy', remoteCsp);
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    } else {
      res.setHeader('Cross-Origin-Resource-Policy', 'same-origin');
    }
    if (spa && !cors && new URL(req.url ?? '/', 'http://localhost').pathname === sessionPath) {
      const config = await runtimeConfigOf();
      await handleSessionRequest(req, res, {
        verifier: sessionVerifier,
        supabaseUrl: config?.supabase?.url,
      });
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }).end();
      return;
    }
    const pathname = new URL(req.url ?? '/', 'http://localhost').pathname;
    if (configFile && pathname === '/config.json') {
      const body = await readFile(configFile).catch(() => null);
      if (!body) {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('config.json not found');
        return;
      }
      res.writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' });
      res.end(req.method === 'HEAD' ? undefined : body);
      return;
    }

    let file = fileFor(pathname.endsWith('/') ? `${pathname}index.html` : pathname);
    let entry = file ? await files.get(file) : null;
    // SPA fallback for page URLs only: a missing chunk stays a 404, never HTML.
    if (!entry && spa && !extname(pathname)) {
      file = join(distRoot, 'index.html');
      entry = await files.get(file);
    }
    if (!entry) {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
      return;
    }

    /** @type {OutgoingHttpHeaders} */
    const headers = {
      'Content-Type': entry.type,
      'Cache-Control': cacheControl(pathname),
    };
    if (entry.type.startsWith('text/html')) {
      const nonce = randomBytes(16).toString('base64');
      const config = await runtimeConfigOf();
      headers['Cache-Control'] = 'no-cache';
      headers['Content-Security-Policy'] = contentSecurityPolicy(config, nonce);
      headers['Cross-Origin-Opener-Policy'] = 'same-origin';
      // A page may be rendered for the member whose session cookie the request carries.
      headers['Vary'] = 'Cookie';
      const url = new URL(req.url ?? '/', 'http://localhost');
      const pageUrl = url.pathname + url.search;
      // A page opened from a link that carries a secret (the cancel link's token) shows what
      // that secret unlocks: never kept by a shared cache (nor the browser's).
      if (url.searchParams.has('token')) headers['Cache-Control'] = 'private, no-store';
      const token = spa ? sessionTokenOf(req) : null;
      const session = token ? await sessionVerifier.verify(token, config?.supabase?.url) : null;
      if (token) {
        // Never kept by a shared cache (nor the browser's): it may hold this member's data.
        headers['Cache-Control'] = 'private, no-store';
        // A token that does not verify (forged, another key's, expired) is dropped.
        if (!session) headers['Set-Cookie'] = clearedSessionCookie({ secure: isHttps(req) });
      }
      // The page's server rendering starts before its head is made: the hints may wait for it.
      const rendering =
        renderer && req.method === 'GET' && file === join(distRoot, 'index.html')
          ? ownerOfPath(pathname).then((owner) =>
              renderer.render({
                url: pageUrl,
                owner,
                config,
                nonce,
                session: session ? { accessToken: session.accessToken } : null,
              }),
            )
          : null;
      const extras =
        (await pageExtras(req, pathname, config, rendering ?? undefined)) +
        (rendering ? earlyInteractionScript(nonce) : '');
      const page = withNonce(entry.body.toString('utf8'), nonce).replace(
        '</head>',
        () => `${extras}</head>`,
      );
      if (rendering) {
        const request = { url: pageUrl, nonce, rendering };
        if (await sendRendered(req, res, page, headers, request)) return;
      }
      const html = Buffer.from(page);
      // A per-response body: no ETag, compressed on the fly (it is small).
      await send(req, res, entry, headers, html, null);
      return;
    }
    await send(req, res, entry, headers);
  }

  /**
   * A Vary header's value with `name` added.
   * @param {OutgoingHttpHeaders[string]} current
   * @param {string} name
   */
  function withVary(current, name) {
    const names = String(current ?? '')
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
    return names.includes(name) ? names.join(', ') : [...names, name].join(', ');
  }

  const server = createServer((req, res) => {
    handle(req, res).catch((/** @type {unknown} */ error) => {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(error instanceof Error ? error.message : String(error));
    });
  });

  let closed = false;
  /** Compresses the site's files in the background so first visits don't wait for it. */
  async function warm() {
    for (const file of await listFiles(dist)) {
      if (file.endsWith('.map') || file.endsWith('.html')) continue;
      const entry = await files.get(file).catch(() => null);
      if (!entry?.compressible) continue;
      for (const encoding of /** @type {const} */ (['br', 'gzip'])) {
        // A failed compression is dropped from the cache and retried by the request that needs it.
        await files.encoded(entry, encoding).catch(() => undefined);
      }
      if (closed) return;
    }
  }

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      void warm();
      // The config is read at once: the remotes' manifests and the areas' server builds load now.
      if (renderer) void runtimeConfigOf().catch(() => undefined);
      const address = server.address();
      const boundPort = typeof address === 'object' && address ? address.port : port;
      resolve({
        url: `http://${host}:${boundPort}`,
        port: boundPort,
        close: () =>
          new Promise((done) => {
            closed = true;
            server.closeAllConnections();
            server.close(() => done());
          }),
      });
    });
  });
}

// Serves built apps from their dist folders: the shell (with SPA fallback and
// its runtime config.json) and the remotes (with CORS, so the shell's origin can
// fetch their manifests). Used by `npm start`, the e2e tests and the benches.
//
// Every response is compressed when the client accepts it (brotli, else gzip;
// compressed once per file version and kept in memory), carries cache headers
// (content-hashed files are immutable, everything that names them is
// revalidated) and the security headers. The shell's pages get a
// Content-Security-Policy built from its runtime config: scripts and manifests
// only from the shell and the configured remotes, API calls and storage images
// only from the configured backend, and a fresh nonce per response for the
// <style> tags styled-components and Radix inject (read from the
// <meta property="csp-nonce"> this server adds to index.html).
import { createServer } from 'node:http';
import { createHash, randomBytes } from 'node:crypto';
import { cp, readFile, readdir, rm, stat } from 'node:fs/promises';
import { extname, join, normalize, sep } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlibConstants, gzip } from 'node:zlib';
import { lookup as mimeLookup } from 'mrmime';

export const root = join(import.meta.dirname, '..');

/** The suite's ports: the shell on `base`, then guest, lounge, games, admin. */
export function suitePorts(base = 4200) {
  return { shell: base, guest: base + 1, lounge: base + 2, games: base + 3, admin: base + 4 };
}

export const defaultPorts = suitePorts(4200);

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** Headers on every response of every server. */
const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'X-Frame-Options': 'DENY',
};

/** Content-hashed build output (`name.1a2b3c4d.js`, `assets/logo.1a2b3c4d.svg`, their maps). */
const hashedFile = /\.[0-9a-f]{8}\.(js|css|png|jpe?g|gif|svg|webp|avif|ico|woff2?|txt)(\.map)?$/;

/**
 * Hashed chunks never change; everything that names them (index.html,
 * config.json, mf-manifest.json, remoteEntry.js, ...) is revalidated on every
 * use so a redeployed remote is picked up without a shell rebuild.
 */
export function cacheControl(pathname) {
  return hashedFile.test(pathname) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

const compressibleTypes =
  /^(text\/|application\/(javascript|json|xml|manifest\+json)|image\/svg\+xml)/;
/** Below this a compressed body saves less than its framing costs. */
const minCompressBytes = 1024;

/**
 * The encoding to answer with for an Accept-Encoding header: brotli, else
 * gzip, else none. Honours q=0 (refused) and `*`.
 */
export function negotiateEncoding(header) {
  if (!header) return null;
  const q = new Map();
  for (const part of String(header).split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const value = qParam ? Number(qParam.slice(2)) : 1;
    q.set(name, Number.isFinite(value) ? value : 0);
  }
  const weight = (name) => q.get(name) ?? q.get('*') ?? 0;
  const br = weight('br');
  const gz = weight('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

/** Compresses with the strongest setting that stays quick for the file's size. */
function compress(body, encoding) {
  if (encoding === 'br') {
    return brotliAsync(body, {
      params: {
        [zlibConstants.BROTLI_PARAM_QUALITY]: body.length <= 1024 * 1024 ? 11 : 6,
        [zlibConstants.BROTLI_PARAM_SIZE_HINT]: body.length,
      },
    });
  }
  return gzipAsync(body, { level: 9 });
}

/**
 * Files read from disk, with their compressed forms, keyed by path and
 * checked against the file's size and mtime on every request (a rebuilt dist
 * folder is picked up without a restart).
 */
class FileCache {
  entries = new Map();

  async get(file) {
    const info = await stat(file).catch(() => null);
    if (!info?.isFile()) return null;
    const version = `${info.size}-${info.mtimeMs}`;
    let entry = this.entries.get(file);
    if (!entry || entry.version !== version) {
      const body = await readFile(file);
      const type = mimeLookup(file) ?? 'application/octet-stream';
      entry = {
        version,
        body,
        type: /^(text\/|application\/(javascript|json))/.test(type)
          ? `${type}; charset=utf-8`
          : type,
        etag: `"${createHash('sha1').update(body).digest('base64url').slice(0, 20)}"`,
        compressible: compressibleTypes.test(type) && body.length >= minCompressBytes,
        encoded: new Map(),
      };
      this.entries.set(file, entry);
    }
    return entry;
  }

  /** The body in `encoding`, compressed once and shared by concurrent requests. */
  encoded(entry, encoding) {
    let pending = entry.encoded.get(encoding);
    if (!pending) {
      pending = compress(entry.body, encoding);
      entry.encoded.set(encoding, pending);
      pending.catch(() => entry.encoded.delete(encoding));
    }
    return pending;
  }
}

/** Every file under `dir`, as paths relative to it. */
async function listFiles(dir) {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((e) => e.isFile()).map((e) => join(e.parentPath ?? e.path, e.name));
}

function originOf(url) {
  try {
    const { protocol, host } = new URL(url);
    return protocol === 'http:' || protocol === 'https:' ? `${protocol}//${host}` : null;
  } catch {
    return null;
  }
}

/**
 * The shell page's Content-Security-Policy for a runtime config: code and
 * manifests from the shell ('self') and the configured remotes only, data from
 * the configured backend only (REST, auth, functions, storage images), inline
 * <style> only with this response's nonce, no plugins, no framing.
 */
export function contentSecurityPolicy(config, nonce) {
  const remotes = [
    ...new Set(
      Object.values(config?.remotes ?? {})
        .map(originOf)
        .filter(Boolean),
    ),
  ];
  const api = config?.supabase?.url ? originOf(config.supabase.url) : null;
  const apiSources = api ? [api, api.replace(/^http/, 'ws')] : [];
  const list = (...sources) => sources.filter(Boolean).join(' ');
  return [
    `default-src 'self'`,
    `script-src ${list("'self'", ...remotes)}`,
    `style-src ${list("'self'", ...remotes, nonce && `'nonce-${nonce}'`)}`,
    `img-src ${list("'self'", 'data:', 'blob:', ...remotes, api)}`,
    `font-src ${list("'self'", ...remotes)}`,
    `connect-src ${list("'self'", ...remotes, ...apiSources)}`,
    `media-src ${list("'self'", api)}`,
    `worker-src 'self' blob:`,
    `manifest-src 'self'`,
    `object-src 'none'`,
    `base-uri 'self'`,
    `form-action 'self'`,
    `frame-src 'none'`,
    `frame-ancestors 'none'`,
  ].join('; ');
}

/** A remote serves only scripts and JSON: nothing in it may run as a page. */
const remoteCsp = "default-src 'none'; frame-ancestors 'none'; base-uri 'none'";

/** index.html with a per-response nonce on its <style>/<script> tags and in a csp-nonce meta. */
function withNonce(html, nonce) {
  return html
    .replace(/<(style|script)(?=[\s>])/g, `<$1 nonce="${nonce}"`)
    .replace(/<head>/, `<head><meta property="csp-nonce" nonce="${nonce}">`);
}

/**
 * Starts one static server. `configFile`, when given, is served at /config.json
 * and its remotes and API URL make up the pages' Content-Security-Policy.
 * Resolves to { url, port, close }.
 */
export function serveDist({
  dist,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  configFile,
}) {
  const files = new FileCache();
  const distRoot = normalize(dist + sep);
  let config = { key: null, value: null };

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
    }
    return config.value;
  }

  /** The file for a URL path inside dist, or null (never outside dist). */
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

  async function send(req, res, entry, headers, body = entry.body, etag = entry.etag) {
    const encoding = entry.compressible ? negotiateEncoding(req.headers['accept-encoding']) : null;
    if (entry.compressible) headers.Vary = 'Accept-Encoding';
    if (encoding) {
      // The file's own body is compressed once; a per-response body (a page) each time.
      body =
        body === entry.body ? await files.encoded(entry, encoding) : await compress(body, encoding);
      headers['Content-Encoding'] = encoding;
      if (etag) etag = etag.replace(/"$/, `-${encoding}"`);
    }
    if (etag) headers.ETag = etag;
    if (etag && req.headers['if-none-match'] === etag) {
      res.writeHead(304, headers).end();
      return;
    }
    headers['Content-Length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  }

  const server = createServer(async (req, res) => {
    try {
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

      const headers = {
        'Content-Type': entry.type,
        'Cache-Control': cacheControl(pathname),
      };
      if (entry.type.startsWith('text/html')) {
        const nonce = randomBytes(16).toString('base64');
        headers['Cache-Control'] = 'no-cache';
        headers['Content-Security-Policy'] = contentSecurityPolicy(await runtimeConfigOf(), nonce);
        headers['Cross-Origin-Opener-Policy'] = 'same-origin';
        const html = Buffer.from(withNonce(entry.body.toString('utf8'), nonce));
        // A per-response body: no ETag, compressed on the fly (it is small).
        await send(req, res, entry, headers, html, null);
        return;
      }
      await send(req, res, entry, headers);
    } catch (error) {
      if (!res.headersSent) res.writeHead(500, { 'Content-Type': 'text/plain' });
      res.end(String(error?.message ?? error));
    }
  });

  /** Compresses the site's files in the background so first visits don't wait for it. */
  async function warm() {
    for (const file of await listFiles(dist)) {
      if (file.endsWith('.map') || file.endsWith('.html')) continue;
      const entry = await files.get(file).catch(() => null);
      if (!entry?.compressible) continue;
      for (const encoding of ['br', 'gzip']) await files.encoded(entry, encoding).catch(() => {});
      if (closed) return;
    }
  }
  let closed = false;

  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      void warm();
      resolve({
        url: `http://${host}:${server.address().port}`,
        port: server.address().port,
        close: () =>
          new Promise((done) => {
            closed = true;
            server.closeAllConnections?.();
            server.close(() => done());
          }),
      });
    });
  });
}

/** An app's built folder: apps/<app>/dist, or <snapshot>/<app> for a copied suite. */
export function distOf(app, snapshot) {
  return snapshot ? join(snapshot, app) : join(root, 'apps', app, 'dist');
}

/**
 * Copies every app's dist folder into `dir` and returns it, so a running suite
 * keeps serving the same files while the apps are rebuilt (e2e runs overlap).
 */
export async function snapshotDists(dir) {
  await rm(dir, { recursive: true, force: true });
  for (const app of ['shell', 'guest', 'lounge', 'games', 'admin']) {
    await cp(distOf(app), join(dir, app), { recursive: true });
  }
  return dir;
}

/** The runtime config for a suite served on these ports. */
export function runtimeConfig({ ports = defaultPorts, host = '127.0.0.1', supabase } = {}) {
  const remote = (name) => `http://${host}:${ports[name]}/mf-manifest.json`;
  return {
    remotes: {
      guest: remote('guest'),
      lounge: remote('lounge'),
      games: remote('games'),
      admin: remote('admin'),
    },
    ...(supabase ? { supabase } : {}),
  };
}

/** Serves the shell and the four remotes. */
export async function serveSuite({
  ports = defaultPorts,
  host = '127.0.0.1',
  configFile,
  snapshot,
}) {
  const servers = [];
  try {
    servers.push(
      await serveDist({
        dist: distOf('shell', snapshot),
        port: ports.shell,
        host,
        spa: true,
        configFile,
      }),
    );
    for (const name of ['guest', 'lounge', 'games', 'admin']) {
      servers.push(
        await serveDist({ dist: distOf(name, snapshot), port: ports[name], host, cors: true }),
      );
    }
  } catch (error) {
    await Promise.all(servers.map((s) => s.close()));
    throw error;
  }
  return { servers, close: () => Promise.all(servers.map((s) => s.close())) };
}

// Serves built apps from their dist folders: the shell (with SPA fallback and
// its runtime config.json) and the remotes (with CORS, so the shell's origin can
// fetch their manifests). Used by `npm start` and by the e2e tests.
import { createServer } from 'node:http';
import { cp, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import sirv from 'sirv';

export const root = join(import.meta.dirname, '..');

/** The suite's ports: the shell on `base`, then guest, lounge, games, admin. */
export function suitePorts(base = 4200) {
  return { shell: base, guest: base + 1, lounge: base + 2, games: base + 3, admin: base + 4 };
}

export const defaultPorts = suitePorts(4200);

const commonHeaders = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
};

function cacheControl(pathname) {
  // Hashed chunks never change; everything that names them must be revalidated
  // so a redeployed remote is picked up without a shell rebuild.
  return /\.[0-9a-f]{8}\.(js|css|png|jpe?g|svg|webp|woff2?)$/.test(pathname)
    ? 'public, max-age=31536000, immutable'
    : 'no-cache';
}

/**
 * Starts one static server. `configFile`, when given, is served at /config.json.
 * Resolves to { url, close }.
 */
export function serveDist({
  dist,
  port,
  host = '127.0.0.1',
  spa = false,
  cors = false,
  configFile,
}) {
  const assets = sirv(dist, {
    single: spa,
    dev: false,
    etag: true,
    setHeaders(res, pathname) {
      res.setHeader('Cache-Control', cacheControl(pathname));
    },
  });
  const server = createServer(async (req, res) => {
    for (const [k, v] of Object.entries(commonHeaders)) res.setHeader(k, v);
    if (cors) {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, OPTIONS');
      if (req.method === 'OPTIONS') {
        res.writeHead(204).end();
        return;
      }
    }
    const pathname = (req.url ?? '/').split('?')[0];
    if (configFile && pathname === '/config.json') {
      try {
        const body = await readFile(configFile);
        res
          .writeHead(200, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store' })
          .end(body);
      } catch {
        res.writeHead(404, { 'Content-Type': 'text/plain' }).end('config.json not found');
      }
      return;
    }
    assets(req, res, () => {
      res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not found');
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve({
        url: `http://${host}:${server.address().port}`,
        port: server.address().port,
        close: () =>
          new Promise((done) => {
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

// The whole suite: the shell (with SPA fallback and its runtime config.json)
// and the four remotes, each served from its dist folder on its own port.
import { cp, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { appNames, defaultPorts, defaults, remoteNames, repoRoot } from './defaults.mjs';
import { serveDist } from './serve-dist.mjs';

/** @typedef {import('./defaults.mjs').AppName} AppName */
/** @typedef {import('./defaults.mjs').RemoteName} RemoteName */
/** @typedef {import('./defaults.mjs').SuitePorts} SuitePorts */
/** @typedef {import('./serve-dist.mjs').RunningServer} RunningServer */

/**
 * An app's built folder: apps/<app>/dist, or <snapshot>/<app> for a copied suite.
 * @param {AppName} app
 * @param {string} [snapshot]
 */
export function distOf(app, snapshot) {
  return snapshot ? join(snapshot, app) : join(repoRoot, 'apps', app, 'dist');
}

/**
 * Copies every app's dist folder into `dir` and returns it, so a running suite
 * keeps serving the same files while the apps are rebuilt (e2e runs overlap).
 * @param {string} dir
 */
export async function snapshotDists(dir) {
  await rm(dir, { recursive: true, force: true });
  for (const app of appNames) {
    await cp(distOf(app), join(dir, app), { recursive: true });
  }
  return dir;
}

/**
 * @typedef {object} SupabaseConfig
 * @property {string} url
 * @property {string} anonKey
 */

/**
 * The runtime config for a suite served on these ports.
 * @param {{ ports?: SuitePorts, host?: string, supabase?: SupabaseConfig | undefined }} [options]
 * @returns {{ remotes: Record<RemoteName, string>, supabase?: SupabaseConfig }}
 */
export function runtimeConfig({ ports = defaultPorts, host = defaults.host, supabase } = {}) {
  /** @param {RemoteName} name */
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

/**
 * Serves the shell and the four remotes; if one cannot start, the others are closed.
 * @param {{ ports?: SuitePorts, host?: string, configFile?: string, snapshot?: string | undefined, serverRender?: boolean }} options
 * @returns {Promise<{ servers: RunningServer[], close: () => Promise<unknown> }>}
 */
export async function serveSuite({
  ports = defaultPorts,
  host = defaults.host,
  configFile,
  snapshot,
  serverRender = true,
}) {
  /** @type {RunningServer[]} */
  const servers = [];
  try {
    servers.push(
      await serveDist({
        dist: distOf('shell', snapshot),
        port: ports.shell,
        host,
        spa: true,
        // The shell's pages are rendered on the server when its build has a renderer.
        serverRender,
        ...(configFile ? { configFile } : {}),
      }),
    );
    for (const name of remoteNames) {
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

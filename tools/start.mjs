#!/usr/bin/env node
// `npm start`: builds the suite (cached by Nx), starts the backend, writes the
// shell's runtime config.json and serves the shell and the four remotes from
// their built folders (apps/web-server).
//
// Options: --skip-build, --fresh (wipe the data folder first), --snapshot (serve a
// copy of the built folders, taken at start, so rebuilding doesn't change a running suite).
// Env (defaults in config/defaults.json): DATA_DIR, HOST, PORT_BASE (the shell; the
//      remotes on the next four ports), API_PORT, INBOX_PORT; SERVER_RENDER=off to leave
//      every page to the browser (no server rendering);
//      SUPABASE_URL + SUPABASE_ANON_KEY to use hosted Supabase instead of the local backend.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  repoRoot as root,
  runtimeConfig,
  serveSuite,
  snapshotDists,
  suiteSettings,
} from '../apps/web-server/src/index.mjs';
import { backendAvailable, localSuiteEnv, startBackend } from './backend-process.mjs';

const args = new Set(process.argv.slice(2));
const { host, dataDir, ports, apiPort, inboxPort } = suiteSettings();

export const demoLogins = [
  { role: 'admin', email: 'admin@example.com', password: 'password123' },
  { role: 'member (VIP)', email: 'maya@example.com', password: 'password123' },
  { role: 'member', email: 'leo@example.com', password: 'password123' },
];

/** Aborted when stopping: ends the backend even while it is still starting. */
const stopBackend = new AbortController();
/** @type {Promise<{ keys: { url: string, anonKey: string, inboxUrl: string }, stop(): Promise<void> }> | undefined} */
let backendStarted;
let suite;
let stopping = false;

/** Closes the servers and stops the backend (also one still starting). */
async function stopAll() {
  stopping = true;
  stopBackend.abort();
  await suite?.close();
  const backend = await backendStarted?.catch(() => undefined);
  await backend?.stop();
}

async function main() {
  if (!args.has('--skip-build')) {
    console.log('Building the suite (Nx caches unchanged projects)…');
    execFileSync(
      'npx',
      ['nx', 'run-many', '-t', 'build', '--projects=shell,guest,lounge,games,admin'],
      {
        cwd: root,
        stdio: 'inherit',
        env: { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' },
      },
    );
  }
  if (args.has('--fresh')) await rm(dataDir, { recursive: true, force: true });
  await mkdir(join(dataDir, 'runtime'), { recursive: true });

  let supabase;
  let backend;
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
    supabase = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
    console.log(`Using the Supabase project at ${supabase.url}`);
  } else if (backendAvailable()) {
    backendStarted = startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: `http://localhost:${ports.shell}`,
      env: localSuiteEnv(ports),
      signal: stopBackend.signal,
    });
    backend = await backendStarted;
    supabase = { url: backend.keys.url, anonKey: backend.keys.anonKey };
  } else {
    console.warn('apps/backend is not present: the suite runs without data or sign-in.');
  }

  const configFile = join(dataDir, 'runtime', 'config.json');
  await writeFile(configFile, JSON.stringify(runtimeConfig({ ports, host, supabase }), null, 2));
  const snapshot = args.has('--snapshot') ? await snapshotDists(join(dataDir, 'dist')) : undefined;
  // SERVER_RENDER=off serves every page for the browser to render (as before server rendering).
  const serverRender = process.env.SERVER_RENDER !== 'off';
  suite = await serveSuite({ ports, host, configFile, snapshot, serverRender });

  console.log(`
The suite is running:
  app (shell)   http://localhost:${ports.shell}
  guest remote  http://${host}:${ports.guest}/mf-manifest.json
  lounge remote http://${host}:${ports.lounge}/mf-manifest.json
  games remote  http://${host}:${ports.games}/mf-manifest.json
  admin remote  http://${host}:${ports.admin}/mf-manifest.json${
    backend
      ? `
  API           ${backend.keys.url}
  mail inbox    ${backend.keys.inboxUrl}

Demo logins:
${demoLogins.map((d) => `  ${d.role.padEnd(13)} ${d.email} / ${d.password}`).join('\n')}`
      : ''
  }

Press Ctrl+C to stop.`);
}

for (const sig of ['SIGINT', 'SIGTERM']) {
  process.once(sig, () => {
    void stopAll().then(() => process.exit(0));
  });
}

main().catch(async (error) => {
  // A start-up cut short by SIGINT/SIGTERM is not an error: the signal handler stops everything.
  if (stopping) return;
  if (error?.code === 'EADDRINUSE') {
    console.error(
      `Port ${error.port} is taken: set PORT_BASE, API_PORT or INBOX_PORT to move the suite.`,
    );
  } else {
    console.error(error);
  }
  await stopAll();
  process.exit(1);
});

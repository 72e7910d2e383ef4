#!/usr/bin/env node
// `npm start`: builds the suite (cached by Nx), starts the backend, writes the
// shell's runtime config.json and serves the shell on 4200 and the remotes on
// 4201-4204 from their built folders.
//
// Options: --skip-build, --fresh (wipe the data folder first), --snapshot (serve a
// copy of the built folders, taken at start, so rebuilding doesn't change a running suite).
// Env: DATA_DIR (default .data), HOST (default 127.0.0.1), PORT_BASE (default 4200: the
//      shell; remotes on the next four), API_PORT (54321), INBOX_PORT (54324),
//      SUPABASE_URL + SUPABASE_ANON_KEY to use hosted Supabase instead of the local backend.
import { execFileSync } from 'node:child_process';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { backendAvailable, startBackend } from './backend-process.mjs';
import { root, runtimeConfig, serveSuite, snapshotDists, suitePorts } from './serve-suite.mjs';

const args = new Set(process.argv.slice(2));
const host = process.env.HOST ?? '127.0.0.1';
const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
const ports = suitePorts(Number(process.env.PORT_BASE ?? 4200));
const apiPort = Number(process.env.API_PORT ?? 54321);
const inboxPort = Number(process.env.INBOX_PORT ?? 54324);

export const demoLogins = [
  { role: 'admin', email: 'admin@example.com', password: 'password123' },
  { role: 'member (VIP)', email: 'maya@example.com', password: 'password123' },
  { role: 'member', email: 'leo@example.com', password: 'password123' },
];

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
    backend = await startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: `http://localhost:${ports.shell}`,
      env: {
        CORS_ORIGINS: Object.values(ports)
          .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
          .join(','),
        ADDITIONAL_REDIRECT_URLS: [
          `http://localhost:${ports.shell}/**`,
          `http://127.0.0.1:${ports.shell}/**`,
        ].join(','),
        ...(process.env.CORS_ORIGINS ? { CORS_ORIGINS: process.env.CORS_ORIGINS } : {}),
        // the local demo's test members get the well-known password
        SEED_TEST_USERS_KNOWN_PASSWORD: process.env.SEED_TEST_USERS_KNOWN_PASSWORD ?? 'true',
      },
    });
    supabase = { url: backend.keys.url, anonKey: backend.keys.anonKey };
  } else {
    console.warn('apps/backend is not present: the suite runs without data or sign-in.');
  }

  const configFile = join(dataDir, 'runtime', 'config.json');
  await writeFile(configFile, JSON.stringify(runtimeConfig({ ports, host, supabase }), null, 2));
  const snapshot = args.has('--snapshot') ? await snapshotDists(join(dataDir, 'dist')) : undefined;
  const suite = await serveSuite({ ports, host, configFile, snapshot });

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

  const stop = async () => {
    await suite.close();
    await backend?.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

#!/usr/bin/env node
// `npm run dev`: the backend plus an Rspack dev server per app, rebuilding on
// change. Ports and the data folder come from config/defaults.json, moved by
// PORT_BASE / API_PORT / INBOX_PORT / DATA_DIR. The shell's dev server serves
// config.json from <DATA_DIR>/runtime/ (written here).
//
// When a default port is taken (`npm start` running, say), the dev suite moves
// to the next free block of ports and its own data folder, and says so; a port
// set explicitly that is taken stops it with the port's name.
//
// Every dev server runs in a process group of its own, so SIGINT/SIGTERM (or the
// end of the parent process, `npm run dev`) stops each server with everything it
// started.
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  appNames,
  defaults,
  repoRoot as root,
  runtimeConfig,
  suitePorts,
  suiteSettings,
} from '../apps/web-server/src/index.mjs';
import { backendAvailable, localSuiteEnv, startBackend } from './backend-process.mjs';

const rspackBin = join(root, 'node_modules', '@rspack', 'cli', 'bin', 'rspack.js');
/**
 * How far a block of ports moves when the one before is taken, and how often
 * (20: clear of the e2e suite's ports, 100 above the shell's and 10 above the API's).
 */
const step = 20;
const attempts = 20;

/** Whether `port` on `host` is free to listen on. */
function portFree(port, host) {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen({ port, host, exclusive: true }, () => probe.close(() => resolve(true)));
  });
}

/** The ports of `names` that are taken. */
async function takenOf(entries, host) {
  const taken = [];
  for (const [name, port] of entries) if (!(await portFree(port, host))) taken.push([name, port]);
  return taken;
}

/**
 * The settings to run with: the environment's, or, where a default port is
 * taken, the next free block (with a data folder of its own, since the suite
 * holding the ports most likely holds the default data folder too).
 */
async function chooseSettings() {
  const env = process.env;
  const settings = suiteSettings(env);
  const { host } = settings;
  const groups = [
    {
      variable: 'PORT_BASE',
      entries: (offset) => Object.entries(suitePorts(settings.ports.shell + offset)),
      apply: (offset) => (settings.ports = suitePorts(settings.ports.shell + offset)),
    },
    {
      variable: 'API_PORT',
      entries: (offset) => [['API', settings.apiPort + offset]],
      apply: (offset) => (settings.apiPort += offset),
    },
    {
      variable: 'INBOX_PORT',
      entries: (offset) => [['mail inbox', settings.inboxPort + offset]],
      apply: (offset) => (settings.inboxPort += offset),
    },
  ];
  let moved = false;
  for (const group of groups) {
    const taken = await takenOf(group.entries(0), host);
    if (taken.length === 0) continue;
    const names = taken.map(([name, port]) => `${port} (${name})`).join(', ');
    if (env[group.variable]) {
      throw new Error(
        `Port ${names} is taken: ${group.variable}=${env[group.variable]} asks for it; choose another.`,
      );
    }
    let offset = 0;
    for (let i = 1; i <= attempts && offset === 0; i++) {
      if ((await takenOf(group.entries(i * step), host)).length === 0) offset = i * step;
    }
    if (offset === 0) throw new Error(`Port ${names} is taken and no free block was found.`);
    group.apply(offset);
    moved = true;
    console.warn(`Port ${names} is taken (is \`npm start\` running?): moving by ${offset}.`);
  }
  if (moved && !env['DATA_DIR']) {
    settings.dataDir = join(root, defaults.dataDir, `dev-${settings.ports.shell}`);
    console.warn(`Data folder: ${settings.dataDir} (set DATA_DIR to choose).`);
  }
  return settings;
}

/** @type {{ name: string, child: import('node:child_process').ChildProcess, exited: boolean }[]} */
const servers = [];
/** Aborted when stopping: ends the backend even while it is still starting. */
const stopBackend = new AbortController();
/** @type {Promise<unknown> | undefined} */
let backendStarted;
let stopping = false;

/** Stops every dev server's process group, then the backend; SIGKILL after 5 s. */
async function stopAll() {
  stopping = true;
  const signal = (server, sig) => {
    if (server.exited || !server.child.pid) return;
    try {
      process.kill(-server.child.pid, sig);
    } catch {
      // the group is gone already
    }
  };
  for (const server of servers) signal(server, 'SIGTERM');
  const until = Date.now() + 5_000;
  while (servers.some((s) => !s.exited) && Date.now() < until) await sleep(100);
  for (const server of servers) signal(server, 'SIGKILL');
  stopBackend.abort();
  const backend = await backendStarted?.catch(() => undefined);
  await backend?.stop();
}

async function main() {
  const { host, dataDir, ports, apiPort, inboxPort } = await chooseSettings();
  await mkdir(join(dataDir, 'runtime'), { recursive: true });
  let supabase;
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
    supabase = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
  } else if (backendAvailable()) {
    backendStarted = startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: `http://localhost:${ports.shell}`,
      env: localSuiteEnv(ports),
      signal: stopBackend.signal,
    });
    const { keys } = await backendStarted;
    supabase = { url: keys.url, anonKey: keys.anonKey };
  }
  await writeFile(
    join(dataDir, 'runtime', 'config.json'),
    JSON.stringify(runtimeConfig({ ports, host, supabase }), null, 2),
  );
  for (const app of appNames) {
    const child = spawn(process.execPath, [rspackBin, 'serve', '--config', 'rspack.config.ts'], {
      cwd: join(root, 'apps', app),
      stdio: 'inherit',
      detached: true,
      env: {
        ...process.env,
        NODE_ENV: 'development',
        PORT_BASE: String(ports.shell),
        DATA_DIR: dataDir,
      },
    });
    const server = { name: app, child, exited: false };
    child.once('exit', (code, signal) => {
      server.exited = true;
      if (stopping) return;
      console.error(
        `The ${app} dev server stopped (${signal ?? `exit ${code}`}); stopping the rest.`,
      );
      void stopAll().then(() => process.exit(1));
    });
    servers.push(server);
  }
  console.log(`Dev servers starting: http://localhost:${ports.shell}`);
}

for (const sig of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.once(sig, () => {
    void stopAll().then(() => process.exit(0));
  });
}

// `npm run dev` runs this under `sh -c`: a SIGTERM to npm reaches the shell, which
// dies without passing it on, leaving this process orphaned. A parent that goes
// away is a stop too.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent && !stopping) void stopAll().then(() => process.exit(0));
}, 500).unref();

main().catch(async (error) => {
  // A start-up cut short by SIGINT/SIGTERM is not an error: the signal handler stops everything.
  if (stopping) return;
  console.error(error instanceof Error ? error.message : error);
  await stopAll();
  process.exit(1);
});

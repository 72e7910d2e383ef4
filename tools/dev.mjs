#!/usr/bin/env node
// `npm run dev`: the backend plus an Rspack dev server per app (ports from
// config/defaults.json, moved by PORT_BASE / API_PORT / INBOX_PORT), rebuilding
// on change. The shell's dev server serves config.json from <DATA_DIR>/runtime/
// (written here).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  appNames,
  repoRoot as root,
  runtimeConfig,
  suiteSettings,
} from '../apps/web-server/src/index.mjs';
import { backendAvailable, startBackend } from './backend-process.mjs';

const { host, dataDir, ports, apiPort, inboxPort } = suiteSettings();
const children = [];

async function main() {
  await mkdir(join(dataDir, 'runtime'), { recursive: true });
  let supabase;
  let backend;
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
    supabase = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
  } else if (backendAvailable()) {
    backend = await startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: `http://localhost:${ports.shell}`,
    });
    supabase = { url: backend.keys.url, anonKey: backend.keys.anonKey };
  }
  await writeFile(
    join(dataDir, 'runtime', 'config.json'),
    JSON.stringify(runtimeConfig({ ports, host, supabase }), null, 2),
  );
  for (const app of appNames) {
    children.push(
      spawn('npx', ['rspack', 'serve', '--config', 'rspack.config.ts'], {
        cwd: join(root, 'apps', app),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'development', DATA_DIR: dataDir },
      }),
    );
  }
  console.log(`Dev servers starting: http://localhost:${ports.shell}`);
  const stop = async () => {
    for (const child of children) child.kill('SIGTERM');
    await backend?.stop();
    process.exit(0);
  };
  process.once('SIGINT', stop);
  process.once('SIGTERM', stop);
}

main().catch((error) => {
  console.error(error);
  for (const child of children) child.kill('SIGTERM');
  process.exit(1);
});

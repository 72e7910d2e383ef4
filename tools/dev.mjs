#!/usr/bin/env node
// `npm run dev`: the backend plus an Rspack dev server per app (shell 4200,
// remotes 4201-4204), rebuilding on change. The shell's dev server serves
// config.json from .data/runtime/ (written here).
import { spawn } from 'node:child_process';
import { mkdir, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { backendAvailable, startBackend } from './backend-process.mjs';
import { defaultPorts, root, runtimeConfig } from './serve-suite.mjs';

const dataDir = resolve(root, process.env.DATA_DIR ?? '.data');
const children = [];

async function main() {
  await mkdir(join(dataDir, 'runtime'), { recursive: true });
  let supabase;
  let backend;
  if (process.env.SUPABASE_URL && process.env.SUPABASE_ANON_KEY) {
    supabase = { url: process.env.SUPABASE_URL, anonKey: process.env.SUPABASE_ANON_KEY };
  } else if (backendAvailable()) {
    backend = await startBackend({ dataDir, siteUrl: `http://localhost:${defaultPorts.shell}` });
    supabase = { url: backend.keys.url, anonKey: backend.keys.anonKey };
  }
  await writeFile(
    join(dataDir, 'runtime', 'config.json'),
    JSON.stringify(runtimeConfig({ supabase }), null, 2),
  );
  for (const app of ['shell', 'guest', 'lounge', 'games', 'admin']) {
    children.push(
      spawn('npx', ['rspack', 'serve', '--config', 'rspack.config.ts'], {
        cwd: join(root, 'apps', app),
        stdio: 'inherit',
        env: { ...process.env, NODE_ENV: 'development' },
      }),
    );
  }
  console.log(`Dev servers starting: http://localhost:${defaultPorts.shell}`);
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

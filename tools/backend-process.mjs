// Starts apps/backend as a child process and waits until it is ready: it writes
// <dataDir>/keys.json (URL and API keys) and answers /auth/v1/health. An
// aborted `signal` ends the child, also while it is still starting.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { defaults, repoRoot as root } from '../apps/web-server/src/index.mjs';

export const backendMain = join(root, 'apps', 'backend', 'src', 'main.ts');

/**
 * The environment of the local backend that serves the suite on `ports` (shell and remotes):
 * CORS for every app port, sign-in links back to the shell, and the demo's well-known password
 * for the test members the admin can seed. CORS_ORIGINS and SEED_TEST_USERS_KNOWN_PASSWORD from
 * the caller's environment win.
 */
export function localSuiteEnv(ports) {
  return {
    CORS_ORIGINS:
      process.env.CORS_ORIGINS ??
      Object.values(ports)
        .flatMap((p) => [`http://localhost:${p}`, `http://127.0.0.1:${p}`])
        .join(','),
    ADDITIONAL_REDIRECT_URLS: [
      `http://localhost:${ports.shell}/**`,
      `http://127.0.0.1:${ports.shell}/**`,
    ].join(','),
    SEED_TEST_USERS_KNOWN_PASSWORD: process.env.SEED_TEST_USERS_KNOWN_PASSWORD ?? 'true',
  };
}

export function backendAvailable() {
  return existsSync(backendMain);
}

export async function startBackend({
  dataDir,
  port = defaults.ports.api,
  inboxPort = defaults.ports.inbox,
  siteUrl,
  env = {},
  quiet = false,
  signal,
}) {
  const keysFile = join(dataDir, 'keys.json');
  await rm(keysFile, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', backendMain], {
    cwd: root,
    env: {
      ...process.env,
      DATA_DIR: dataDir,
      PORT: String(port),
      INBOX_PORT: String(inboxPort),
      SITE_URL: siteUrl,
      ...env,
    },
    stdio: ['ignore', quiet ? 'ignore' : 'inherit', 'inherit'],
  });
  let exited = null;
  child.once('exit', (code, exitSignal) => {
    exited = { code, signal: exitSignal };
  });
  // Aborted during start-up (the caller is stopping): end the child, SIGKILL after 10 s.
  const abort = () => {
    child.kill('SIGTERM');
    setTimeout(() => exited || child.kill('SIGKILL'), 10_000).unref();
  };
  if (signal?.aborted) abort();
  else signal?.addEventListener('abort', abort, { once: true });
  const deadline = Date.now() + 120_000;
  while (Date.now() < deadline) {
    if (exited) throw new Error(`The backend exited during start-up (${JSON.stringify(exited)})`);
    if (existsSync(keysFile)) {
      try {
        const keys = JSON.parse(await readFile(keysFile, 'utf8'));
        const health = await fetch(`${keys.url}/auth/v1/health`, {
          headers: { apikey: keys.anonKey },
        });
        if (health.ok) {
          return {
            keys,
            child,
            stop: async () => {
              if (exited) return;
              child.kill('SIGTERM');
              const until = Date.now() + 10_000;
              while (!exited && Date.now() < until) await sleep(100);
              if (!exited) child.kill('SIGKILL');
            },
          };
        }
      } catch {
        // not ready yet
      }
    }
    await sleep(250);
  }
  child.kill('SIGKILL');
  throw new Error('The backend did not become ready within 120 s');
}

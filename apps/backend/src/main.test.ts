/** main.ts as `npm start` runs it: keys.json before "ready", health, clean SIGTERM. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './testing.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
let dir: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), 'bistro-main-'));
});
afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('main.ts', () => {
  it('writes keys.json before reporting ready, serves health, and stops cleanly on SIGTERM', async () => {
    const port = await freePort();
    const inboxPort = await freePort();
    const dataDir = path.join(dir, 'data');
    const tsx = path.resolve(backendDir, '../../node_modules/.bin/tsx');
    const child = spawn(tsx, ['src/main.ts'], {
      cwd: backendDir,
      env: {
        ...process.env,
        DATABASE_URL: '',
        PORT: String(port),
        INBOX_PORT: String(inboxPort),
        DATA_DIR: dataDir,
        // the data folder starts as a copy of the run's migrated, seeded template, as in the
        // end-to-end runs: what is tested is the start, not migrating (tested on its own)
        DB_FROM_TEMPLATE: '1',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (out += d.toString()));
    const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
    await new Promise<void>((resolve, reject) => {
      const timer = setInterval(() => {
        if (out.includes('[backend] ready')) {
          clearInterval(timer);
          resolve();
        }
      }, 100);
      void exited.then((code) => {
        clearInterval(timer);
        reject(new Error(`exited early (${code}):\n${out}`));
      });
    });
    const keys = JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')) as Record<
      string,
      string
    >;
    expect(keys).toEqual({
      url: `http://127.0.0.1:${port}`,
      anonKey: expect.stringMatching(/^ey/),
      serviceRoleKey: expect.stringMatching(/^ey/),
      inboxUrl: `http://127.0.0.1:${inboxPort}`,
    });
    expect(out).toContain(keys['anonKey']);
    const health = await fetch(`${keys['url']}/auth/v1/health`, {
      headers: { apikey: keys['anonKey'] as string },
    });
    expect(health.status).toBe(200);
    expect((await fetch(keys['inboxUrl'] as string)).status).toBe(200);
    await stat(path.join(dataDir, 'jwt-key.json'));
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(out).toContain('SIGTERM: shutting down');
  }, 120_000);
});

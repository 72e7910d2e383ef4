/** WORKERS=N as `npm start` runs it: N workers on one port, restarts, one inbox, clean SIGTERM. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { processSettings } from './config.js';
import { freePort, freshDatabase } from './testing.js';

const backendDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const tsx = path.resolve(backendDir, '../../node_modules/.bin/tsx');
const url = process.env['DATABASE_URL'];

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function start(env: Record<string, string>): {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
} {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: backendDir,
    env: { ...process.env, BOOKING_MAILS_INTERVAL_MS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  return { child, output: () => out, exited };
}

async function until(what: () => boolean, ms: number, failure: () => string): Promise<void> {
  const end = Date.now() + ms;
  while (!what()) {
    if (Date.now() > end) throw new Error(failure());
    await sleep(100);
  }
}

describe('WORKERS settings', () => {
  it('is one process unless asked; more than one needs DATABASE_URL', () => {
    expect(processSettings({})).toEqual({ workers: 1 });
    expect(processSettings({ WORKERS: '3', DATABASE_URL: 'postgres://x' })).toEqual({
      workers: 3,
    });
    expect(processSettings({ WORKERS: 'auto', DATABASE_URL: 'postgres://x' }, 4)).toEqual({
      workers: 4,
    });
    expect(processSettings({ WORKERS: '1' })).toEqual({ workers: 1 });
    expect(() => processSettings({ WORKERS: '2' })).toThrow(/WORKERS=2 needs DATABASE_URL/);
    expect(() => processSettings({ WORKERS: 'auto' }, 2)).toThrow(/needs DATABASE_URL/);
    expect(() => processSettings({ WORKERS: 'two', DATABASE_URL: 'x' })).toThrow(
      /WORKERS must be a whole number/,
    );
    expect(() => processSettings({ WORKERS: '0', DATABASE_URL: 'x' })).toThrow(
      /WORKERS must be a whole number/,
    );
  });

  it('refuses to start several processes on PGlite', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'bistro-cluster-'));
    try {
      const run = start({ WORKERS: '2', DATABASE_URL: '', DATA_DIR: dir });
      expect(await run.exited).toBe(1);
      expect(run.output()).toContain('[backend] failed to start: WORKERS=2 needs DATABASE_URL');
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

// Runs under `npm run test:postgres` (scripts/with-postgres.sh sets DATABASE_URL).
describe.skipIf(!url)('WORKERS=2 on PostgreSQL', () => {
  let dir: string;
  let drop: () => Promise<void>;
  let dbUrl: string;
  beforeAll(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'bistro-cluster-'));
    const db = await freshDatabase(url as string);
    drop = db.drop;
    dbUrl = db.url;
  });
  afterAll(async () => {
    await drop?.();
    await rm(dir, { recursive: true, force: true });
  });

  it('serves from both workers, restarts a killed one, collects mail, stops on SIGTERM', async () => {
    const port = await freePort();
    const inboxPort = await freePort();
    const dataDir = path.join(dir, 'data');
    const run = start({
      WORKERS: '2',
      DATABASE_URL: dbUrl,
      PORT: String(port),
      INBOX_PORT: String(inboxPort),
      DATA_DIR: dataDir,
    });
    try {
      await until(
        () => run.output().includes('[backend] ready'),
        120_000,
        () => `not ready:\n${run.output()}`,
      );
      const keys = JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')) as {
        url: string;
        anonKey: string;
        inboxUrl: string;
      };
      expect(keys.url).toBe(`http://127.0.0.1:${port}`);
      const pids = [...run.output().matchAll(/(\d) \(pid (\d+)\)/g)].map((m) => Number(m[2]));
      expect(pids).toHaveLength(2);

      // sign-ups on fresh connections land on either worker; every mail reaches the one inbox
      const emails = Array.from({ length: 6 }, (_, i) => `cluster.${i}@example.test`);
      for (const email of emails) {
        const r = await fetch(`${keys.url}/auth/v1/signup`, {
          method: 'POST',
          headers: {
            apikey: keys.anonKey,
            'content-type': 'application/json',
            connection: 'close',
          },
          body: JSON.stringify({ email, password: 'a-long-password-1' }),
        });
        expect(r.status).toBe(200);
      }
      const inbox = (await (await fetch(`${keys.inboxUrl}/api/messages`)).json()) as {
        to: string;
      }[];
      expect(inbox.map((m) => m.to).sort()).toEqual([...emails].sort());

      process.kill(pids[0] as number, 'SIGKILL');
      await until(
        () => run.output().includes('is serving again'),
        60_000,
        () => `no restart:\n${run.output()}`,
      );
      for (let i = 0; i < 4; i++) {
        const r = await fetch(`${keys.url}/auth/v1/health`, {
          headers: { connection: 'close', apikey: keys.anonKey },
        });
        expect(r.status).toBe(200);
      }
    } finally {
      run.child.kill('SIGTERM');
    }
    expect(await run.exited).toBe(0);
    expect(run.output()).toContain('all workers stopped');
  });
});

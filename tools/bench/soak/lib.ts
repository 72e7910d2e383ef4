/**
 * Shared pieces of the soak runs: the real backend as a child process (so it can be killed
 * with SIGKILL), a throwaway PostgreSQL cluster with durable settings, an HTTP client that
 * tallies every answer, and account set-up through the GoTrue admin API.
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';

export const backendDir = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../apps/backend',
);
export const ADMIN = { email: 'admin@example.com', password: 'password123' };

export type DbKind = 'pglite' | 'postgres';
export const dbLabel = (db: DbKind) => (db === 'pglite' ? 'PGlite' : 'PostgreSQL');

export const envInt = (name: string, d: number): number => {
  const v = process.env[name];
  return v && /^[0-9]+$/.test(v) ? Number(v) : d;
};

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

// ---------------------------------------------------------------- the backend process

export interface BackendProc {
  child: ChildProcess;
  url: string;
  anonKey: string;
  serviceRoleKey: string;
  inboxUrl: string;
  /** milliseconds from spawn to ready */
  startMs: number;
  /** stderr lines that report an unexpected (500) error */
  unexpected: string[];
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  kill9(): Promise<void>;
  stop(): Promise<void>;
}

export interface BackendTarget {
  db: DbKind;
  dataDir: string;
  databaseUrl?: string;
}

/** Runs src/main.ts in a node process of its own (node --import tsx: no wrapper process). */
export async function startBackendProc(t: BackendTarget): Promise<BackendProc> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    INBOX_PORT: String(await freePort()),
    DATA_DIR: t.dataDir,
    // a new data folder starts as a copy of the migrated template (apps/backend/src/db/template.ts)
    DB_FROM_TEMPLATE: '1',
    JWT_EXPIRY: '7200',
    // the soak signs its members in through recovery codes from one address
    AUTH_RATE_LIMITS: JSON.stringify({
      perIp: { recover: { max: 100_000, windowMs: 300_000 } },
      mailsPerRecipient: { max: 100, windowMs: 3_600_000 },
    }),
  };
  delete env['DATABASE_URL'];
  if (t.db === 'postgres') env['DATABASE_URL'] = t.databaseUrl;
  const t0 = Date.now();
  const keysFile = path.join(t.dataDir, 'keys.json');
  await rm(keysFile, { force: true });
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const unexpected: string[] = [];
  let out = '';
  let err = '';
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
    if (out.length > 100_000) out = out.slice(-50_000);
  });
  child.stderr?.on('data', (d: Buffer) => {
    const s = d.toString();
    err += s;
    if (err.length > 100_000) err = err.slice(-50_000);
    for (const line of s.split('\n')) if (/unexpected error/i.test(line)) unexpected.push(line);
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let gone = false;
  void exited.then(() => (gone = true));
  const deadline = Date.now() + 180_000;
  while (!out.includes('[backend] ready')) {
    if (gone) throw new Error(`the backend exited during start-up:\n${out}\n${err}`);
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`the backend did not start within 180 s:\n${out}\n${err}`);
    }
    await sleep(100);
  }
  const keys = JSON.parse(await readFile(keysFile, 'utf8')) as {
    url: string;
    anonKey: string;
    serviceRoleKey: string;
    inboxUrl: string;
  };
  return {
    child,
    ...keys,
    startMs: Date.now() - t0,
    unexpected,
    exited,
    async kill9() {
      if (!gone) child.kill('SIGKILL');
      await exited;
    },
    async stop() {
      if (gone) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 20_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Starts the backend expecting it to refuse; returns its exit code and output. */
export async function startExpectingRefusal(
  t: BackendTarget,
  timeoutMs = 180_000,
): Promise<{ code: number | null; output: string; started: boolean }> {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(await freePort()),
    INBOX_PORT: String(await freePort()),
    DATA_DIR: t.dataDir,
    DB_FROM_TEMPLATE: '1',
  };
  delete env['DATABASE_URL'];
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: backendDir,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d: Buffer) => (output += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (output += d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (c) => resolve(c)));
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const code = await Promise.race([exited, sleep(200).then(() => undefined)]);
    if (code !== undefined) return { code, output, started: output.includes('[backend] ready') };
    if (output.includes('[backend] ready') || Date.now() > deadline) {
      child.kill('SIGTERM');
      const c = await exited;
      return { code: c, output, started: output.includes('[backend] ready') };
    }
  }
}

// ---------------------------------------------------------------- PostgreSQL

export interface PgCluster {
  url: string;
  port: number;
  /** kill -9 of the postmaster (its children notice and exit) */
  killPostmaster(): Promise<void>;
  start(): Promise<void>;
  destroy(): Promise<void>;
}

function findPgBin(): string {
  const fromEnv = process.env['SOAK_PG_BIN'];
  if (fromEnv && existsSync(path.join(fromEnv, 'pg_ctl'))) return fromEnv;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root)
    ? spawnSync('ls', [root]).stdout.toString().trim().split('\n').filter(Boolean)
    : [];
  for (const v of versions.sort((a, b) => Number(b) - Number(a))) {
    const bin = path.join(root, v, 'bin');
    if (existsSync(path.join(bin, 'pg_ctl'))) return bin;
  }
  throw new Error('PostgreSQL server binaries not found (set SOAK_PG_BIN or install postgresql)');
}

/**
 * A throwaway cluster on 127.0.0.1 with PostgreSQL's durable defaults (fsync and
 * synchronous_commit on: unlike scripts/with-postgres.sh, which turns them off for speed).
 */
export async function createPgCluster(): Promise<PgCluster> {
  const bin = findPgBin();
  const work = await mkdtemp(path.join(tmpdir(), 'bistro-soak-pg-'));
  const data = path.join(work, 'data');
  const root = process.getuid?.() === 0;
  const run = (args: string[]): { status: number | null; out: string } => {
    const r = root
      ? spawnSync('su', ['postgres', '-s', '/bin/sh', '-c', args.map((a) => `'${a}'`).join(' ')])
      : spawnSync(args[0] as string, args.slice(1));
    return { status: r.status, out: `${r.stdout?.toString() ?? ''}${r.stderr?.toString() ?? ''}` };
  };
  if (root) {
    const id = spawnSync('id', ['-u', 'postgres']).stdout.toString().trim();
    const gid = spawnSync('id', ['-g', 'postgres']).stdout.toString().trim();
    await chown(work, Number(id), Number(gid));
  }
  const init = run([
    path.join(bin, 'initdb'),
    '-D',
    data,
    '-U',
    'postgres',
    '-A',
    'trust',
    '-E',
    'UTF8',
    '--no-locale',
  ]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.out}`);
  const port = await freePort();
  const start = async () => {
    // after a kill -9 of the postmaster its children need a moment to notice and exit
    for (let i = 0; ; i++) {
      const r = run([
        path.join(bin, 'pg_ctl'),
        '-D',
        data,
        '-l',
        path.join(work, 'server.log'),
        '-w',
        '-t',
        '120',
        '-o',
        `-p ${port} -k ${work} -c listen_addresses=127.0.0.1 -c max_connections=100`,
        'start',
      ]);
      if (r.status === 0) return;
      if (i >= 30) {
        const log = existsSync(path.join(work, 'server.log'))
          ? readFileSync(path.join(work, 'server.log'), 'utf8').slice(-3000)
          : '';
        throw new Error(`PostgreSQL did not start:\n${r.out}\n${log}`);
      }
      await sleep(1000);
    }
  };
  await start();
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    port,
    async killPostmaster() {
      const pid = Number(readFileSync(path.join(data, 'postmaster.pid'), 'utf8').split('\n')[0]);
      process.kill(pid, 'SIGKILL');
      for (let i = 0; i < 100; i++) {
        try {
          process.kill(pid, 0);
        } catch {
          return;
        }
        await sleep(100);
      }
    },
    start,
    async destroy() {
      run([path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', 'stop']);
      await rm(work, { recursive: true, force: true });
    },
  };
}

// ---------------------------------------------------------------- HTTP with a tally

export class Tally {
  readonly counts = new Map<string, number>();
  readonly errors = new Map<string, number>();
  readonly samples: string[] = [];
  ops = 0;

  add(key: string): void {
    this.counts.set(key, (this.counts.get(key) ?? 0) + 1);
  }
  error(key: string, detail: string): void {
    this.errors.set(key, (this.errors.get(key) ?? 0) + 1);
    if (this.samples.length < 10) this.samples.push(`${key}: ${detail}`);
  }
  count5xx(): number {
    let n = 0;
    for (const [k, v] of this.counts) if (/ 5[0-9][0-9]$/.test(k)) n += v;
    return n;
  }
  countErrors(): number {
    let n = 0;
    for (const v of this.errors.values()) n += v;
    return n;
  }
  rows(): (string | number)[][] {
    return [...this.counts.entries()].sort().map(([k, v]) => [k, v]);
  }
}

export interface Answer {
  status: number;
  body: unknown;
}

export class Api {
  constructor(
    readonly url: string,
    readonly anonKey: string,
    readonly tally?: Tally,
  ) {}

  /** One request; `null` when it got no answer (connection refused/reset, timeout). */
  async call(
    method: string,
    pathAndQuery: string,
    opts: { token?: string; body?: unknown; prefer?: string; label?: string } = {},
  ): Promise<Answer | null> {
    const label = opts.label ?? `${method} ${pathAndQuery.split('?')[0]}`;
    const headers: Record<string, string> = {
      apikey: this.anonKey,
      authorization: `Bearer ${opts.token ?? this.anonKey}`,
    };
    if (opts.body !== undefined) headers['content-type'] = 'application/json';
    if (opts.prefer) headers['prefer'] = opts.prefer;
    if (this.tally) this.tally.ops++;
    try {
      const r = await fetch(`${this.url}${pathAndQuery}`, {
        method,
        headers,
        ...(opts.body !== undefined ? { body: JSON.stringify(opts.body) } : {}),
        signal: AbortSignal.timeout(envInt('SOAK_TIMEOUT_SECONDS', 120) * 1000),
      });
      const text = await r.text();
      this.tally?.add(`${label} ${r.status}`);
      if (r.status >= 500) this.tally?.error(`${label} ${r.status}`, text.slice(0, 300));
      let body: unknown = text;
      try {
        body = text ? JSON.parse(text) : null;
      } catch {
        // not JSON
      }
      return { status: r.status, body };
    } catch (e) {
      const cause = (e as { cause?: { code?: string } }).cause?.code ?? (e as Error).name;
      this.tally?.error(`${label} no answer (${cause})`, (e as Error).message);
      return null;
    }
  }

  /** GET all rows of a REST query as service role, 1000 at a time (the API's cap). */
  async all<R>(serviceKey: string, query: string): Promise<R[]> {
    const out: R[] = [];
    for (let offset = 0; ; offset += 1000) {
      const sep = query.includes('?') ? '&' : '?';
      const r = await this.call('GET', `/rest/v1/${query}${sep}limit=1000&offset=${offset}`, {
        token: serviceKey,
      });
      if (!r || r.status !== 200) throw new Error(`GET ${query}: ${r?.status} ${String(r?.body)}`);
      const rows = r.body as R[];
      out.push(...rows);
      if (rows.length < 1000) return out;
    }
  }
}

/** Runs `fn` over `items` with at most `n` at a time. */
export async function pool<T, R>(items: T[], n: number, fn: (t: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(n, items.length) }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i] as T);
      }
    }),
  );
  return out;
}

export interface Member {
  id: string;
  email: string;
  token: string;
}

export async function signIn(api: Api, email: string, password: string): Promise<Member> {
  for (let attempt = 0; ; attempt++) {
    const r = await api.call('POST', '/auth/v1/token?grant_type=password', {
      body: { email, password },
      label: 'sign-in',
    });
    if (r?.status === 200) {
      const b = r.body as { access_token: string; user: { id: string } };
      return { id: b.user.id, email, token: b.access_token };
    }
    if (attempt >= 3)
      throw new Error(`sign-in of ${email} failed: ${r?.status} ${String(r?.body)}`);
    await sleep(500);
  }
}

/**
 * Creates `n` confirmed members through the GoTrue admin API and signs each in with the
 * one-time code of a password-recovery mail (POST /recover, the dev inbox, POST /verify):
 * GoTrue's own flows, without 400 bcrypt rounds (cost 10) on a shared machine.
 */
export async function makeMembers(
  api: Api,
  serviceKey: string,
  inboxUrl: string,
  n: number,
  prefix: string,
): Promise<Member[]> {
  const emails = Array.from({ length: n }, (_, i) => `${prefix}-${i}@soak.example.com`);
  return pool(emails, 8, async (email) => {
    const r = await api.call('POST', '/auth/v1/admin/users', {
      token: serviceKey,
      body: {
        email,
        email_confirm: true,
        user_metadata: { first_name: 'Soak', last_name: email.split('@')[0] },
      },
      label: 'admin create user',
    });
    if (r?.status !== 200)
      throw new Error(`creating ${email} failed: ${r?.status} ${JSON.stringify(r?.body)}`);
    const id = (r.body as { id: string }).id;
    const rec = await api.call('POST', '/auth/v1/recover', { body: { email }, label: 'recover' });
    if (rec?.status !== 200) throw new Error(`recover ${email}: ${rec?.status}`);
    let otp: string | undefined;
    for (let i = 0; i < 50 && !otp; i++) {
      const mails = (await (
        await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(email)}`)
      ).json()) as { text: string }[];
      otp = mails.map((m) => /enter this code: ([0-9]+)/.exec(m.text)?.[1]).find(Boolean);
      if (!otp) await sleep(100);
    }
    if (!otp) throw new Error(`no recovery mail for ${email}`);
    const v = await api.call('POST', '/auth/v1/verify', {
      body: { type: 'recovery', email, token: otp },
      label: 'verify',
    });
    if (v?.status !== 200)
      throw new Error(`verify ${email}: ${v?.status} ${JSON.stringify(v?.body)}`);
    const token = (v.body as { access_token: string }).access_token;
    return { id, email, token };
  });
}

export const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)] as T;
export const rand = (a: number, b: number) => a + Math.random() * (b - a);
export { sleep };

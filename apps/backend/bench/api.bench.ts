/**
 * API benchmark of the lounge's three polled reads (every 5 s per open lounge page):
 *   1. song_requests of tonight ordered by vote_count desc, created_at asc
 *   2. song_votes: song_request_id of the signed-in member
 *   3. dj_ratings of the live DJ for today, newest first, limit 5
 * Starts the real backend (src/main.ts) as a child process on a free 127.0.0.1 port with a
 * throwaway data folder, signs in as a seed member, then drives each read with autocannon
 * (200 connections, after a 1 s warm-up, BENCH_DURATION seconds each, default 5) and prints req/s and p50/p95/p99.
 *
 *   npx tsx apps/backend/bench/api.bench.ts              # PGlite, then PostgreSQL (via with-postgres.sh)
 *   npx tsx bench/api.bench.ts --db pglite
 *   scripts/with-postgres.sh npx tsx bench/api.bench.ts --db postgres   (needs DATABASE_URL)
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';

const here = path.dirname(fileURLToPath(import.meta.url));
const backendDir = path.resolve(here, '..');
const dbArg = process.argv.includes('--db')
  ? process.argv[process.argv.indexOf('--db') + 1]
  : 'both';
const DURATION = Number(process.env['BENCH_DURATION'] ?? 5);
const CONNECTIONS = Number(process.env['BENCH_CONNECTIONS'] ?? 200);
const MEMBER = {
  email: 'maya@example.com',
  password: 'password123',
  id: 'a0000000-0000-4000-8000-000000000002',
};

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });
}

async function startServer(
  dataDir: string,
  db: string,
): Promise<{ child: ChildProcess; url: string; anonKey: string }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    INBOX_PORT: String(await freePort()),
    DATA_DIR: dataDir,
  };
  if (db === 'pglite') delete env['DATABASE_URL'];
  else if (!env['DATABASE_URL'])
    throw new Error('--db postgres needs DATABASE_URL (run through scripts/with-postgres.sh)');
  const tsx = path.resolve(backendDir, '../../node_modules/.bin/tsx');
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: backendDir,
    env,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  await new Promise<void>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`backend did not start:\n${out}`)), 120_000);
    child.stdout?.on('data', (d: Buffer) => {
      out += d.toString();
      if (out.includes('[backend] ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new Error(`backend exited with ${code}:\n${out}`)));
  });
  const keys = JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')) as {
    url: string;
    anonKey: string;
  };
  return { child, url: keys.url, anonKey: keys.anonKey };
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

interface Row {
  name: string;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  errors: number;
  non2xx: number;
}

async function run(name: string, url: string, headers: Record<string, string>): Promise<Row> {
  // one unrecorded second first: JIT, plan caches and connection set-up
  await autocannon({ url, connections: CONNECTIONS, duration: 1, headers });
  const latencies: number[] = [];
  const instance = autocannon({ url, connections: CONNECTIONS, duration: DURATION, headers });
  instance.on(
    'response',
    (_client: unknown, _status: number, _bytes: number, responseTime: number) => {
      latencies.push(responseTime);
    },
  );
  const result = await instance;
  latencies.sort((a, b) => a - b);
  return {
    name,
    rps: result.requests.average,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
  };
}

async function main(): Promise<void> {
  if (dbArg === 'both') {
    await bench('pglite');
    // PostgreSQL: a throwaway cluster through with-postgres.sh, which exports DATABASE_URL
    const r = spawnSync(
      path.join(backendDir, 'scripts/with-postgres.sh'),
      ['npx', 'tsx', 'bench/api.bench.ts', '--db', 'postgres'],
      {
        cwd: backendDir,
        stdio: 'inherit',
      },
    );
    if (r.status !== 0) throw new Error(`the PostgreSQL run failed (${r.status ?? r.signal})`);
    return;
  }
  if (dbArg !== 'pglite' && dbArg !== 'postgres')
    throw new Error('--db must be pglite, postgres or both');
  await bench(dbArg);
}

async function bench(db: 'pglite' | 'postgres'): Promise<void> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-bench-'));
  const { child, url, anonKey } = await startServer(dataDir, db);
  try {
    const login = await fetch(`${url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: MEMBER.email, password: MEMBER.password }),
    });
    if (!login.ok) throw new Error(`sign-in failed: ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { access_token: string }).access_token;
    const headers = { apikey: anonKey, authorization: `Bearer ${token}` };
    const get = async (p: string) => {
      const r = await fetch(`${url}/rest/v1/${p}`, { headers });
      if (!r.ok) throw new Error(`${p}: ${r.status} ${await r.text()}`);
      return (await r.json()) as Record<string, unknown>[];
    };
    const tonight = (await get('song_requests?select=event_date&limit=1'))[0]?.[
      'event_date'
    ] as string;
    const dj = (await get('djs?select=id&is_active=eq.true&order=name.asc&limit=1'))[0]?.[
      'id'
    ] as string;
    const since = new Date(Date.now() - 6 * 3600_000).toISOString();
    const reads: [string, string][] = [
      [
        'song_requests tonight (order vote_count.desc, created_at.asc)',
        `song_requests?select=*&event_date=eq.${tonight}&created_at=gte.${encodeURIComponent(since)}&order=vote_count.desc,created_at.asc`,
      ],
      [
        'song_votes by user (select song_request_id)',
        `song_votes?select=song_request_id&user_id=eq.${MEMBER.id}`,
      ],
      [
        'dj_ratings of the DJ today (limit 5)',
        `dj_ratings?select=*&dj_id=eq.${dj}&performance_date=eq.${tonight}&order=created_at.desc&limit=5`,
      ],
    ];
    for (const [, p] of reads) await get(p); // warm up and fail fast on a broken query
    const rows: Row[] = [];
    for (const [name, p] of reads) rows.push(await run(name, `${url}/rest/v1/${p}`, headers));

    const label = db === 'postgres' ? 'PostgreSQL' : 'PGlite';
    console.log(
      `\nAPI benchmark, ${label}: ${CONNECTIONS} connections, ${DURATION}s per read, 127.0.0.1`,
    );
    console.log(
      'read'.padEnd(64) +
        'req/s'.padStart(9) +
        'p50 ms'.padStart(9) +
        'p95 ms'.padStart(9) +
        'p99 ms'.padStart(9) +
        '  errors/non-2xx',
    );
    for (const r of rows) {
      console.log(
        r.name.padEnd(64) +
          r.rps.toFixed(0).padStart(9) +
          r.p50.toFixed(0).padStart(9) +
          r.p95.toFixed(0).padStart(9) +
          r.p99.toFixed(0).padStart(9) +
          `  ${r.errors}/${r.non2xx}`,
      );
    }
  } finally {
    child.kill('SIGTERM');
    await new Promise((r) => child.once('exit', r));
    await rm(dataDir, { recursive: true, force: true });
  }
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

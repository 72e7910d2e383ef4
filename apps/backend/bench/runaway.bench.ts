/**
 * One runaway request against the rest of the service. An attacker with only the anon key sends
 * a regular expression with catastrophic backtracking (each statement would run for seconds,
 * minutes with one more group), back to back, for BENCH_ATTACK_MS. Meanwhile:
 *
 *   1. /auth/v1/health is polled (one request at a time, every 20 ms): p50, p99, max (target:
 *      p99 <= 100 ms);
 *   2. a database read (anon, one row) is polled: after each runaway answer (504, 57014), the time
 *      until a read answers 200 again is the time from overrun to a working database.
 *
 * Then the cost of the worker hop: a closed loop of authenticated reads (a member's token, C
 * requests in flight) for BENCH_LOOP_MS, on PGlite in-process (no worker, as before) and in the
 * worker: requests/s, p50, p99. The clients run in this process, beside the backend, alike for
 * both.
 *
 *   npx tsx apps/backend/bench/runaway.bench.ts                      # PGlite
 *   apps/backend/scripts/with-postgres.sh npx tsx apps/backend/bench/runaway.bench.ts --db postgres
 *   BENCH_BEFORE=1 npx tsx apps/backend/bench/runaway.bench.ts       # also health with in-process
 *                                                                     # PGlite (no timeout)
 *
 * Env (defaults in brackets): BENCH_ATTACK_MS [15000], BENCH_LOOP_MS [5000], BENCH_LOOP_C [8],
 * BENCH_BEFORE [unset]. Prints a table, then one JSON line (`RESULT {...}`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startBackend, type Backend } from '../src/server.js';
import { DEFAULT_STATEMENT_TIMEOUTS } from '../src/db/options.js';

const env = process.env;
const num = (v: string | undefined, d: number) => (v ? Number(v) : d);
const ATTACK_MS = num(env['BENCH_ATTACK_MS'], 15_000);
const LOOP_MS = num(env['BENCH_LOOP_MS'], 5_000);
const LOOP_C = num(env['BENCH_LOOP_C'], 8);
const BEFORE = Boolean(env['BENCH_BEFORE']);
const dbArg = process.argv.includes('--db')
  ? process.argv[process.argv.indexOf('--db') + 1]
  : 'pglite';

const RUNAWAY = '/rest/v1/events?select=id&description=match.^(.*?)*(.*)(.*)(.*)(.*)\\1$';
const READ = '/rest/v1/events?select=id,title,event_date&order=event_date&limit=10';
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

function stats(ms: number[]) {
  const s = [...ms].sort((a, b) => a - b);
  const at = (p: number) =>
    s.length ? (s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)] as number) : NaN;
  return { n: s.length, p50: at(50), p99: at(99), max: s.length ? (s.at(-1) as number) : NaN };
}
const r1 = (x: number) => Math.round(x * 10) / 10;

interface Target {
  label: string;
  databaseUrl?: string;
  inProcess?: boolean;
}

async function withBackend<T>(t: Target, fn: (b: Backend) => Promise<T>): Promise<T> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-runaway-'));
  const b = await startBackend({
    dataDir,
    port: 0,
    inboxPort: 0,
    ...(t.databaseUrl ? { databaseUrl: t.databaseUrl } : {}),
    config: {
      rateLimit: { max: 100_000, windowMs: 60_000 },
      ...(t.inProcess ? { db: { pgliteInProcess: true } } : {}),
    },
    log: () => undefined,
  });
  try {
    return await fn(b);
  } finally {
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function get(b: Backend, p: string, token = b.anonKey) {
  const t = performance.now();
  const res = await fetch(`${b.url}${p}`, {
    headers: { apikey: b.anonKey, authorization: `Bearer ${token}` },
  });
  const body = await res.text();
  return { status: res.status, body, ms: performance.now() - t };
}

/** Polls `p` one request at a time until `stop()` says so. */
async function poll(b: Backend, p: string, every: number, stop: () => boolean) {
  const out: { at: number; status: number; ms: number }[] = [];
  while (!stop()) {
    const at = performance.now();
    const r = await get(b, p);
    out.push({ at, status: r.status, ms: r.ms });
    await sleep(every);
  }
  return out;
}

async function attack(t: Target, durationMs: number) {
  return withBackend(t, async (b) => {
    for (let i = 0; i < 5; i++) await get(b, '/auth/v1/health'); // warm
    const end = performance.now() + durationMs;
    let stop = false;
    const answers: { status: number; code: string; sentAt: number; doneAt: number }[] = [];
    const attacker = (async () => {
      do {
        const sentAt = performance.now();
        const r = await get(b, RUNAWAY);
        const code = (JSON.parse(r.body) as { code?: string }).code ?? '';
        answers.push({ status: r.status, code, sentAt, doneAt: performance.now() });
      } while (performance.now() < end);
      stop = true;
    })();
    await sleep(200); // the first runaway statement is running
    const [health, reads] = await Promise.all([
      poll(b, '/auth/v1/health', 20, () => stop),
      poll(b, READ, 10, () => stop),
      attacker,
    ]);
    // time from each runaway answer to the first read that started after it and answered 200
    const recovery = answers.map((a) => {
      const ok = reads.find((r) => r.at >= a.doneAt && r.status === 200);
      return ok ? ok.at + ok.ms - a.doneAt : NaN;
    });
    return {
      health: stats(health.map((h) => h.ms)),
      healthErrors: health.filter((h) => h.status !== 200).length,
      runaway: answers.map((a) => ({
        status: a.status,
        code: a.code,
        ms: Math.round(a.doneAt - a.sentAt),
      })),
      recoveryMs: stats(recovery.filter((x) => Number.isFinite(x))),
      readsFailed: reads.filter((r) => r.status !== 200).length,
    };
  });
}

async function readLoop(t: Target) {
  return withBackend(t, async (b) => {
    const signIn = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: b.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'leo@example.com', password: 'password123' }),
    });
    const { access_token: token } = (await signIn.json()) as { access_token: string };
    const run = async (ms: number) => {
      const lat: number[] = [];
      let errors = 0;
      const end = performance.now() + ms;
      await Promise.all(
        Array.from({ length: LOOP_C }, async () => {
          while (performance.now() < end) {
            const r = await get(b, READ, token);
            if (r.status === 200) lat.push(r.ms);
            else errors++;
          }
        }),
      );
      return { rps: Math.round(lat.length / (ms / 1000)), ...stats(lat), errors };
    };
    await run(1_000); // warm
    return run(LOOP_MS);
  });
}

async function main() {
  const result: Record<string, unknown> = {
    anonTimeoutMs: DEFAULT_STATEMENT_TIMEOUTS.anon,
    attackMs: ATTACK_MS,
  };
  const rows: string[][] = [];
  const targets: Target[] =
    dbArg === 'postgres'
      ? [{ label: 'postgres', databaseUrl: env['DATABASE_URL'] ?? '' }]
      : [{ label: 'pglite-worker' }];
  if (dbArg === 'postgres' && !env['DATABASE_URL'])
    throw new Error('--db postgres needs DATABASE_URL (run through scripts/with-postgres.sh)');
  if (BEFORE && dbArg !== 'postgres')
    targets.unshift({ label: 'pglite-in-process', inProcess: true });

  for (const t of targets) {
    // in-process there is no timeout: one runaway request shows the freeze
    const a = await attack(t, t.inProcess ? 1 : ATTACK_MS);
    result[`attack:${t.label}`] = a;
    rows.push([
      `${t.label}: /auth/v1/health during the attack (ms)`,
      `p50 ${r1(a.health.p50)}  p99 ${r1(a.health.p99)}  max ${r1(a.health.max)}  n ${a.health.n}`,
      `p99 <= 100: ${a.health.p99 <= 100 ? 'met' : 'NOT met'}`,
    ]);
    rows.push([
      `${t.label}: runaway answers`,
      a.runaway.map((r) => `${r.status}/${r.code} in ${r.ms} ms`).join(', '),
      '',
    ]);
    rows.push([
      `${t.label}: overrun -> working database (ms)`,
      `p50 ${r1(a.recoveryMs.p50)}  max ${r1(a.recoveryMs.max)}  n ${a.recoveryMs.n}`,
      `reads failed: ${a.readsFailed}`,
    ]);
  }

  if (dbArg !== 'postgres') {
    for (const t of [
      { label: 'pglite-in-process', inProcess: true },
      { label: 'pglite-worker' },
    ] satisfies Target[]) {
      const l = await readLoop(t);
      result[`reads:${t.label}`] = l;
      rows.push([
        `${t.label}: member read loop (${LOOP_C} in flight)`,
        `${l.rps} req/s  p50 ${r1(l.p50)} ms  p99 ${r1(l.p99)} ms`,
        `errors: ${l.errors}`,
      ]);
    }
  }
  result['load1'] = r1(loadavg()[0] ?? NaN);

  const w = Math.max(...rows.map((r) => (r[0] ?? '').length));
  console.log(`\nrunaway bench (${dbArg}; 1-min load ${result['load1']}, 2 cores shared)`);
  for (const r of rows) console.log(`  ${(r[0] ?? '').padEnd(w)}  ${r[1]}  ${r[2]}`);
  console.log(`RESULT ${JSON.stringify(result)}`);
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

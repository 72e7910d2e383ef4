/**
 * One runaway request against the rest of the service. An attacker with only the anon key sends
 * a regular expression with catastrophic backtracking (each statement would run for seconds,
 * minutes with one more group), back to back, for BENCH_ATTACK_MS. Measured:
 *
 *   1. /auth/v1/health, polled one request at a time every 20 ms during the attack: p50, p99,
 *      max (target: p99 <= 100 ms);
 *   2. overrun -> working database: after one runaway answer (500, 57014), the time until a
 *      database read answers 200 again; three times (the first reopen boots a worker, the next
 *      ones find a standby);
 *   3. the cost of the worker hop: a closed loop of authenticated reads (a member's token,
 *      BENCH_LOOP_C in flight), twice BENCH_LOOP_MS, on PGlite in-process (as before the
 *      worker) and in the worker: requests/s, p50, p99.
 * Clients run on a thread of their own (they keep measuring while an in-process PGlite blocks
 * the backend's thread); the backend runs in this process, with a throwaway data folder.
 *
 *   npx tsx tools/bench/api/runaway.bench.ts                      # PGlite
 *   BENCH_BEFORE=1 npx tsx tools/bench/api/runaway.bench.ts       # + health while one runaway
 *                                                                     #   request runs in-process
 *   apps/backend/scripts/with-postgres.sh npx tsx tools/bench/api/runaway.bench.ts --db postgres
 *
 * Env (defaults in brackets): BENCH_ATTACK_MS [15000], BENCH_LOOP_MS [5000], BENCH_LOOP_C [8],
 * BENCH_BEFORE [unset]. Prints a table, then one JSON line (`RESULT {...}`).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import {
  DEFAULT_STATEMENT_TIMEOUTS,
  startBackend,
  type Backend,
} from '../../../apps/backend/src/server.js';
import { dataDirFromTemplate } from '../../../apps/backend/src/db/template.js';
import { writeBenchPart } from '../report.mjs';
import { envNum as num } from './load-settings.js';

const env = process.env;
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
  // migrated once per run (the backend's template builder), copied into the data folder
  if (!t.databaseUrl) await dataDirFromTemplate(dataDir);
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

interface Sample {
  /** when the request was sent, ms since the epoch */
  at: number;
  ms: number;
  status: number;
}

/**
 * Clients on a thread of their own: `concurrency` loops, each sending GET url and waiting
 * `everyMs` after each answer, for `durationMs`. They measure even while the backend's thread
 * is blocked (in-process PGlite), which clients on that thread could not.
 */
const CLIENTS = `
const { parentPort, workerData: w } = require('node:worker_threads');
const now = () => performance.timeOrigin + performance.now();
(async () => {
  const out = [];
  const end = now() + w.durationMs;
  await Promise.all(Array.from({ length: w.concurrency }, async () => {
    while (now() < end) {
      const at = now();
      let status = 0;
      try {
        const res = await fetch(w.url, { headers: w.headers });
        await res.arrayBuffer();
        status = res.status;
      } catch {}
      out.push({ at, ms: now() - at, status });
      if (w.everyMs) await new Promise((r) => setTimeout(r, w.everyMs));
    }
  }));
  parentPort.postMessage(out);
})();
`;

function clients(
  b: Backend,
  p: string,
  opts: { token?: string; concurrency: number; durationMs: number; everyMs: number },
): Promise<Sample[]> {
  const token = opts.token ?? b.anonKey;
  const w = new Worker(CLIENTS, {
    eval: true,
    workerData: {
      url: `${b.url}${p}`,
      headers: { apikey: b.anonKey, authorization: `Bearer ${token}` },
      concurrency: opts.concurrency,
      durationMs: opts.durationMs,
      everyMs: opts.everyMs,
    },
  });
  return new Promise((resolve, reject) => {
    w.once('message', (m: Sample[]) => {
      resolve(m);
      void w.terminate();
    });
    w.once('error', reject);
  });
}

/** The attacker repeats the runaway request for durationMs (at least once). */
async function attack(b: Backend, durationMs: number) {
  for (let i = 0; i < 5; i++) await get(b, '/auth/v1/health'); // warm
  // in-process, one runaway statement blocks this thread: give the health clients room
  const health = clients(b, '/auth/v1/health', {
    concurrency: 1,
    durationMs: Math.max(durationMs, 3_000) + 500,
    everyMs: 20,
  });
  await sleep(300);
  const answers: { status: number; code: string; ms: number }[] = [];
  const end = performance.now() + durationMs;
  do {
    const r = await get(b, RUNAWAY);
    const code = (JSON.parse(r.body) as { code?: string }).code ?? '';
    answers.push({ status: r.status, code, ms: Math.round(r.ms) });
  } while (performance.now() < end);
  const h = await health;
  return {
    health: stats(h.map((x) => x.ms)),
    healthErrors: h.filter((x) => x.status !== 200).length,
    runaway: answers,
  };
}

/** One runaway request, then reads until one answers 200: overrun to a working database. */
async function recovery(b: Backend, times: number) {
  const out: number[] = [];
  for (let i = 0; i < times; i++) {
    const r = await get(b, RUNAWAY);
    if (r.status !== 500) throw new Error(`the runaway request answered ${r.status}`);
    const overrun = performance.now();
    for (;;) {
      const read = await get(b, READ);
      if (read.status === 200) break;
    }
    out.push(performance.now() - overrun);
  }
  return out;
}

async function readLoop(b: Backend) {
  const signIn = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'leo@example.com', password: 'password123' }),
  });
  const { access_token: token } = (await signIn.json()) as { access_token: string };
  const run = async (durationMs: number) => {
    const s = await clients(b, READ, { token, concurrency: LOOP_C, durationMs, everyMs: 0 });
    const ok = s.filter((x) => x.status === 200);
    return {
      rps: Math.round(ok.length / (durationMs / 1000)),
      ...stats(ok.map((x) => x.ms)),
      errors: s.length - ok.length,
    };
  };
  await run(1_000); // warm
  return [await run(LOOP_MS), await run(LOOP_MS)];
}

async function main() {
  if (dbArg === 'postgres' && !env['DATABASE_URL'])
    throw new Error('--db postgres needs DATABASE_URL (run through scripts/with-postgres.sh)');
  const result: Record<string, unknown> = {
    anonTimeoutMs: DEFAULT_STATEMENT_TIMEOUTS.anon,
    attackMs: ATTACK_MS,
  };
  const rows: string[][] = [];
  const targets: Target[] =
    dbArg === 'postgres'
      ? [{ label: 'postgres', databaseUrl: env['DATABASE_URL'] ?? '' }]
      : [{ label: 'pglite-in-process', inProcess: true }, { label: 'pglite-worker' }];

  for (const t of targets) {
    await withBackend(t, async (b) => {
      // in-process there is no timeout: one runaway request shows the freeze
      if (!t.inProcess || BEFORE) {
        const a = await attack(b, t.inProcess ? 1 : ATTACK_MS);
        result[`attack:${t.label}`] = a;
        rows.push([
          `${t.label}: /auth/v1/health during the attack (ms)`,
          `p50 ${r1(a.health.p50)}  p99 ${r1(a.health.p99)}  max ${r1(a.health.max)}  n ${a.health.n}`,
          `p99 <= 100: ${a.health.p99 <= 100 ? 'met' : 'NOT met'}`,
        ]);
        const answers = a.runaway.map((r) => `${r.status}/${r.code || '-'} ${r.ms}`);
        rows.push([`${t.label}: runaway answers (status/code ms)`, answers.join(', '), '']);
      }
      if (!t.inProcess) {
        const rec = await recovery(b, 3);
        result[`recovery:${t.label}`] = rec;
        rows.push([
          `${t.label}: overrun -> working database (ms)`,
          rec.map((x) => Math.round(x)).join(', '),
          t.databaseUrl
            ? '(no restart: the server cancels)'
            : '(1st boots a worker, then the standby)',
        ]);
      }
      if (!t.databaseUrl) {
        const loops = await readLoop(b);
        result[`reads:${t.label}`] = loops;
        for (const l of loops)
          rows.push([
            `${t.label}: member read loop (${LOOP_C} in flight)`,
            `${l.rps} req/s  p50 ${r1(l.p50)} ms  p99 ${r1(l.p99)} ms`,
            `errors: ${l.errors}`,
          ]);
      }
    });
  }
  result['load1'] = r1(loadavg()[0] ?? NaN);

  const w = Math.max(...rows.map((r) => (r[0] ?? '').length));
  console.log(`\nrunaway bench (${dbArg}; 1-min load ${result['load1']}, 2 cores shared)`);
  for (const r of rows) console.log(`  ${(r[0] ?? '').padEnd(w)}  ${r[1]}  ${r[2]}`);
  console.log(`RESULT ${JSON.stringify(result)}`);

  const figures: {
    name: string;
    value: number;
    unit: string;
    target?: string;
    met?: boolean;
  }[] = [];
  for (const t of targets) {
    const a = result[`attack:${t.label}`] as { health: { p99: number } } | undefined;
    if (a && !t.inProcess)
      figures.push({
        name: `/auth/v1/health p99 during a runaway request, ${t.label}`,
        value: r1(a.health.p99),
        unit: 'ms',
        target: '<= 100',
        met: a.health.p99 <= 100,
      });
    const rec = result[`recovery:${t.label}`] as number[] | undefined;
    if (rec?.length)
      figures.push({
        name: `overrun -> working database (worst of ${rec.length}), ${t.label}`,
        value: Math.round(Math.max(...rec)),
        unit: 'ms',
      });
  }
  writeBenchPart({
    id: 'runaway',
    title: 'One runaway request against the rest of the service',
    notes:
      `An anon request with a catastrophic regular expression, back to back for ${ATTACK_MS / 1000} s, ` +
      `while /auth/v1/health is polled; then the time until the database answers again after an ` +
      `overrun, and a member read loop (${LOOP_C} in flight) with PGlite on the HTTP thread ` +
      `(as before the worker) and in its worker. 1-min load ${String(result['load1'])}.`,
    figures,
    tables: [{ title: 'Figures', columns: ['measure', 'value', 'note'], rows }],
  });
}

main().then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

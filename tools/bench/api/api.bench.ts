/**
 * The lounge under load: N members each polling the lounge's three reads every 5 s, open loop
 * (N*3/5 requests per second whatever the server does), on PGlite and on PostgreSQL.
 *
 *   1. song_requests of tonight (created in the last 6 h), by vote_count desc, created_at asc
 *   2. song_votes: the member's song_request_ids tonight
 *   3. dj_ratings of the live DJ for tonight, newest 5, with the exact count
 *
 * The backend runs in this process (apps/backend/src/server.ts, as src/main.ts starts it) on an ephemeral
 * 127.0.0.1 port with a throwaway data folder; the load generator (load-worker.mjs) runs in a
 * worker thread with a keep-alive agent, so it never waits on the backend's event loop. Members
 * are real auth users with a session row, created with SQL (generate_series); each gets its own
 * access token with the claims GoTrue issues, signed by the backend's key (signing in thousands
 * through the rate-limited password grant is not possible). Latency counts from the moment a
 * poll was due, so a saturated server or generator cannot hide queueing.
 *
 * Steps: N = 250, 500, 1000, 2000, 4000 with 100 song requests tonight; then a bisection for the
 * largest N with p99 <= 100 ms and no errors; then N = 500 with 100, 1,000 and 10,000 rows.
 *
 *   npx tsx tools/bench/api/api.bench.ts              # PGlite, then PostgreSQL (with-postgres.sh)
 *   npx tsx tools/bench/api/api.bench.ts --db pglite
 *
 * Env (defaults in brackets): BENCH_LEVELS [250,500,1000,2000,4000], BENCH_WARMUP_MS [5000],
 * BENCH_MEASURE_MS [5000], BENCH_TIMEOUT_MS [5000], BENCH_SEARCH_STEPS [2], BENCH_MAX_N [8000],
 * BENCH_ROWS [100,1000,10000], BENCH_ROWS_N [500], BENCH_SOCKETS [256], BENCH_P99_MS [100].
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import { startBackend, type Backend } from '../../../apps/backend/src/server.js';
import { onBothDatabases, type DbKind } from '../both-databases.js';
import { writeBenchPart } from '../report.mjs';
import {
  allLatencies,
  bisect,
  f0,
  f1,
  percentile,
  runStep,
  startLoadWorker,
  type WorkerResult,
} from './load.js';
import { envList, envNum, P99_MS, SEARCH_STEPS, SOCKETS, TIMING } from './load-settings.js';
import { loungeNight, memberTokens, seedMembers, seedTonight } from './lounge-seed.js';

const thisFile = fileURLToPath(import.meta.url);
const env = process.env;
const LEVELS = envList(env['BENCH_LEVELS'], [250, 500, 1000, 2000, 4000]);
const MAX_N = envNum(env['BENCH_MAX_N'], 8000);
const ROWS = envList(env['BENCH_ROWS'], [100, 1000, 10000]);
const ROWS_N = envNum(env['BENCH_ROWS_N'], 500);
const BASE_ROWS = ROWS[0] ?? 100;
const MEMBERS = Math.max(...LEVELS, ROWS_N, MAX_N);
const READS = ['song_requests', 'song_votes', 'dj_ratings'];

interface StepResult {
  n: number;
  rows: number;
  offered: number;
  rps: number;
  p50: number;
  p95: number;
  p99: number;
  max: number;
  perRead: { p50: number; p99: number }[];
  errors: number;
  errorKinds: Record<string, number>;
  latenessP99: number;
  kbPerResponse: number;
  pass: boolean;
  /** the machine's 1-minute load average when the step ended (2 cores, shared) */
  load: number;
  /** CPU time of this whole process (backend + generator; not PostgreSQL's own processes) per answered request */
  cpuMsPerRequest: number;
  /** set when the step was not run because a smaller N already saturated the server */
  skipped?: string;
}

interface DbResult {
  db: DbKind;
  levels: StepResult[];
  search: StepResult[];
  rows: StepResult[];
  largestN: number;
  /** true when the largest N tried passed (the true limit may be higher) */
  capped: boolean;
  seconds: number;
}

/** Same claim names as a real sign-in, so the bench's tokens cost the server the same. */
async function checkClaimsShape(b: Backend, sample: string): Promise<void> {
  const r = await fetch(`${b.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: b.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'maya@example.com', password: 'password123' }),
  });
  if (!r.ok) throw new Error(`sign-in failed: ${r.status} ${await r.text()}`);
  const real = ((await r.json()) as { access_token: string }).access_token;
  const keysOf = (t: string) =>
    Object.keys(JSON.parse(Buffer.from(t.split('.')[1] as string, 'base64url').toString()))
      .sort()
      .join(',');
  if (keysOf(real) !== keysOf(sample))
    throw new Error(`bench token claims differ: ${keysOf(sample)} vs ${keysOf(real)}`);
}

function summarise(w: WorkerResult, rows: number, cpuMs: number): StepResult {
  const sortedAll = allLatencies(w);
  const perRead = w.latencies.map((l) => {
    const s = Float64Array.from(l).sort();
    return { p50: percentile(s, 50), p99: percentile(s, 99) };
  });
  const late = Float64Array.from(w.lateness).sort();
  const p99 = percentile(sortedAll, 99);
  return {
    n: w.n,
    rows,
    offered: (w.n * 3 * 1000) / TIMING.periodMs,
    rps: w.rps,
    p50: percentile(sortedAll, 50),
    p95: percentile(sortedAll, 95),
    p99,
    max: sortedAll.length ? (sortedAll[sortedAll.length - 1] as number) : NaN,
    perRead,
    errors: w.errors,
    errorKinds: w.errorKinds,
    latenessP99: percentile(late, 99),
    kbPerResponse: w.bytesPerResponse / 1024,
    pass: w.errors === 0 && sortedAll.length > 0 && p99 <= P99_MS,
    load: loadavg()[0] ?? NaN,
    cpuMsPerRequest: w.completed ? cpuMs / w.completed : NaN,
  };
}

function emptyStep(n: number, rows: number): StepResult {
  return {
    n,
    rows,
    offered: (n * 3 * 1000) / TIMING.periodMs,
    rps: NaN,
    p50: NaN,
    p95: NaN,
    p99: NaN,
    max: NaN,
    perRead: [],
    errors: 0,
    errorKinds: {},
    latenessP99: NaN,
    kbPerResponse: NaN,
    pass: false,
    load: loadavg()[0] ?? NaN,
    cpuMsPerRequest: NaN,
  };
}

export const STEP_COLUMNS = [
  'N',
  'rows',
  'req/s offered',
  'req/s served',
  'p50 ms',
  'p95 ms',
  'p99 ms',
  'max ms',
  'p99 requests / votes / ratings ms',
  'errors',
  'send late p99 ms',
  'KiB/resp',
  'load avg',
  'CPU ms/req',
  'p99 <= 100, 0 errors',
];

function stepRow(s: StepResult): (string | number)[] {
  if (s.skipped)
    return [s.n, s.rows, f0(s.offered), s.skipped, ...STEP_COLUMNS.slice(4).map(() => '')];
  return [
    s.n,
    s.rows,
    f0(s.offered),
    f0(s.rps),
    f1(s.p50),
    f1(s.p95),
    f1(s.p99),
    f0(s.max),
    s.perRead.map((r) => f1(r.p99)).join(' / '),
    s.errors ? `${s.errors} ${JSON.stringify(s.errorKinds)}` : 0,
    f1(s.latenessP99),
    f1(s.kbPerResponse),
    f1(s.load),
    f1(s.cpuMsPerRequest),
    s.pass ? 'yes' : 'no',
  ];
}

function printStep(label: string, s: StepResult): void {
  console.log(
    `[${label}] N=${s.n} rows=${s.rows}: ${f0(s.rps)}/${f0(s.offered)} req/s, ` +
      `p50 ${f1(s.p50)} p95 ${f1(s.p95)} p99 ${f1(s.p99)} max ${f0(s.max)} ms ` +
      `(p99 ${READS.map((r, i) => `${r} ${f1(s.perRead[i]?.p99 ?? NaN)}`).join(', ')}), ` +
      `errors ${s.errors}${s.errors ? ' ' + JSON.stringify(s.errorKinds) : ''}, ` +
      `send late p99 ${f1(s.latenessP99)} ms, ${f1(s.kbPerResponse)} KiB/resp, load ${f1(s.load)}, ` +
      `${f1(s.cpuMsPerRequest)} CPU ms/req ` +
      `-> ${s.pass ? 'ok' : 'MISS'}`,
  );
}

/** Waits until the server has worked off what a saturated step left queued. */
async function settle(b: Backend, token: string, path: string): Promise<void> {
  const until = Date.now() + 15_000;
  while (Date.now() < until) {
    const t = performance.now();
    const r = await fetch(`${b.url}${path}`, {
      headers: { apikey: b.anonKey, authorization: `Bearer ${token}` },
    }).catch(() => null);
    await r?.arrayBuffer();
    if (r?.ok && performance.now() - t < 200) return;
    await new Promise((res) => setTimeout(res, 200));
  }
}

async function bench(db: DbKind): Promise<DbResult> {
  const t0 = Date.now();
  const label = db === 'postgres' ? 'PostgreSQL' : 'PGlite';
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-bench-'));
  const databaseUrl = env['DATABASE_URL'];
  if (db === 'postgres' && !databaseUrl)
    throw new Error('--db postgres needs DATABASE_URL (run through scripts/with-postgres.sh)');
  const b = await startBackend({
    dataDir,
    port: 0,
    inboxPort: 0,
    ...(db === 'postgres' && databaseUrl ? { databaseUrl } : {}),
  });
  let worker: Worker | null = null;
  try {
    const { tonight, djId } = await loungeNight((sql) => b.db.query(sql));
    const t = Date.now();
    await seedMembers(b.db, MEMBERS);
    await seedTonight(b.db, tonight, djId, BASE_ROWS, MEMBERS);
    const members = await memberTokens(
      { url: b.url, keys: b.ctx.keys, jwtExpiry: b.ctx.config.jwtExpiry },
      MEMBERS,
    );
    await checkClaimsShape(b, members[0]?.token as string);
    console.log(
      `[${label}] ${MEMBERS} members with sessions and tokens, ${BASE_ROWS} song requests ` +
        `tonight (${tonight}), 3 votes each, 300 DJ ratings: ${Date.now() - t} ms`,
    );
    const probe = `/rest/v1/dj_ratings?select=*&dj_id=eq.${djId}&limit=5`;
    const probeToken = members[0]?.token as string;
    worker = startLoadWorker({
      url: b.url,
      anonKey: b.anonKey,
      members,
      eventDate: tonight,
      djId,
      sockets: SOCKETS,
    });
    const w = worker;
    const step = async (n: number, rows: number) => {
      await settle(b, probeToken, probe);
      const c0 = process.cpuUsage();
      const result = await runStep(w, n, TIMING);
      const cpu = process.cpuUsage(c0);
      const s = summarise(result, rows, (cpu.user + cpu.system) / 1000);
      printStep(label, s);
      return s;
    };

    // a step that served less than 70% of what was offered, or failed 5% of it, saturated the
    // server: larger N would only queue more (and take minutes to time out), so they are skipped
    const saturated = (s: StepResult) =>
      s.rps < 0.7 * s.offered ||
      s.errors > (0.05 * s.offered * (TIMING.warmupMs + TIMING.measureMs)) / 1000;
    const levels: StepResult[] = [];
    let saturatedAt: number | null = null;
    for (const n of LEVELS) {
      if (saturatedAt !== null) {
        const skipped = `not run: saturated at N = ${saturatedAt}`;
        levels.push({ ...emptyStep(n, BASE_ROWS), skipped });
        console.log(`[${label}] N=${n}: ${skipped}`);
        continue;
      }
      const s = await step(n, BASE_ROWS);
      levels.push(s);
      if (saturated(s)) saturatedAt = n;
    }

    // the largest N: bracket from the levels, then bisect
    const search: StepResult[] = [];
    const passed = levels.filter((s) => s.pass).map((s) => s.n);
    let lo = passed.length ? Math.max(...passed) : 0;
    let hi = levels.find((s) => !s.pass && !s.skipped && s.n > lo)?.n ?? null;
    if (hi === null && lo > 0 && lo < MAX_N) {
      const s = await step(Math.min(MAX_N, lo * 2), BASE_ROWS);
      search.push(s);
      if (s.pass) lo = s.n;
      else hi = s.n;
    }
    if (hi === null && lo === 0) hi = LEVELS[0] ?? 250;
    ({ lo, hi } = await bisect(lo, hi, SEARCH_STEPS, async (n) => {
      const s = await step(n, BASE_ROWS);
      search.push(s);
      return s.pass;
    }));
    const capped = hi === null;
    console.log(
      `[${label}] largest N with p99 <= ${P99_MS} ms and no errors: ${lo}${capped ? ' (or more: the largest tried)' : ` (${hi} missed)`}`,
    );

    const rows: StepResult[] = [];
    for (const r of ROWS) {
      await seedTonight(b.db, tonight, djId, r, MEMBERS);
      rows.push(await step(ROWS_N, r));
    }
    return { db, levels, search, rows, largestN: lo, capped, seconds: (Date.now() - t0) / 1000 };
  } finally {
    await worker?.terminate();
    await b.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function report(results: DbResult[], seconds: number): Promise<void> {
  const target = (db: DbKind) => (db === 'postgres' ? 3000 : 1000);
  const name = (db: DbKind) => (db === 'postgres' ? 'PostgreSQL' : 'PGlite');
  const tables = results.flatMap((r) => [
    {
      title: `${name(r.db)}: N members polling 3 reads every 5 s (${BASE_ROWS} song requests tonight)`,
      columns: STEP_COLUMNS,
      rows: r.levels.map(stepRow),
    },
    {
      title: `${name(r.db)}: search for the largest N`,
      columns: STEP_COLUMNS,
      rows: r.search.map(stepRow),
    },
    {
      title: `${name(r.db)}: N = ${ROWS_N} with tonight's song request count`,
      columns: STEP_COLUMNS,
      rows: r.rows.map(stepRow),
    },
  ]);
  console.log('\nLounge under load (p99 over the three reads together; latency from when due)');
  for (const r of results) {
    console.log(
      `${name(r.db)}: largest N = ${r.largestN}${r.capped ? '+' : ''} (target >= ${target(r.db)}), ${f0(r.seconds)} s`,
    );
  }
  writeBenchPart({
    id: 'api',
    title: 'Lounge under load: the three polled reads, open loop',
    notes:
      `Open loop: each member polls the three reads together every 5 s from a random phase; ` +
      `latency counts from when a poll was due. Backend in-process, generator in a worker thread ` +
      `(keep-alive, at most ${SOCKETS} sockets), ${TIMING.warmupMs / 1000} s warm-up (each member's ` +
      `first poll, unrecorded) and ${TIMING.measureMs / 1000} s measured per step; ${MEMBERS} distinct ` +
      `members (SQL) with their own tokens. Took ${f0(seconds)} s.`,
    figures: [
      ...results.map((r) => ({
        name: `lounge: largest N with p99 <= ${P99_MS} ms, ${name(r.db)}`,
        value: r.largestN,
        unit: r.capped ? 'members (or more)' : 'members',
        target: `>= ${target(r.db)}`,
        met: r.largestN >= target(r.db),
      })),
      { name: 'lounge bench duration', value: Math.round(seconds), unit: 's' },
    ],
    tables,
  });
}

onBothDatabases(thisFile, bench, report).catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

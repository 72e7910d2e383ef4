/**
 * The lounge's capacity with 1 and with 2 backend processes on PostgreSQL: the backend as
 * `npm start` runs it (apps/backend/src/main.ts in a child process, WORKERS=1 and WORKERS=2),
 * the same open-loop load as api.bench.ts (load-worker.mjs: N members each polling the lounge's
 * three reads every 5 s). The offered rate steps up until p99 > 100 ms (or errors), then one
 * bisection; the figure is the last N (and req/s) that held.
 *
 * The load generator runs on the same machine and takes CPU from the same cores as the backend
 * processes and PostgreSQL; the output says so, with the load average, so the figures read as
 * "on this shared machine", not as the backend's ceiling.
 *
 *   npx tsx tools/bench/api/processes.bench.ts     # starts a throwaway PostgreSQL (with-postgres.sh)
 *
 * Env (defaults in brackets): BENCH_PROC_LEVELS [100,250,500,750,1000,1500,2000,3000,4000,6000],
 * BENCH_PROC_WORKERS [1,2], BENCH_WARMUP_MS [5000], BENCH_MEASURE_MS [5000],
 * BENCH_TIMEOUT_MS [5000], BENCH_SOCKETS [256], BENCH_P99_MS [100], BENCH_SEARCH_STEPS [2].
 */
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { availableParallelism, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Worker } from 'node:worker_threads';
import pg from 'pg';
import { loadKeys } from '../../../apps/backend/src/keys.js';
import { freePort, freshDatabase } from '../../../apps/backend/src/testing.js';
import { writeBenchPart } from '../report.mjs';
import { allLatencies, bisect, f0, f1, percentile, runStep, startLoadWorker } from './load.js';
import { envList, P99_MS, SEARCH_STEPS, SOCKETS, TIMING } from './load-settings.js';
import { loungeNight, memberTokens, seedMembers, seedTonight } from './lounge-seed.js';

const thisFile = fileURLToPath(import.meta.url);
const backendDir = path.resolve(path.dirname(thisFile), '../../../apps/backend');
const tsx = path.resolve(backendDir, '../../node_modules/.bin/tsx');
const env = process.env;
const LEVELS = envList(
  env['BENCH_PROC_LEVELS'],
  [100, 250, 500, 750, 1000, 1500, 2000, 3000, 4000, 6000],
);
const WORKERS = envList(env['BENCH_PROC_WORKERS'], [1, 2]);
const ROWS = 100;
const MEMBERS = Math.max(...LEVELS);

interface Step {
  n: number;
  offered: number;
  served: number;
  p50: number;
  p99: number;
  errors: number;
  load: number;
  pass: boolean;
}

interface ProcResult {
  workers: number;
  steps: Step[];
  largestN: number;
  capped: boolean;
  loadBefore: number;
  seconds: number;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** main.ts with WORKERS=n; resolves once it printed "ready". */
async function startBackend(
  workers: number,
  databaseUrl: string,
  dataDir: string,
): Promise<{ child: ChildProcess; stop(): Promise<void> }> {
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: backendDir,
    env: {
      ...env,
      WORKERS: String(workers),
      DATABASE_URL: databaseUrl,
      DATA_DIR: dataDir,
      PORT: String(await freePort()),
      INBOX_PORT: String(await freePort()),
      BOOKING_MAILS_INTERVAL_MS: '0',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr?.on('data', (d: Buffer) => (out += d.toString()));
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  const until = Date.now() + 180_000;
  while (!out.includes('[backend] ready')) {
    if (child.exitCode !== null || Date.now() > until)
      throw new Error(`the backend did not start:\n${out}`);
    await sleep(100);
  }
  return {
    child,
    async stop() {
      child.kill('SIGTERM');
      const code = await exited;
      if (code !== 0) throw new Error(`the backend exited with ${code}:\n${out.slice(-2000)}`);
    },
  };
}

async function bench(adminUrl: string, workers: number): Promise<ProcResult> {
  const t0 = Date.now();
  const loadBefore = loadavg()[0] ?? NaN;
  const db = await freshDatabase(adminUrl);
  const dataDir = await mkdtemp(path.join(tmpdir(), 'bistro-bench-proc-'));
  let backend: Awaited<ReturnType<typeof startBackend>> | null = null;
  let worker: Worker | null = null;
  const client = new pg.Client({ connectionString: db.url });
  try {
    backend = await startBackend(workers, db.url, dataDir);
    const keysJson = JSON.parse(await readFile(path.join(dataDir, 'keys.json'), 'utf8')) as {
      url: string;
      anonKey: string;
    };
    await client.connect();
    const exec = { exec: async (sql: string) => void (await client.query(sql)) };
    const { tonight, djId } = await loungeNight((sql) => client.query(sql));
    await seedMembers(exec, MEMBERS);
    await seedTonight(exec, tonight, djId, ROWS, MEMBERS);
    // the first process stored the key of DATA_DIR/jwt-key.json in the database: the same key
    const keys = await loadKeys(dataDir);
    const members = await memberTokens({ url: keysJson.url, keys, jwtExpiry: 3600 }, MEMBERS);
    worker = startLoadWorker({
      url: keysJson.url,
      anonKey: keysJson.anonKey,
      members,
      eventDate: tonight,
      djId,
      sockets: SOCKETS,
    });
    const w = worker;
    const label = `${workers} process${workers > 1 ? 'es' : ''}`;
    const step = async (n: number): Promise<Step> => {
      await sleep(2000); // let what a failed step left queued drain
      const r = await runStep(w, n, TIMING);
      const all = allLatencies(r);
      const s: Step = {
        n,
        offered: (n * 3 * 1000) / TIMING.periodMs,
        served: r.rps,
        p50: percentile(all, 50),
        p99: percentile(all, 99),
        errors: r.errors,
        load: loadavg()[0] ?? NaN,
        pass: r.errors === 0 && all.length > 0 && percentile(all, 99) <= P99_MS,
      };
      console.log(
        `[${label}] N=${n}: ${f0(s.served)}/${f0(s.offered)} req/s, p50 ${f1(s.p50)} ms, ` +
          `p99 ${f1(s.p99)} ms, errors ${s.errors}${s.errors ? ' ' + JSON.stringify(r.errorKinds) : ''}, ` +
          `load ${f1(s.load)} -> ${s.pass ? 'ok' : 'MISS'}`,
      );
      return s;
    };
    const steps: Step[] = [];
    let lo = 0;
    let hi: number | null = null;
    for (const n of LEVELS) {
      const s = await step(n);
      steps.push(s);
      if (!s.pass) {
        hi = n;
        break;
      }
      lo = n;
    }
    ({ lo, hi } = await bisect(lo, hi, SEARCH_STEPS, async (n) => {
      const s = await step(n);
      steps.push(s);
      return s.pass;
    }));
    return {
      workers,
      steps,
      largestN: lo,
      capped: hi === null,
      loadBefore,
      seconds: (Date.now() - t0) / 1000,
    };
  } finally {
    await worker?.terminate();
    await client.end().catch(() => undefined);
    await backend?.stop();
    await db.drop();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const adminUrl = env['DATABASE_URL'];
  if (!adminUrl) {
    // a throwaway PostgreSQL cluster, which exports DATABASE_URL to this same script
    const r = spawnSync(
      path.join(backendDir, 'scripts/with-postgres.sh'),
      ['npx', 'tsx', thisFile],
      { cwd: backendDir, stdio: 'inherit', env },
    );
    process.exit(r.status ?? 1);
  }
  const cores = availableParallelism();
  console.log(
    `Lounge capacity by backend process count, PostgreSQL. This machine has ${cores} core(s), ` +
      `shared by the backend processes, PostgreSQL and the load generator (one more Node ` +
      `thread in this process); load average now ${loadavg().map(f1).join(' / ')}.`,
  );
  const results: ProcResult[] = [];
  for (const w of WORKERS) results.push(await bench(adminUrl, w));
  console.log(`\nLargest N with p99 <= ${P99_MS} ms and no errors (req/s = N * 3 / 5 s):`);
  for (const r of results)
    console.log(
      `  ${r.workers} process(es): N = ${r.largestN}${r.capped ? '+' : ''} ` +
        `(${f0((r.largestN * 3 * 1000) / TIMING.periodMs)} req/s), load average before ${f1(r.loadBefore)}, ${f0(r.seconds)} s`,
    );
  console.log(
    `  (the load generator ran on the same ${cores} core(s): with more processes it competes ` +
      `with more backend processes for them, so the gap understates what separate machines give)`,
  );
  const out = env['BENCH_PROC_RESULT'];
  if (out) await writeFile(out, JSON.stringify(results));
  writeBenchPart({
    id: 'processes',
    title: 'Lounge capacity with 1 and 2 backend processes (PostgreSQL)',
    notes:
      `main.ts with WORKERS=1 and WORKERS=2 (node:cluster) on a throwaway PostgreSQL; open-loop ` +
      `load as in the api bench (N members polling 3 reads every 5 s), stepped up until p99 > ` +
      `${P99_MS} ms or errors, then ${SEARCH_STEPS} bisection step(s). The generator shares the ` +
      `machine's ${cores} core(s) with the backend and PostgreSQL.`,
    figures: results.map((r) => ({
      name: `lounge: largest N with p99 <= ${P99_MS} ms, ${r.workers} process(es)`,
      value: r.largestN,
      unit: r.capped ? 'members (or more)' : 'members',
    })),
    tables: results.map((r) => ({
      title: `${r.workers} process(es)`,
      columns: [
        'N',
        'req/s offered',
        'req/s served',
        'p50 ms',
        'p99 ms',
        'errors',
        'load avg',
        'held',
      ],
      rows: r.steps.map((s) => [
        s.n,
        f0(s.offered),
        f0(s.served),
        f1(s.p50),
        f1(s.p99),
        s.errors,
        f1(s.load),
        s.pass ? 'yes' : 'no',
      ]),
    })),
  });
}

main().catch((e: unknown) => {
  console.error(e);
  process.exit(1);
});

/**
 * The Realtime socket server under load, on PGlite and on PostgreSQL:
 *
 *   1. N = 500, 2,000, 5,000 members on sockets (raw `ws` clients speaking the protocol, vsn
 *      2.0.0, each joined to the private topic 'bench:lounge' with its own token, so every join
 *      runs the RLS check), one change per second (realtime.send): delivery delay from the
 *      commit (realtime.send's transaction returned) to the frame received, p50/p99/max, frames
 *      lost; the server's memory per connected socket (heap + external after a GC, and RSS,
 *      against the server before any socket) and its CPU time per second.
 *   2. What members cost the server on sockets instead of polling: N = BENCH_RT_POLL_N members
 *      polling the lounge's three reads every 5 s (the api bench's load generator) vs the same
 *      N on sockets with one change per second: requests per second and the server's CPU.
 *   0. First, hostile sockets: REST p50/p99 of a member's lounge read (one request after the
 *      other) alone, then while BENCH_RT_HOSTILE sockets (80) from one client address hammer
 *      private joins (hostile-worker.mjs, in a worker thread): without a member token (the
 *      server refuses them before the database), then with a member token on a new topic each
 *      time (each join the database must answer, capped per address); with the per-address
 *      limits at their defaults. Target: REST p50 under 10 ms.
 *
 * The backend runs in a child process (server.ts), so its memory and CPU are its own; the
 * client sockets live in this process (receipt times therefore include this process's own
 * event-loop delay: the figures are upper bounds). The machine's load average is reported with
 * the figures: other work on the shared 2 cores inflates them.
 *
 *   npx tsx tools/bench/realtime/realtime.bench.ts            # PGlite, then PostgreSQL
 *   npx tsx tools/bench/realtime/realtime.bench.ts --db pglite
 *
 * Env (defaults in brackets): BENCH_RT_LEVELS [500,2000,5000], BENCH_RT_SECONDS [10] (changes
 * per level), BENCH_RT_POLL_N [500], BENCH_RT_POLL_SECONDS [10], BENCH_RT_P99_MS [1000],
 * BENCH_RT_HOSTILE [80] (0 skips the hostile step), BENCH_RT_HOSTILE_SECONDS [10].
 */
import { fork, type ChildProcess } from 'node:child_process';
import { loadavg } from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { WebSocket } from 'ws';
import { onBothDatabases, type DbKind } from '../both-databases.js';
import { writeBenchPart } from '../report.mjs';

const thisFile = fileURLToPath(import.meta.url);
const here = path.dirname(thisFile);
const env = process.env;
const list = (v: string | undefined, d: number[]) =>
  v ? v.split(',').map((x) => Number(x.trim())) : d;
const LEVELS = list(env['BENCH_RT_LEVELS'], [500, 2000, 5000]);
const SECONDS = Number(env['BENCH_RT_SECONDS'] ?? 10);
const POLL_N = Number(env['BENCH_RT_POLL_N'] ?? 500);
const POLL_SECONDS = Number(env['BENCH_RT_POLL_SECONDS'] ?? 10);
const P99_MS = Number(env['BENCH_RT_P99_MS'] ?? 1000);
const HOSTILE = Number(env['BENCH_RT_HOSTILE'] ?? 80);
const HOSTILE_SECONDS = Number(env['BENCH_RT_HOSTILE_SECONDS'] ?? 10);
/** Joins per second each hostile socket sends: under the per-socket frame limit (100/s). */
const HOSTILE_JOINS_PER_SOCKET = 80;
const REST_P50_TARGET_MS = 10;
const TARGET_N: Record<DbKind, number> = { pglite: 2000, postgres: 5000 };

const label = (db: DbKind) => (db === 'postgres' ? 'PostgreSQL' : 'PGlite');
const now = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Ready {
  op: 'ready';
  url: string;
  anonKey: string;
  members: { token: string; userId: string }[];
  eventDate: string;
  djId: string;
}
interface Stats {
  op: 'stats';
  heap: number;
  external: number;
  rss: number;
  cpuMs: number;
  at: number;
}

interface Level {
  n: number;
  joinSeconds: number;
  changes: number;
  p50: number;
  p99: number;
  max: number;
  lost: number;
  dropped: number;
  bytesPerSocket: number;
  rssPerSocket: number;
  cpuMsPerSecond: number;
  load: number;
}
interface PollCompare {
  n: number;
  offeredRps: number;
  pollingRps: number;
  pollingCpuMsPerSecond: number;
  pollingP99: number;
  pollingErrors: number;
  socketsCpuMsPerSecond: number;
  socketsRps: number;
  load: number;
}
interface HostileStep {
  /** 'none' (alone), 'anon key' or 'member token, new topics' */
  hostile: string;
  sockets: number;
  refusedSockets: number;
  joinsSent: number;
  joinsOk: number;
  joinsRateLimited: number;
  joinsUnauthorized: number;
  restRequests: number;
  restP50: number;
  restP99: number;
  restErrors: number;
  load: number;
}
interface DbResult {
  db: DbKind;
  hostile: HostileStep[];
  levels: Level[];
  poll: PollCompare | null;
  seconds: number;
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}
const round = (x: number, d = 1) => Number(x.toFixed(d));

class Backend {
  private waiters = new Map<string, (m: unknown) => void>();
  private constructor(readonly child: ChildProcess) {
    child.on('message', (m: { op: string; seq?: number }) => {
      const key = m.op === 'sent' ? `sent:${m.seq}` : m.op;
      const w = this.waiters.get(key);
      if (w) {
        this.waiters.delete(key);
        w(m);
      }
    });
  }
  static async start(db: DbKind, members: number): Promise<{ backend: Backend; ready: Ready }> {
    const child = fork(path.join(here, 'server.ts'), [], {
      execArgv: ['--import', 'tsx', '--expose-gc'],
      env: { ...env, BENCH_RT_DB: db, BENCH_RT_MEMBERS: String(members) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const backend = new Backend(child);
    const ready = await new Promise<Ready>((resolve, reject) => {
      backend.waiters.set('ready', (m) => resolve(m as Ready));
      child.once('exit', (code) => reject(new Error(`bench backend exited (${code})`)));
    });
    return { backend, ready };
  }
  request<T>(msg: { op: string; seq?: number }, key: string): Promise<T> {
    return new Promise((resolve) => {
      this.waiters.set(key, (m) => resolve(m as T));
      this.child.send(msg);
    });
  }
  stats = () => this.request<Stats>({ op: 'stats' }, 'stats');
  sendChange = (seq: number) =>
    this.request<{ committedAt: number }>({ op: 'send', seq }, `sent:${seq}`);
  async quit(): Promise<void> {
    const exited = new Promise((r) => this.child.once('exit', r));
    this.child.send({ op: 'quit' });
    await Promise.race([exited, sleep(15_000)]);
    this.child.kill('SIGKILL');
  }
}

/** One member's socket: joins 'bench:lounge' and records when each change arrives. */
class Member {
  /** the server closed this socket (counted per level) */
  dropped = false;
  private ws: WebSocket | null = null;
  private heartbeat: NodeJS.Timeout | undefined;
  constructor(
    private readonly url: string,
    private readonly token: string,
    private readonly receipts: Map<number, number[]>,
    /** This member's client address (each member on a phone of their own). */
    private readonly ip: string,
  ) {}
  open(): Promise<void> {
    const ws = new WebSocket(
      `${this.url.replace(/^http/, 'ws')}/realtime/v1/websocket?apikey=${encodeURIComponent(this.anonKey)}&vsn=2.0.0`,
      { headers: { 'x-forwarded-for': this.ip } },
    );
    this.ws = ws;
    return new Promise((resolve, reject) => {
      ws.once('error', reject);
      ws.once('open', () => {
        ws.send(
          JSON.stringify([
            '1',
            '1',
            'realtime:bench:lounge',
            'phx_join',
            {
              config: {
                broadcast: { ack: false, self: false },
                presence: { key: '', enabled: false },
                postgres_changes: [],
                private: true,
              },
              access_token: this.token,
            },
          ]),
        );
      });
      ws.on('close', () => {
        this.dropped = !this.closing;
      });
      ws.on('message', (data: Buffer, isBinary: boolean) => {
        const at = now();
        if (isBinary) {
          // kind 4: kind, topicLen, eventLen, metaLen, encoding, topic, event, meta, payload
          const start = 5 + (data[1] as number) + (data[2] as number) + (data[3] as number);
          const seq = (JSON.parse(data.toString('utf8', start)) as { seq: number }).seq;
          let r = this.receipts.get(seq);
          if (!r) this.receipts.set(seq, (r = []));
          r.push(at);
          return;
        }
        const f = JSON.parse(data.toString('utf8')) as unknown[];
        if (f[3] === 'phx_reply' && f[1] === '1') {
          const p = f[4] as { status: string; response: unknown };
          if (p.status === 'ok') resolve();
          else reject(new Error(`join refused: ${JSON.stringify(p.response)}`));
        }
      });
      this.heartbeat = setInterval(
        () => ws.send(JSON.stringify([null, 'hb', 'phoenix', 'heartbeat', {}])),
        25_000,
      );
    });
  }
  anonKey = '';
  private closing = false;
  close(): void {
    this.closing = true;
    clearInterval(this.heartbeat);
    this.ws?.terminate();
  }
}

async function openMembers(
  ready: Ready,
  from: number,
  to: number,
  receipts: Map<number, number[]>,
  into: Member[],
): Promise<void> {
  const BATCH = 100;
  for (let i = from; i < to; i += BATCH) {
    const batch: Promise<void>[] = [];
    for (let j = i; j < Math.min(to, i + BATCH); j++) {
      const ip = `10.${(j >> 16) & 255}.${(j >> 8) & 255}.${j & 255}`;
      const m = new Member(ready.url, ready.members[j]?.token as string, receipts, ip);
      m.anonKey = ready.anonKey;
      into.push(m);
      batch.push(m.open());
    }
    await Promise.all(batch);
  }
}

/** `count` changes, one per second; the delay of every (socket, change) pair. */
async function measure(
  backend: Backend,
  n: number,
  count: number,
  firstSeq: number,
  receipts: Map<number, number[]>,
): Promise<{ delays: number[]; lost: number; cpuMsPerSecond: number }> {
  const committed = new Map<number, number>();
  const s0 = await backend.stats();
  const t0 = now();
  for (let k = 0; k < count; k++) {
    const seq = firstSeq + k;
    const due = t0 + k * 1000;
    const wait = due - now();
    if (wait > 0) await sleep(wait);
    void backend.sendChange(seq).then((r) => committed.set(seq, r.committedAt));
  }
  await sleep(1000);
  const s1 = await backend.stats();
  await sleep(4000); // late frames still count (as delays), not as missing
  const delays: number[] = [];
  let lost = 0;
  for (let k = 0; k < count; k++) {
    const seq = firstSeq + k;
    const c = committed.get(seq);
    const r = receipts.get(seq) ?? [];
    lost += n - r.length;
    if (c !== undefined) for (const at of r) delays.push(at - c);
  }
  delays.sort((a, b) => a - b);
  return { delays, lost, cpuMsPerSecond: (s1.cpuMs - s0.cpuMs) / ((s1.at - s0.at) / 1000) };
}

interface PollResult {
  rps: number;
  p99: number;
  errors: number;
}

async function poll(ready: Ready, n: number, seconds: number): Promise<PollResult> {
  const worker = new Worker(new URL('../api/load-worker.mjs', import.meta.url), {
    workerData: {
      url: ready.url,
      anonKey: ready.anonKey,
      members: ready.members,
      eventDate: ready.eventDate,
      djId: ready.djId,
      sockets: 256,
    },
  });
  try {
    const result = await new Promise<{
      latencies: Float64Array[];
      errors: number;
      errorKinds: Record<string, number>;
    }>((resolve, reject) => {
      worker.once('error', reject);
      worker.on('message', (m: { type: string; result: never }) => {
        if (m.type === 'result') resolve(m.result);
      });
      worker.postMessage({
        type: 'run',
        step: { n, warmupMs: 3000, measureMs: seconds * 1000, periodMs: 5000, timeoutMs: 5000 },
      });
    });
    if (result.errors) console.warn(`polling errors: ${JSON.stringify(result.errorKinds)}`);
    const all = result.latencies.flatMap((a) => Array.from(a)).sort((a, b) => a - b);
    return { rps: all.length / seconds, p99: percentile(all, 99), errors: result.errors };
  } finally {
    await worker.terminate();
  }
}

/** A member's lounge read, one request after the other for `seconds`: latencies in ms. */
async function restLatencies(
  ready: Ready,
  seconds: number,
): Promise<{ latencies: number[]; errors: number }> {
  const member = ready.members[0] as { token: string };
  const u =
    `${ready.url}/rest/v1/song_requests?select=id,song_title,artist,vote_count,status` +
    `&event_date=eq.${ready.eventDate}&order=vote_count.desc&limit=50`;
  const headers = { apikey: ready.anonKey, authorization: `Bearer ${member.token}` };
  const latencies: number[] = [];
  let errors = 0;
  const end = now() + seconds * 1000;
  while (now() < end) {
    const t = now();
    try {
      const res = await fetch(u, { headers });
      await res.arrayBuffer();
      if (res.ok) latencies.push(now() - t);
      else errors++;
    } catch {
      errors++;
    }
  }
  latencies.sort((a, b) => a - b);
  return { latencies, errors };
}

interface HostileCounts {
  opened: number;
  refused: number;
  sent: number;
  ok: number;
  rateLimited: number;
  unauthorized: number;
}

/** REST latencies alone, or while hostile sockets of one address hammer private joins. */
async function hostileStep(
  ready: Ready,
  kind: 'none' | 'anon key' | 'member token, new topics',
): Promise<HostileStep> {
  let worker: Worker | null = null;
  let counts: HostileCounts = {
    opened: 0,
    refused: 0,
    sent: 0,
    ok: 0,
    rateLimited: 0,
    unauthorized: 0,
  };
  if (kind !== 'none') {
    const w = new Worker(new URL('./hostile-worker.mjs', import.meta.url), {
      workerData: {
        url: ready.url,
        anonKey: ready.anonKey,
        ip: '203.0.113.66',
        sockets: HOSTILE,
        joinsPerSecond: HOSTILE_JOINS_PER_SOCKET,
        token: kind === 'anon key' ? null : (ready.members[1] as { token: string }).token,
        topics: kind === 'anon key' ? 'same' : 'random',
      },
    });
    worker = w;
    await new Promise<void>((resolve, reject) => {
      w.once('error', reject);
      w.on('message', (m: { type: string }) => {
        if (m.type === 'opened') resolve();
      });
    });
    await sleep(1000); // the flood is under way
  }
  const rest = await restLatencies(ready, HOSTILE_SECONDS);
  if (worker) {
    const w = worker;
    counts = await new Promise<HostileCounts>((resolve) => {
      w.on('message', (m: { type: string } & HostileCounts) => {
        if (m.type === 'result') resolve(m);
      });
      w.postMessage({ type: 'stop' });
    });
    await w.terminate();
    await sleep(1000);
  }
  return {
    hostile: kind,
    sockets: counts.opened,
    refusedSockets: counts.refused,
    joinsSent: counts.sent,
    joinsOk: counts.ok,
    joinsRateLimited: counts.rateLimited,
    joinsUnauthorized: counts.unauthorized,
    restRequests: rest.latencies.length,
    restP50: round(percentile(rest.latencies, 50), 2),
    restP99: round(percentile(rest.latencies, 99), 2),
    restErrors: rest.errors,
    load: round(loadavg()[0] ?? NaN, 2),
  };
}

async function bench(db: DbKind): Promise<DbResult> {
  const t0 = Date.now();
  const maxN = Math.max(...LEVELS, POLL_N);
  const { backend, ready } = await Backend.start(db, maxN);
  const receipts = new Map<number, number[]>();
  const members: Member[] = [];
  const levels: Level[] = [];
  const hostile: HostileStep[] = [];
  let poll_: PollCompare | null = null;
  try {
    await sleep(2000);
    if (HOSTILE > 0) await restLatencies(ready, 3); // warm-up: JIT, connections, caches
    if (HOSTILE > 0)
      for (const kind of ['none', 'anon key', 'member token, new topics'] as const) {
        const step = await hostileStep(ready, kind);
        hostile.push(step);
        console.log(`[${label(db)}] hostile: ${JSON.stringify(step)}`);
      }
    const base = await backend.stats();
    let seq = 1;
    for (const n of LEVELS) {
      const j0 = now();
      await openMembers(ready, members.length, n, receipts, members);
      const joinSeconds = (now() - j0) / 1000;
      await sleep(1000);
      const mem = await backend.stats();
      receipts.clear();
      const m = await measure(backend, n, SECONDS, seq, receipts);
      seq += SECONDS;
      const level: Level = {
        n,
        joinSeconds: round(joinSeconds),
        changes: SECONDS,
        p50: round(percentile(m.delays, 50)),
        p99: round(percentile(m.delays, 99)),
        max: round(m.delays[m.delays.length - 1] ?? NaN),
        lost: m.lost,
        dropped: members.filter((x) => x.dropped).length,
        bytesPerSocket: Math.round((mem.heap + mem.external - base.heap - base.external) / n),
        rssPerSocket: Math.round((mem.rss - base.rss) / n),
        cpuMsPerSecond: round(m.cpuMsPerSecond),
        load: round(loadavg()[0] ?? NaN, 2),
      };
      levels.push(level);
      console.log(`[${label(db)}] ${JSON.stringify(level)}`);
    }
    if (POLL_N > 0) {
      // the same N on sockets (the first POLL_N stay open), then polling instead
      for (const m of members.splice(POLL_N)) m.close();
      await sleep(2000);
      receipts.clear();
      const sockets = await measure(backend, POLL_N, POLL_SECONDS, seq, receipts);
      for (const m of members.splice(0)) m.close();
      await sleep(2000);
      // the server's CPU over the measured part of the polling run (after its 3 s warm-up)
      const polling = poll(ready, POLL_N, POLL_SECONDS);
      await sleep(3050);
      const c0 = await backend.stats();
      await sleep(POLL_SECONDS * 1000);
      const c1 = await backend.stats();
      const p = await polling;
      poll_ = {
        n: POLL_N,
        offeredRps: (POLL_N * 3) / 5,
        pollingRps: round(p.rps),
        pollingCpuMsPerSecond: round((c1.cpuMs - c0.cpuMs) / ((c1.at - c0.at) / 1000)),
        pollingP99: round(p.p99),
        pollingErrors: p.errors,
        socketsCpuMsPerSecond: round(sockets.cpuMsPerSecond),
        socketsRps: 0,
        load: round(loadavg()[0] ?? NaN, 2),
      };
      console.log(`[${label(db)}] polling vs sockets: ${JSON.stringify(poll_)}`);
    }
  } finally {
    for (const m of members) m.close();
    await backend.quit();
  }
  return { db, hostile, levels, poll: poll_, seconds: (Date.now() - t0) / 1000 };
}

function report(results: DbResult[], seconds: number): void {
  const figures = [];
  const tables = [];
  for (const r of results) {
    const target = TARGET_N[r.db];
    const atTarget = r.levels.filter((l) => l.n >= target);
    if (atTarget.length)
      figures.push({
        name: `${label(r.db)}: p99 delivery delay at N >= ${target}`,
        value: Math.max(...atTarget.map((l) => l.p99)),
        unit: 'ms',
        target: `<= ${P99_MS}`,
        met: atTarget.every((l) => l.p99 <= P99_MS && l.lost === 0),
      });
    for (const h of r.hostile.filter((x) => x.hostile !== 'none'))
      figures.push({
        name: `${label(r.db)}: REST p50 while ${h.sockets} sockets of one address hammer private joins (${h.hostile})`,
        value: h.restP50,
        unit: 'ms',
        target: `< ${REST_P50_TARGET_MS}`,
        met: h.restP50 < REST_P50_TARGET_MS && h.restErrors === 0,
      });
    if (r.hostile.length)
      tables.push({
        title: `${label(r.db)}: a member's REST read (one after the other, ${HOSTILE_SECONDS} s) while hostile sockets of one address hammer private joins`,
        columns: [
          'hostile sockets',
          'sockets open (refused)',
          'joins sent',
          'joins answered ok',
          'refused: rate limit',
          'refused: unauthorized',
          'REST requests',
          'REST p50 (ms)',
          'REST p99 (ms)',
          'REST errors',
          'load avg',
        ],
        rows: r.hostile.map((h) => [
          h.hostile,
          `${h.sockets} (${h.refusedSockets})`,
          h.joinsSent,
          h.joinsOk,
          h.joinsRateLimited,
          h.joinsUnauthorized,
          h.restRequests,
          h.restP50,
          h.restP99,
          h.restErrors,
          h.load,
        ]),
      });
    const last = r.levels[r.levels.length - 1];
    if (last)
      figures.push({
        name: `${label(r.db)}: server memory per socket at N = ${last.n} (heap + external)`,
        value: Math.round(last.bytesPerSocket / 1024),
        unit: 'KiB',
      });
    tables.push({
      title: `${label(r.db)}: N sockets on 'bench:lounge', one change per second (delay: commit -> frame received)`,
      columns: [
        'N',
        'join all (s)',
        'p50 (ms)',
        'p99 (ms)',
        'max (ms)',
        'frames missing 5 s after the last change',
        'sockets dropped',
        'heap+ext / socket (B)',
        'RSS change / socket (B, noisy)',
        'server CPU (ms/s)',
        'load avg',
      ],
      rows: r.levels.map((l) => [
        l.n,
        l.joinSeconds,
        l.p50,
        l.p99,
        l.max,
        l.lost,
        l.dropped,
        l.bytesPerSocket,
        l.rssPerSocket,
        l.cpuMsPerSecond,
        l.load,
      ]),
    });
    if (r.poll)
      tables.push({
        title: `${label(r.db)}: ${r.poll.n} members polling every 5 s vs on sockets`,
        columns: [
          'members',
          'requests/s offered',
          'requests/s answered',
          'server CPU (ms/s)',
          'p99 (ms)',
          'errors',
          'load avg',
        ],
        rows: [
          [
            `${r.poll.n} polling 3 reads / 5 s`,
            r.poll.offeredRps,
            r.poll.pollingRps,
            r.poll.pollingCpuMsPerSecond,
            r.poll.pollingP99,
            r.poll.pollingErrors,
            r.poll.load,
          ],
          [
            `${r.poll.n} on sockets, 1 change/s`,
            0,
            r.poll.socketsRps,
            r.poll.socketsCpuMsPerSecond,
            '',
            '',
            '',
          ],
        ],
      });
  }
  writeBenchPart({
    id: 'realtime',
    title: 'Realtime: delivery delay and memory per socket (PGlite, PostgreSQL)',
    notes:
      `raw ws clients (vsn 2.0.0) in the bench process, the backend in a child process; ` +
      `${SECONDS} changes per level; load average (2 shared cores) in the tables; ${Math.round(seconds)} s`,
    figures,
    tables,
  });
}

onBothDatabases(thisFile, bench, report).then(
  () => process.exit(0),
  (e: unknown) => {
    console.error(e);
    process.exit(1);
  },
);

// Open-loop load generator for the lounge bench (runs in a worker thread, so it does not share
// the backend's event loop). Each simulated member polls the lounge's three reads together every
// `periodMs`, starting at a random phase, whatever the server's speed (open loop: N*3/period
// requests per second). A request's latency counts from the moment it was due, so a late send
// (a busy generator or all sockets taken) is charged to the server rather than hidden.
//
// Messages in:  { type: 'run', step }  (see RunStep below); out: { type: 'result', result }.
import http from 'node:http';
import { performance } from 'node:perf_hooks';
import { parentPort, workerData } from 'node:worker_threads';

/**
 * @typedef {{ token: string, userId: string }} Member
 * @typedef {{ url: string, anonKey: string, members: Member[], eventDate: string,
 *   djId: string, sockets: number }} Setup
 * @typedef {{ n: number, warmupMs: number, measureMs: number, periodMs: number,
 *   timeoutMs: number }} RunStep
 */

/** @type {Setup} */
const setup = workerData;
const base = new URL(setup.url);
const newAgent = () =>
  new http.Agent({ keepAlive: true, maxSockets: setup.sockets, scheduling: 'fifo' });
let agent = newAgent();
const SONG_REQUEST_VISIBLE_MS = 6 * 3_600_000;

/** The three reads exactly as libs/data sends them (supabase-js query strings). */
function readPaths(member) {
  const since = new Date(Date.now() - SONG_REQUEST_VISIBLE_MS).toISOString();
  return [
    `/rest/v1/song_requests?select=*&event_date=eq.${setup.eventDate}` +
      `&created_at=gte.${encodeURIComponent(since)}&order=vote_count.desc,created_at.asc`,
    `/rest/v1/song_votes?select=song_request_id&user_id=eq.${member.userId}` +
      `&event_date=eq.${setup.eventDate}`,
    `/rest/v1/dj_ratings?select=*&dj_id=eq.${setup.djId}&performance_date=eq.${setup.eventDate}` +
      `&order=created_at.desc&limit=5`,
  ];
}
const PREFER = [null, null, 'count=exact'];

/**
 * @param {string} path
 * @param {Member} member
 * @param {string | null} prefer
 * @param {number} timeoutMs
 * @returns {Promise<{ ok: boolean, bytes: number, error?: string }>}
 */
function get(path, member, prefer, timeoutMs) {
  return new Promise((resolve) => {
    /** @type {Record<string, string>} */
    const headers = {
      apikey: setup.anonKey,
      authorization: `Bearer ${member.token}`,
      accept: 'application/json',
      'accept-profile': 'public',
      'x-client-info': 'supabase-js-web/2',
    };
    if (prefer) headers['prefer'] = prefer;
    const req = http.request(
      { agent, host: base.hostname, port: base.port, path, method: 'GET', headers },
      (res) => {
        let bytes = 0;
        res.on('data', (chunk) => {
          bytes += chunk.length;
        });
        res.on('end', () => {
          const ok = res.statusCode === 200 || res.statusCode === 206;
          resolve(ok ? { ok, bytes } : { ok, bytes, error: `HTTP ${res.statusCode}` });
        });
        res.on('error', (e) => resolve({ ok: false, bytes, error: e.message }));
      },
    );
    req.setTimeout(timeoutMs, () => req.destroy(new Error('timeout')));
    req.on('error', (e) => resolve({ ok: false, bytes: 0, error: e.message }));
    req.end();
  });
}

/** @param {RunStep} step */
async function run(step) {
  const { n, warmupMs, measureMs, periodMs, timeoutMs } = step;
  const phases = Array.from({ length: n }, (_, i) => ({
    member: setup.members[i % setup.members.length],
    phase: Math.random() * periodMs,
  })).sort((a, b) => a.phase - b.phase);
  /** @type {number[][]} */
  const latencies = [[], [], []];
  /** @type {number[]} */
  const lateness = [];
  /** @type {Record<string, number>} */
  const errors = {};
  let errorCount = 0;
  let bytes = 0;
  let sent = 0;
  let completed = 0;
  let inFlight = 0;
  const start = performance.now() + 50;
  const measureFrom = start + warmupMs;
  const stopAt = measureFrom + measureMs;
  let cycle = 0;
  let index = 0;

  const fire = (/** @type {{ member: Member }} */ slot, /** @type {number} */ due) => {
    const measured = due >= measureFrom;
    const paths = readPaths(slot.member);
    for (let r = 0; r < 3; r++) {
      inFlight++;
      sent++;
      void get(paths[r], slot.member, PREFER[r], timeoutMs).then((out) => {
        inFlight--;
        if (!out.ok) {
          errorCount++;
          const key = out.error ?? 'error';
          errors[key] = (errors[key] ?? 0) + 1;
        } else {
          completed++;
        }
        if (out.ok && measured) {
          latencies[r].push(performance.now() - due);
          bytes += out.bytes;
        }
      });
    }
  };

  await new Promise((resolve) => {
    const tick = () => {
      const now = performance.now();
      for (;;) {
        const slot = phases[index];
        const due = start + cycle * periodMs + slot.phase;
        if (due >= stopAt) return resolve(undefined);
        if (due > now) break;
        if (due >= measureFrom) lateness.push(now - due);
        fire(slot, due);
        index++;
        if (index === phases.length) {
          index = 0;
          cycle++;
        }
      }
      const nextDue = start + cycle * periodMs + phases[index].phase;
      setTimeout(tick, Math.max(0, Math.min(20, nextDue - performance.now())));
    };
    tick();
  });
  // let the last requests finish (they time out at timeoutMs at the latest)
  const drainUntil = performance.now() + timeoutMs + 1000;
  while (inFlight > 0 && performance.now() < drainUntil)
    await new Promise((r) => setTimeout(r, 20));
  if (inFlight > 0) {
    errorCount += inFlight;
    errors['unfinished'] = inFlight;
  }
  const measuredCount = latencies.reduce((s, l) => s + l.length, 0);
  return {
    n,
    sent,
    completed,
    measured: measuredCount,
    rps: measuredCount / (measureMs / 1000),
    errors: errorCount,
    errorKinds: errors,
    bytesPerResponse: measuredCount ? bytes / measuredCount : 0,
    latencies: latencies.map((l) => Float64Array.from(l)),
    lateness: Float64Array.from(lateness),
  };
}

parentPort?.on('message', (/** @type {{ type: string, step: RunStep }} */ msg) => {
  if (msg.type !== 'run') return;
  void run(msg.step).then((result) => {
    parentPort?.postMessage({ type: 'result', result });
    // a fresh set of connections for the next step
    agent.destroy();
    agent = newAgent();
  });
});

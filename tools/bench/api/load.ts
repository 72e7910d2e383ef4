/**
 * The load side of the API benches (api.bench.ts, processes.bench.ts): the open-loop generator in its worker thread (load-worker.mjs), one step of N
 * members run by it, percentiles, and the bisection for the largest N that passes.
 */
import { Worker } from 'node:worker_threads';
import type { StepTiming } from './load-settings.js';

export const f0 = (x: number): string => (Number.isFinite(x) ? x.toFixed(0) : '-');
export const f1 = (x: number): string => (Number.isFinite(x) ? x.toFixed(1) : '-');

/** What load-worker.mjs answers for one step. */
export interface WorkerResult {
  n: number;
  completed: number;
  rps: number;
  errors: number;
  errorKinds: Record<string, number>;
  bytesPerResponse: number;
  /** per read (song requests, votes, ratings) */
  latencies: Float64Array[];
  /** how late each measured request was sent */
  lateness: Float64Array;
}

/** The generator, in a worker thread of its own, for these members of the lounge tonight. */
export function startLoadWorker(setup: {
  url: string;
  anonKey: string;
  members: { token: string; userId: string }[];
  eventDate: string;
  djId: string;
  sockets: number;
}): Worker {
  return new Worker(new URL('./load-worker.mjs', import.meta.url), { workerData: setup });
}

/** Runs one step of `n` members on the generator. */
export function runStep(worker: Worker, n: number, timing: StepTiming): Promise<WorkerResult> {
  return new Promise((resolve, reject) => {
    const onMessage = (m: { type: string; result: WorkerResult }) => {
      if (m.type !== 'result') return;
      worker.off('error', reject);
      worker.off('message', onMessage);
      resolve(m.result);
    };
    worker.on('message', onMessage);
    worker.once('error', reject);
    worker.postMessage({ type: 'run', step: { n, ...timing } });
  });
}

export function percentile(sorted: Float64Array, p: number): number {
  if (!sorted.length) return NaN;
  const i = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[i] as number;
}

/** Every latency of a step, all reads together, sorted. */
export const allLatencies = (w: WorkerResult): Float64Array =>
  Float64Array.from(w.latencies.flatMap((l) => Array.from(l))).sort();

/**
 * Narrows the largest passing N between `lo` (passed) and `hi` (failed; null: none failed) in
 * `rounds` halvings on a grid of 50, running `passes(n)` for each midpoint.
 */
export async function bisect(
  lo: number,
  hi: number | null,
  rounds: number,
  passes: (n: number) => Promise<boolean>,
): Promise<{ lo: number; hi: number | null }> {
  for (let i = 0; i < rounds && hi !== null && hi - lo > 50; i++) {
    const mid = Math.round((lo + hi) / 2 / 50) * 50;
    if (mid <= lo || mid >= hi) break;
    if (await passes(mid)) lo = mid;
    else hi = mid;
  }
  return { lo, hi };
}

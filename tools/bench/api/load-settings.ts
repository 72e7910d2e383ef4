/** The settings both API benches read from the environment (defaults in their headers). */
export interface StepTiming {
  warmupMs: number;
  measureMs: number;
  /** each member polls the three reads once a period */
  periodMs: number;
  timeoutMs: number;
}

export const envList = (v: string | undefined, d: number[]): number[] =>
  v ? v.split(',').map((x) => Number(x.trim())) : d;
export const envNum = (v: string | undefined, d: number): number => (v ? Number(v) : d);

const env = process.env;
/** How long each step warms up and measures, and how long a request may take. */
export const TIMING: StepTiming = {
  warmupMs: envNum(env['BENCH_WARMUP_MS'], 5000),
  measureMs: envNum(env['BENCH_MEASURE_MS'], 5000),
  periodMs: 5000,
  timeoutMs: envNum(env['BENCH_TIMEOUT_MS'], 5000),
};
/** Bisection rounds after the levels bracketed the largest passing N. */
export const SEARCH_STEPS = envNum(env['BENCH_SEARCH_STEPS'], 2);
/** The generator's sockets. */
export const SOCKETS = envNum(env['BENCH_SOCKETS'], 256);
/** A step passes with no errors and p99 at most this. */
export const P99_MS = envNum(env['BENCH_P99_MS'], 100);

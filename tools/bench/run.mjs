#!/usr/bin/env node
// `npm run bench`: benchmarks that print figures (no pass/fail thresholds).
// Each one is a script of its own; this runs them in order, gives each the
// folder of this run in BENCH_OUT, and merges their parts into
// bench-results/<time>/report.json and report.md (git-ignored) so two runs can
// be compared. `npm run bench -- --only a,b` runs just the named benches.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { writeRunReport } from './report.mjs';

const root = join(import.meta.dirname, '..', '..');
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const out = join(root, 'bench-results', stamp);
mkdirSync(out, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', BENCH_OUT: out };

// Each bench: its id (for --only), its title, the command run from the repository's root, and,
// for the benches of the local backend, a file of it they need (skipped when it is not there).
const benches = JSON.parse(readFileSync(join(import.meta.dirname, 'benches.json'), 'utf8'));

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1].split(',')) : null;

const failures = [];
for (const bench of benches) {
  if (only && !only.has(bench.id) && bench.id !== 'build') continue;
  if (bench.requires && !existsSync(join(root, bench.requires))) continue;
  console.log(`\n=== ${bench.name} ===`);
  const t0 = Date.now();
  const [cmd, ...args] = bench.cmd;
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(0);
  console.log(`=== ${bench.name}: ${result.status === 0 ? 'done' : 'FAILED'} in ${seconds} s ===`);
  if (result.status !== 0) failures.push(`${bench.id} (exit ${result.status})`);
}

writeRunReport({ out, startedAt, failures });
process.exit(failures.length ? 1 : 0);

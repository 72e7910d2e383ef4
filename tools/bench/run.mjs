#!/usr/bin/env node
// `npm run bench`: benchmarks that print figures (no pass/fail thresholds).
// Each one is a script of its own; this runs them in order, gives each the
// folder of this run in BENCH_OUT, and merges their parts into
// bench-results/<time>/report.json and report.md (git-ignored) so two runs can
// be compared. `npm run bench -- --only a,b` runs just the named benches.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { writeRunReport } from './report.mjs';

const root = join(import.meta.dirname, '..', '..');
const startedAt = new Date();
const stamp = startedAt.toISOString().replace(/[:.]/g, '-');
const out = join(root, 'bench-results', stamp);
mkdirSync(out, { recursive: true });
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true', BENCH_OUT: out };

const benches = [
  {
    id: 'build',
    name: 'build the suite (Nx cache)',
    cmd: [
      'npx',
      'nx',
      'run-many',
      '-t',
      'build',
      '--projects=shell,guest,lounge,games,admin',
      '--output-style=static',
    ],
  },
  {
    id: 'bundle',
    name: 'JS and CSS per route (first visit)',
    cmd: ['node', 'tools/bench/bundle.mjs'],
  },
  {
    id: 'single-bundle',
    name: 'Module Federation overhead (vs one ordinary bundle)',
    cmd: ['node', 'tools/bench/single-bundle.mjs'],
  },
  {
    id: 'remote-switch',
    name: 'Remote switch, click to painted',
    cmd: ['node', 'tools/bench/remote-switch.mjs'],
  },
  {
    id: 'lighthouse',
    name: 'Lighthouse (mobile) on /, /events, /auth, /song-requests',
    cmd: ['node', 'tools/bench/lighthouse.mjs'],
  },
  {
    id: 'api',
    name: 'API: the lounge under load (PGlite, then PostgreSQL)',
    requires: 'apps/backend/src/server.ts',
    cmd: ['npx', 'tsx', 'tools/bench/api/api.bench.ts'],
  },
  {
    id: 'processes',
    name: 'API: the lounge with 1 and 2 backend processes (PostgreSQL, WORKERS)',
    requires: 'apps/backend/src/cluster.ts',
    cmd: ['npx', 'tsx', 'tools/bench/api/processes.bench.ts'],
  },
  {
    id: 'runaway',
    name: 'API: one runaway request (statement timeout, PGlite worker watchdog)',
    requires: 'apps/backend/src/server.ts',
    cmd: ['npx', 'tsx', 'tools/bench/api/runaway.bench.ts'],
  },
  {
    id: 'realtime',
    name: 'Realtime: delivery delay and memory per socket (PGlite, then PostgreSQL)',
    requires: 'apps/backend/src/realtime/server.ts',
    cmd: ['npx', 'tsx', 'tools/bench/realtime/realtime.bench.ts'],
  },
  {
    id: 'admin-users',
    name: 'Admin at scale: the Users tab with 5,000 and 50,000 profiles',
    requires: 'apps/backend/src/server.ts',
    cmd: ['node', '--import', 'tsx', 'tools/bench/admin-users.mjs'],
  },
  {
    id: 'bookings',
    name: 'Bookings: the booking dialog, and the admin Bookings tab with 10,000 bookings',
    requires: 'apps/backend/src/server.ts',
    cmd: ['node', '--import', 'tsx', 'tools/bench/bookings/bookings.mjs'],
  },
];

const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1].split(',')) : null;

const failures = [];
for (const bench of benches) {
  if (only && !only.has(bench.id) && bench.id !== 'build') continue;
  // Benches of the local backend are skipped when it is not in the checkout.
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

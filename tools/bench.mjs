#!/usr/bin/env node
// `npm run bench`: benchmarks that print figures (no pass/fail thresholds).
// Each one is a script of its own; this runs those that exist, in order.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

const benches = [
  {
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
  { name: 'JS a visitor downloads on /', cmd: ['node', 'tools/measure-bundle.mjs'] },
  {
    name: 'API: the lounge polled reads',
    file: 'apps/backend/bench/api.bench.ts',
    cmd: ['npx', 'tsx', 'apps/backend/bench/api.bench.ts'],
  },
];

let failed = 0;
for (const bench of benches) {
  if (bench.file && !existsSync(join(root, bench.file))) continue;
  console.log(`\n=== ${bench.name} ===`);
  const [cmd, ...args] = bench.cmd;
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) failed += 1;
}
process.exit(failed ? 1 : 0);

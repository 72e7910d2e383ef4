#!/usr/bin/env node
// `npm test`: the format check, then every project's lint, typecheck, unit and
// integration tests, security suites, the backend suite on PostgreSQL and the
// builds (one Nx run: cached, scheduled on the cores), the dev-suite check
// (tools/dev-check.mjs: `npm run dev` starts, serves every remote, hot-updates
// an edit with state kept, stops cleanly), then the end-to-end suite on the
// builds of this run. The dev check and the end-to-end suite are Nx targets
// too, so a step whose inputs did not change since its last pass is replayed
// from the cache. Stops at the first failing step and exits non-zero, and
// prints how long each step took.
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { cpus } from 'node:os';
import { join } from 'node:path';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(import.meta.dirname, '..');
const env = {
  ...process.env,
  NX_DAEMON: 'false',
  NX_NO_CLOUD: 'true',
  // one name for the whole run: its database templates are built once and copied by every
  // test file (apps/backend/src/db/template.ts)
  BISTRO_TEST_RUN:
    process.env.BISTRO_TEST_RUN ?? `test-${Date.now()}-${randomBytes(3).toString('hex')}`,
};

// The database suites also run on Debian's PostgreSQL (migrations, the RLS
// matrix, concurrent votes, the backend suite); install it when it is missing.
if (!process.env.SKIP_POSTGRES) {
  try {
    ensureDebianPackage(
      'postgresql',
      '/usr/lib/postgresql/15/bin/initdb',
      ', or set SKIP_POSTGRES=1 to skip those suites.',
    );
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

const nx = (...args) => ['npx', 'nx', ...args, '--output-style=static'];
// no more tasks at once than the machine has cores
const parallel = `--parallel=${Math.max(1, Math.min(cpus().length, 4))}`;

const steps = [
  ['format', ['npx', 'prettier', '--check', '.', '--cache', '--log-level', 'warn']],
  [
    'lint, typecheck, unit, security, PostgreSQL, build',
    nx(
      'run-many',
      '-t',
      'lint',
      'typecheck',
      'test',
      'test:security',
      'test:postgres',
      'build',
      parallel,
    ),
  ],
  ['dev suite', nx('run', '@bistro/e2e:dev-check')],
  ['e2e', nx('run', '@bistro/e2e:e2e', parallel)],
];

const started = Date.now();
const times = [];
for (const [name, [cmd, ...args]] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  times.push([name, seconds]);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds} s ===`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds} s ===`);
}
console.log('\nstep times:');
for (const [name, seconds] of times) console.log(`  ${seconds.padStart(7)} s  ${name}`);
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

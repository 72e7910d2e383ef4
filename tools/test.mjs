#!/usr/bin/env node
// `npm test`: lint, typecheck and unit/integration tests of every project (Nx,
// cached), the dev-suite check (tools/dev-check.mjs: `npm run dev` starts, serves
// every remote, hot-updates an edit with state kept, stops cleanly), then the
// end-to-end suite. Stops at the first failing step and exits
// non-zero.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(import.meta.dirname, '..');
const env = { ...process.env, NX_DAEMON: 'false', NX_NO_CLOUD: 'true' };

// The database suites also run on Debian's PostgreSQL 15 (migrations, the RLS
// matrix, concurrent votes); install it when it is missing.
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

const steps = [
  ['format', ['npx', 'prettier', '--check', '.', '--log-level', 'warn']],
  [
    'lint, typecheck, unit',
    [
      'npx',
      'nx',
      'run-many',
      '-t',
      'lint',
      'typecheck',
      'test',
      'test:security',
      '--output-style=static',
    ],
  ],
  ['dev suite', ['node', 'tools/dev-check.mjs']],
  ['e2e', ['node', 'tools/e2e.mjs']],
];

const started = Date.now();
for (const [name, [cmd, ...args]] of steps) {
  const t0 = Date.now();
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(cmd, args, { cwd: root, stdio: 'inherit', env });
  const seconds = ((Date.now() - t0) / 1000).toFixed(1);
  if (result.status !== 0) {
    console.error(`\n=== ${name} failed after ${seconds} s ===`);
    process.exit(result.status ?? 1);
  }
  console.log(`=== ${name} passed in ${seconds} s ===`);
}
console.log(`\nAll test steps passed in ${((Date.now() - started) / 1000).toFixed(0)} s.`);

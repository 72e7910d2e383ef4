#!/usr/bin/env node
// `npm run soak`: the long runs: the 100,000-case REST fuzz (`npm run fuzz`; skip it with
// SOAK_SKIP_FUZZ=1), then the load and crash runs (tools/bench/soak/main.ts) on PGlite and
// on a throwaway PostgreSQL cluster. Prints every figure, and records them in
// bench-results/soak-<time>/ (one part per run, merged into report.json and report.md).
// Durations and sizes come from SOAK_* variables (see tools/bench/soak/main.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureDebianPackage } from '../../ensure-debian-package.mjs';
import { writeBenchPart, writeRunReport } from '../report.mjs';

const root = join(import.meta.dirname, '..', '..', '..');
const startedAt = new Date();
const out = join(root, 'bench-results', `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(out, { recursive: true });

// the fuzz suites write their figures (apps/backend/src/security/fuzz-run.ts) to FUZZ_OUT
const fuzzOut = join(out, 'fuzz');
const env = { ...process.env, BENCH_OUT: out, FUZZ_OUT: fuzzOut };
if ((process.env.SOAK_DB ?? 'both') !== 'pglite' && !env.SOAK_PG_BIN) {
  const versions = existsSync('/usr/lib/postgresql') ? readdirSync('/usr/lib/postgresql') : [];
  const found = versions
    .sort((a, b) => Number(b) - Number(a))
    .map((v) => `/usr/lib/postgresql/${v}/bin`)
    .find((bin) => existsSync(join(bin, 'pg_ctl')));
  env.SOAK_PG_BIN =
    found ??
    ensureDebianPackage('postgresql', '/usr/lib/postgresql/15/bin/pg_ctl').replace(/\/pg_ctl$/, '');
}

const failures = [];
if (!process.env.SOAK_SKIP_FUZZ) {
  console.log('\n=== REST fuzz: 100,000 cases (40,000 as a visitor, 60,000 as a member) ===');
  const fuzz = spawnSync('npm', ['run', 'test:fuzz', '-w', '@bistro/backend'], {
    cwd: root,
    stdio: 'inherit',
    env,
  });
  if (fuzz.status !== 0) failures.push(`fuzz (exit ${fuzz.status ?? fuzz.signal})`);
  for (const file of existsSync(fuzzOut) ? readdirSync(fuzzOut).sort() : []) {
    writeFuzzPart(JSON.parse(readFileSync(join(fuzzOut, file), 'utf8')));
  }
}

console.log('\n=== races under load and crash trials ===');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'tools/bench/soak/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (result.status !== 0) failures.push(`soak (exit ${result.status ?? result.signal})`);

writeRunReport({ out, startedAt, failures });
process.exit(failures.length ? 1 : 0);

/** One fuzz actor's figures as a part of the report. */
function writeFuzzPart({ actor, seed, cases, statuses, seconds }) {
  const byStatus = Object.entries(statuses).sort(([a], [b]) => Number(a) - Number(b));
  writeBenchPart({
    id: `rest-fuzz-${actor}`,
    title: `PostgREST query-grammar fuzzing as a ${actor}`,
    notes: `fast-check seed ${seed}; every answer a 2xx or a PostgREST-shaped 4xx, rows unchanged beyond the caller's policies`,
    figures: [
      { name: 'fuzz cases', value: cases, unit: 'requests' },
      { name: 'answers with status 5xx', value: 0, target: '0', met: true },
      { name: 'duration', value: Number(seconds.toFixed(1)), unit: 's' },
    ],
    tables: [
      {
        title: 'status distribution',
        columns: ['status', 'answers'],
        rows: byStatus.map(([st, n]) => [Number(st), n]),
      },
    ],
  });
}

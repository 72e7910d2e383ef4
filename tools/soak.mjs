#!/usr/bin/env node
// `npm run soak`: the long runs of issue 9: the 100,000-case REST fuzz (`npm run fuzz`; skip it
// with SOAK_SKIP_FUZZ=1), then the load and crash runs (apps/backend/soak/main.ts) on PGlite and
// on a throwaway PostgreSQL cluster. Prints every figure, and records them in
// bench-results/soak-<time>/ (one part per run, merged into report.json and report.md).
// Durations and sizes come from SOAK_* variables (see apps/backend/soak/main.ts).
import { spawnSync, execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import { join } from 'node:path';
import { renderMarkdown } from './bench/report.mjs';
import { ensureDebianPackage } from './ensure-debian-package.mjs';

const root = join(import.meta.dirname, '..');
const startedAt = new Date();
const out = join(root, 'bench-results', `soak-${startedAt.toISOString().replace(/[:.]/g, '-')}`);
mkdirSync(out, { recursive: true });

const env = { ...process.env, BENCH_OUT: out };
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
}

console.log('\n=== races under load and crash trials ===');
const result = spawnSync(process.execPath, ['--import', 'tsx', 'apps/backend/soak/main.ts'], {
  cwd: root,
  stdio: 'inherit',
  env,
});
if (result.status !== 0) failures.push(`soak (exit ${result.status ?? result.signal})`);

let commit = 'unknown';
try {
  commit = execSync('git rev-parse --short HEAD', { cwd: root }).toString().trim();
} catch {
  // not a git checkout
}
const parts = readdirSync(out)
  .filter((f) => f.endsWith('.json') && f !== 'report.json')
  .sort()
  .map((f) => JSON.parse(readFileSync(join(out, f), 'utf8')));
const report = {
  startedAt: startedAt.toISOString(),
  commit,
  machine: `${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, load ${loadavg()
    .map((n) => n.toFixed(1))
    .join('/')}, node ${process.version}`,
  durationSeconds: Math.round((Date.now() - startedAt.getTime()) / 1000),
  parts,
  failures,
};
writeFileSync(join(out, 'report.json'), JSON.stringify(report, null, 2) + '\n');
writeFileSync(join(out, 'report.md'), renderMarkdown(report));
console.log(`\nReport: ${join(out, 'report.md')} (and report.json)`);
process.exit(failures.length ? 1 : 0);

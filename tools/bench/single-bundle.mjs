#!/usr/bin/env node
// Module Federation overhead: builds the same pages as one ordinary bundle
// (tools/rspack/single-bundle.config.ts, no federation) and prints, for `/`,
// `/events` and `/song-requests` (signed in), the gzip JS of a first visit to the
// federated suite, to the single bundle, and their ratio (target <= 1.15).
// Needs a built suite (`npm run build`); builds the single bundle itself.
// Ports: BENCH_PORT_BASE (default 4400, uses base..base+5), BENCH_API_PORT.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writeBenchPart } from './report.mjs';
import { kib, routeFiles, routes, startSuite, sumGzip } from './browser-suite.mjs';

const root = join(import.meta.dirname, '..', '..');
const TARGET = 1.15;
const build = spawnSync(
  'npx',
  ['rspack', 'build', '--config', 'tools/rspack/single-bundle.config.ts'],
  { cwd: root, stdio: 'inherit' },
);
if (build.status !== 0) process.exit(build.status ?? 1);

const paths = ['/', '/events', '/song-requests'];
const suite = await startSuite({ singleBundle: join(root, 'dist', 'single-bundle') });
const rows = [];
try {
  for (const path of paths) {
    const route = routes.find((r) => r.path === path);
    if (route.member && !suite.hasBackend) {
      console.log(`${path}: skipped (signed in only, and apps/backend is absent)`);
      continue;
    }
    const fed = sumGzip(await routeFiles(suite, route));
    const one = sumGzip(await routeFiles(suite, route, { single: true }));
    rows.push({ path, fed, one, ratio: Math.round((fed / one) * 100) / 100 });
  }
} finally {
  await suite.close();
}

console.log('\nFirst-visit JS (gzip KiB): federated vs one bundle');
console.log(`${'route'.padEnd(15)} ${'federated'.padStart(9)} ${'single'.padStart(7)} ratio`);
for (const r of rows) {
  console.log(
    `${r.path.padEnd(15)} ${kib(r.fed).toFixed(1).padStart(9)} ${kib(r.one).toFixed(1).padStart(7)} ${r.ratio.toFixed(2)}`,
  );
}
writeBenchPart({
  id: 'single-bundle',
  title: 'Module Federation overhead (first-visit JS, gzip)',
  notes:
    'The single bundle is tools/rspack/single-bundle.config.ts: the same pages and compiler settings, remotes imported statically (lazy per area), no federation.',
  figures: rows.map((r) => ({
    name: `federated / single bundle JS on ${r.path}`,
    value: r.ratio,
    unit: 'x',
    target: `<= ${TARGET}`,
    met: r.ratio <= TARGET,
  })),
  tables: [
    {
      title: 'First-visit JS per route',
      columns: ['route', 'federated KiB', 'single bundle KiB', 'ratio'],
      rows: rows.map((r) => [r.path, kib(r.fed), kib(r.one), r.ratio]),
    },
  ],
});

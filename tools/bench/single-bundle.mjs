#!/usr/bin/env node
// Module Federation overhead: builds the same pages as one ordinary bundle
// (tools/rspack/single-bundle.config.ts, no federation) and prints, for `/`,
// `/events` and `/song-requests` (signed in), the gzip JS of a first visit to the
// federated suite, to the single bundle, and their ratio (target <= 1.15); then the
// same for the JS that had arrived when the route's content was painted (its
// element-timing mark): the suite's web server renders the public pages, whose
// content then paints before the areas' code has arrived, while the single bundle
// (an ordinary SPA, not server-rendered) paints only once its code has run.
// Needs a built suite (`npm run build`); builds the single bundle itself.
// Ports: BENCH_PORT_BASE (default 4400, uses base..base+5), BENCH_API_PORT.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { writeBenchPart } from './report.mjs';
import {
  kib,
  routeFiles,
  routes,
  startSuite,
  sumGzip,
  sumGzipBeforeContent,
} from './browser-suite.mjs';

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
    const fedFiles = await routeFiles(suite, route);
    const oneFiles = await routeFiles(suite, route, { single: true });
    const fed = sumGzip(fedFiles);
    const one = sumGzip(oneFiles);
    const fedFirst = sumGzipBeforeContent(fedFiles);
    const oneFirst = sumGzipBeforeContent(oneFiles);
    rows.push({
      path,
      fed,
      one,
      ratio: Math.round((fed / one) * 100) / 100,
      fedFirst,
      oneFirst,
      ratioFirst: oneFirst ? Math.round((fedFirst / oneFirst) * 100) / 100 : null,
    });
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
console.log('\nJS arrived before the content painted (gzip KiB): federated vs one bundle');
console.log(`${'route'.padEnd(15)} ${'federated'.padStart(9)} ${'single'.padStart(7)} ratio`);
for (const r of rows) {
  console.log(
    `${r.path.padEnd(15)} ${kib(r.fedFirst).toFixed(1).padStart(9)} ${kib(r.oneFirst).toFixed(1).padStart(7)} ${r.ratioFirst?.toFixed(2) ?? 'n/a'}`,
  );
}
writeBenchPart({
  id: 'single-bundle',
  title: 'Module Federation overhead (first-visit JS, gzip)',
  notes:
    'The single bundle is tools/rspack/single-bundle.config.ts: the same pages and compiler settings, remotes imported statically (lazy per area), no federation. "Before content" counts the JS files whose responseEnd came before the route\'s element-timing mark (the suite server-renders public pages; the single bundle does not).',
  figures: rows.flatMap((r) => [
    {
      name: `federated / single bundle JS on ${r.path}`,
      value: r.ratio,
      unit: 'x',
      target: `<= ${TARGET}`,
      met: r.ratio <= TARGET,
    },
    {
      name: `federated / single bundle JS before content painted on ${r.path}`,
      value: r.ratioFirst,
      unit: 'x',
    },
  ]),
  tables: [
    {
      title: 'First-visit JS per route',
      columns: [
        'route',
        'federated KiB',
        'single bundle KiB',
        'ratio',
        'federated KiB before content',
        'single bundle KiB before content',
        'ratio before content',
      ],
      rows: rows.map((r) => [
        r.path,
        kib(r.fed),
        kib(r.one),
        r.ratio,
        kib(r.fedFirst),
        kib(r.oneFirst),
        r.ratioFirst,
      ]),
    },
  ],
});

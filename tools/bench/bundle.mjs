#!/usr/bin/env node
// Prints the JavaScript and CSS each main route downloads on a first visit
// (fresh cache), file by file, raw and gzip, and which server (shell or which
// remote) sent it: `/`, `/events` and `/auth` as a visitor, `/song-requests` and
// `/games` signed in as a member (needs apps/backend; skipped without it).
// Needs a built suite. Ports: BENCH_PORT_BASE (default 4400: static servers
// 4400-4405) and BENCH_API_PORT (default 54400), so two people can run it at once.
// Records its figures with writeBenchPart under id `bundle`.
import { writeBenchPart } from './report.mjs';
import { kib, routeFiles, routes, startSuite, sumGzip } from './browser-suite.mjs';

const BUDGET_KIB = 170;
const suite = await startSuite();
const results = [];
try {
  for (const route of routes) {
    if (route.member && !suite.hasBackend) {
      console.log(`\n${route.path}: skipped (signed in only, and apps/backend is absent)`);
      continue;
    }
    const files = await routeFiles(suite, route);
    results.push({ route, files });
    const pad = (n) => kib(n).toFixed(1).padStart(7);
    console.log(`\n${route.path}${route.member ? ' (member)' : ' (visitor)'}: KiB`);
    console.log(
      `${'area'.padEnd(7)} ${'kind'.padEnd(4)} ${'raw'.padStart(7)} ${'gzip'.padStart(7)}  file`,
    );
    for (const f of files) {
      console.log(
        `${f.area.padEnd(7)} ${f.kind.padEnd(4)} ${pad(f.raw)} ${pad(f.gzip)}  ${f.file}`,
      );
    }
    const byArea = {};
    for (const f of files.filter((f) => f.kind === 'js'))
      byArea[f.area] = (byArea[f.area] ?? 0) + f.gzip;
    console.log(
      `total: JS ${kib(sumGzip(files)).toFixed(1)} KiB gzip (${Object.entries(byArea)
        .map(([a, n]) => `${a} ${kib(n).toFixed(1)}`)
        .join(', ')}), CSS ${kib(sumGzip(files, 'css')).toFixed(1)} KiB, ${files.length} files`,
    );
  }
} finally {
  await suite.close();
}

const home = results.find((r) => r.route.path === '/');
const homeJs = kib(sumGzip(home.files));
const foreign = home.files.filter((f) => ['lounge', 'games', 'admin'].includes(f.area));
console.log(`\nfirst load on / : ${homeJs} KiB gzip JS (budget ${BUDGET_KIB} KiB)`);
console.log(`files from lounge/games/admin on /: ${foreign.length}`);

writeBenchPart({
  id: 'bundle',
  title: 'JavaScript and CSS per route (first visit, gzip)',
  notes:
    'Fresh browser context per route; every .js/.css response until the route rendered and the network was idle. KiB = 1024 bytes, gzip level 9.',
  figures: [
    {
      name: 'first-load JS on / (visitor, gzip)',
      value: homeJs,
      unit: 'KiB',
      target: `<= ${BUDGET_KIB} KiB`,
      met: homeJs <= BUDGET_KIB,
    },
    {
      name: 'lounge/games/admin files loaded on /',
      value: foreign.length,
      unit: 'files',
      target: '0',
      met: foreign.length === 0,
    },
    ...results
      .filter((r) => r.route.path !== '/')
      .map((r) => ({
        name: `first-load JS on ${r.route.path} (${r.route.member ? 'member' : 'visitor'}, gzip)`,
        value: kib(sumGzip(r.files)),
        unit: 'KiB',
      })),
  ],
  tables: [
    {
      title: 'Per route',
      columns: ['route', 'as', 'JS gzip KiB', 'CSS gzip KiB', 'files'],
      rows: results.map((r) => [
        r.route.path,
        r.route.member ? 'member' : 'visitor',
        kib(sumGzip(r.files)),
        kib(sumGzip(r.files, 'css')),
        r.files.length,
      ]),
    },
    ...results.map((r) => ({
      title: `Files on ${r.route.path}`,
      columns: ['server', 'kind', 'file', 'raw KiB', 'gzip KiB'],
      rows: r.files.map((f) => [f.area, f.kind, f.file, kib(f.raw), kib(f.gzip)]),
    })),
  ],
});

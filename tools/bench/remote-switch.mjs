#!/usr/bin/env node
// Remote switch: the time from clicking a nav link into another remote's area
// to that area's page being painted, on loopback, signed in as a member (the
// lounge and games links are members-only). For each target remote:
//   cold        - its code was never loaded; plain click (no hover first)
//   cold+hover  - never loaded; the pointer rests on the link for HOVER_MS
//                 before the click (the shell preloads on hover/focus/touch)
//   warm        - loaded before (left and came back)
// Timed inside the page: from the click to the first animation frame after the
// page's element is in the DOM. Median of RUNS fresh browser contexts.
// Each click comes once `/` has painted and the network has been idle for
// 500 ms: by then the shell has fetched a member's menu areas ahead (manifest,
// entry, App chunks; apps/shell/src/features/remotes/warm-areas.ts), so "cold"
// is a click into an area never opened but warmed. "cold, save-data" is the
// same click with navigator.connection.saveData set, where the shell warms
// nothing: the cost of an area fetched only on the click.
// Needs a built suite and apps/backend. Ports: BENCH_PORT_BASE, BENCH_API_PORT,
// BENCH_INBOX_PORT (see browser-suite.mjs).
import { writeBenchPart } from './report.mjs';
import { startSuite } from './browser-suite.mjs';

const RUNS = Number(process.env.REMOTE_SWITCH_RUNS ?? 2);
const HOVER_MS = 150;
const COLD_TARGET = 300;
const WARM_TARGET = 50;
const targets = [
  { remote: 'lounge', link: 'Song Requests', path: '/song-requests' },
  { remote: 'games', link: 'Games & Fun', path: '/games' },
];

/** Clicks the nav link named `name` and resolves with ms until `selector` is painted. */
async function timedClick(page, name, selector) {
  return page.evaluate(
    ({ name, selector }) =>
      new Promise((resolve, reject) => {
        const link = [...document.querySelectorAll('#site-nav a')].find(
          (a) => a.textContent?.trim() === name,
        );
        if (!link) return reject(new Error(`no nav link "${name}"`));
        const start = performance.now();
        link.click();
        const deadline = start + 30_000;
        const check = () => {
          if (document.querySelector(selector)) {
            requestAnimationFrame(() => resolve(performance.now() - start));
          } else if (performance.now() > deadline) {
            reject(new Error(`${selector} did not appear`));
          } else {
            requestAnimationFrame(check);
          }
        };
        check();
      }),
    { name, selector },
  );
}

const median = (xs) => {
  if (!xs.length) return null;
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return Math.round(s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2);
};

const suite = await startSuite();
const samples = {};
const add = (key, ms) => (samples[key] ??= []).push(ms);
try {
  if (!suite.hasBackend) {
    console.log('remote-switch: skipped (needs apps/backend for a member session)');
    process.exit(0);
  }
  const modes = [
    { hover: false, saveData: false, cold: 'cold' },
    { hover: true, saveData: false, cold: 'cold+hover' },
    { hover: false, saveData: true, cold: 'cold, save-data' },
  ];
  for (let run = 0; run < RUNS; run++) {
    for (const { hover, saveData, cold } of modes) {
      const { context, page } = await suite.newPage({ member: true });
      if (saveData) {
        await context.addInitScript(() =>
          Object.defineProperty(navigator, 'connection', {
            value: { saveData: true, effectiveType: '4g' },
          }),
        );
      }
      await page.goto(`${suite.shellUrl}/`);
      await page.waitForSelector('main [data-route="/"]');
      await page.waitForSelector(`#site-nav a[href="/song-requests"]`);
      await page.waitForLoadState('networkidle');
      for (const t of targets) {
        const selector = `main [data-route="${t.path}"]`;
        if (hover) {
          await page.hover(`#site-nav a[href="${t.path}"]`);
          await page.waitForTimeout(HOVER_MS);
        }
        add(`${t.remote} ${cold}`, await timedClick(page, t.link, selector));
        await timedClick(page, 'Home', 'main [data-route="/"]');
        await page.mouse.move(0, 0);
        if (!hover && !saveData) {
          add(`${t.remote} warm`, await timedClick(page, t.link, selector));
          await timedClick(page, 'Home', 'main [data-route="/"]');
        }
      }
      await context.close();
    }
  }
} finally {
  await suite.close();
}

const rows = Object.entries(samples).map(([key, xs]) => [
  key,
  median(xs),
  Math.round(Math.min(...xs)),
  Math.round(Math.max(...xs)),
  xs.length,
]);
console.log(`Remote switch, click to painted (ms, median of ${RUNS}; hover dwell ${HOVER_MS} ms):`);
for (const [key, med, min, max] of rows) {
  console.log(`${key.padEnd(20)} ${String(med).padStart(5)}  (min ${min}, max ${max})`);
}
const figure = (key, target) => {
  const value = median(samples[key] ?? []);
  return {
    name: `remote switch ${key} (ms, median)`,
    value,
    unit: 'ms',
    ...(target ? { target: `<= ${target} ms`, met: value !== null && value <= target } : {}),
  };
};
writeBenchPart({
  id: 'remote-switch',
  title: 'Remote switch: click to painted (loopback)',
  notes: `Member session; from / to each remote's page, each click once / has painted and the network was idle for 500 ms. cold: never opened, plain click (the shell has warmed the member's menu areas by then: manifest, entry and App chunks fetched, nothing run); cold+hover: the same with the pointer on the link ${HOVER_MS} ms before the click (the shell loads on hover/focus/pointerdown/touch); cold, save-data: navigator.connection.saveData set, so nothing is warmed and the area loads on the click alone; warm: opened before. Median of ${RUNS} fresh contexts.`,
  figures: targets.flatMap((t) => [
    figure(`${t.remote} cold`, COLD_TARGET),
    figure(`${t.remote} cold+hover`, COLD_TARGET),
    figure(`${t.remote} cold, save-data`),
    figure(`${t.remote} warm`, WARM_TARGET),
  ]),
  tables: [{ title: 'Samples (ms)', columns: ['switch', 'median', 'min', 'max', 'runs'], rows }],
});

#!/usr/bin/env node
// Interaction to Next Paint of the taps that matter, on the built suite with the
// CPU 4x slower (Emulation.setCPUThrottlingRate, Lighthouse's mobile slowdown):
//   - vote on a song request      (a member on /song-requests, phone screen)
//   - open the booking dialog     (a member on /events, "Reserve Your Spot", phone screen)
//   - submit a reservation        (a member on /reserve, "Confirm reservation", phone screen)
//   - switch tabs in the admin    (the admin on /admin, desktop screen: Events, Bookings,
//                                  Users, Tonight, one after another)
// Each tap is real input through DevTools (Playwright's tap: Input.dispatchTouchEvent on
// the phone screen; its click: Input.dispatchMouseEvent on the desktop), made once the page
// has rendered and the network has been idle for 500 ms, in a fresh browser context.
// The INP of a tap is what the Event Timing API gives it, as the web-vitals library
// reads it: a PerformanceObserver of type `event` (durationThreshold 16) and of
// `first-input`, the entries grouped by interactionId, an interaction's latency the
// longest duration among its events (pointerdown, pointerup, click, ...); the figure
// is the longest interaction from the tap until the page has shown its outcome (the
// dialog, the vote pressed, the booking confirmed, the tab's heading). A tap under
// 16 ms on a page where it is not the first input has no entry and counts as 0.
// Each tap's worst interaction is split into input delay, processing and presentation
// delay, and the long animation frames (`long-animation-frame`) it overlapped name the
// scripts that ran in them. Median of INP_RUNS (3) runs; target <= 100 ms each.
// INP_ONLY=<tap id> runs one tap; INP_PROFILE=1 samples the main thread from the tap to its
// outcome; INP_TRACE=1 writes a Chrome trace of it (event dispatch, style, layout, paint).
// Needs a built suite and apps/backend. Ports: BENCH_PORT_BASE, BENCH_API_PORT,
// BENCH_INBOX_PORT (see browser-suite.mjs).
import { writeBenchPart } from './report.mjs';
import { startSuite } from './browser-suite.mjs';
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { mobileConditions, sourceMapResolver, summariseProfile } from './content-paint.mjs';

const RUNS = Number(process.env.INP_RUNS ?? 3);
const PROFILE = process.env.INP_PROFILE === '1';
/** INP_TRACE=1: a Chrome trace of each tap (DevTools' Performance panel opens it). */
const TRACE = process.env.INP_TRACE === '1';
const root = join(import.meta.dirname, '..', '..');
const TARGET = 100;
const CPU_SLOWDOWN = 4;
const TIMEOUT = 90_000;
const ADMIN = { email: 'admin@example.com', password: 'password123' };
const ADMIN_TABS = ['Events', 'Bookings', 'Users', 'Tonight'];
/** An open request of tonight's seed that the member has not voted for. */
const VOTE_SONG = 'September';

const phone = mobileConditions.preset;
const phoneContext = {
  viewport: { width: phone.width, height: phone.height },
  deviceScaleFactor: phone.deviceScaleFactor,
  isMobile: true,
  hasTouch: true,
  userAgent: phone.userAgent,
};
const desktopContext = { viewport: { width: 1280, height: 800 } };

/**
 * Runs in the page before its scripts: keeps every Event Timing entry that belongs to
 * an interaction, and the long animation frames with their scripts.
 */
function observeInteractions() {
  const describe = (node) => {
    if (!(node instanceof Element)) return '';
    const label = node.getAttribute('aria-label') ?? node.textContent?.trim().slice(0, 30) ?? '';
    return `${node.tagName.toLowerCase()}${label ? ` "${label}"` : ''}`;
  };
  // lastBusy: when the page's main thread was last busy (a long task's end, page clock)
  const store = { events: [], frames: [], lastBusy: 0 };
  Object.defineProperty(window, '__interactions', { value: store });
  const keep = (list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      store.events.push({
        id: e.interactionId,
        name: e.name,
        startTime: e.startTime,
        duration: e.duration,
        processingStart: e.processingStart,
        processingEnd: e.processingEnd,
        target: describe(e.target),
      });
    }
  };
  new PerformanceObserver(keep).observe({ type: 'event', durationThreshold: 16, buffered: true });
  new PerformanceObserver(keep).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver((list) => {
    for (const t of list.getEntries())
      store.lastBusy = Math.max(store.lastBusy, t.startTime + t.duration);
  }).observe({ type: 'longtask', buffered: true });
  try {
    new PerformanceObserver((list) => {
      for (const f of list.getEntries()) {
        store.lastBusy = Math.max(store.lastBusy, f.startTime + f.duration);
        store.frames.push({
          startTime: f.startTime,
          duration: f.duration,
          blockingDuration: f.blockingDuration,
          renderStart: f.renderStart,
          styleAndLayoutStart: f.styleAndLayoutStart,
          scripts: f.scripts.map((s) => ({
            duration: s.duration,
            invoker: s.invoker,
            source: `${s.sourceURL.replace(/^https?:\/\/[^/]+\//, '')}${s.sourceFunctionName ? ` ${s.sourceFunctionName}` : ''}`,
            forcedStyleAndLayoutDuration: s.forcedStyleAndLayoutDuration,
          })),
        });
      }
    }).observe({ type: 'long-animation-frame', buffered: true });
  } catch {
    // a browser without long animation frames: no attribution, the INP stands
  }
}

/** How long the page must be quiet before a tap that its own setup disturbed. */
const QUIET = { realtime: 1000, mainThread: 500, atMost: 30_000 };

/**
 * Waits until the page has received and handled what the bench's own setup set off (the
 * realtime messages of a change made through REST, the refetches they cause): no realtime
 * message for QUIET.realtime ms, the network idle, then no long task for QUIET.mainThread
 * ms. Gives up after QUIET.atMost ms (said in the output): the tap is measured anyway.
 */
async function quiet({ page, lastFrame }) {
  const start = Date.now();
  for (;;) {
    await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
    const sinceFrame = Date.now() - lastFrame();
    const sinceBusy = await page.evaluate(() => performance.now() - window.__interactions.lastBusy);
    if (sinceFrame >= QUIET.realtime && sinceBusy >= QUIET.mainThread) return;
    if (Date.now() - start > QUIET.atMost) {
      console.log(`  (the page was not quiet after ${QUIET.atMost} ms: tapped anyway)`);
      return;
    }
    await page.waitForTimeout(
      Math.max(50, QUIET.realtime - sinceFrame, QUIET.mainThread - sinceBusy),
    );
  }
}

/** The page's clock now (the origin of Event Timing's startTime). */
const pageNow = (page) => page.evaluate(() => performance.now());

/** Waits for rendering to settle: two animation frames, then the event entries' delivery. */
async function settle(page) {
  await page.evaluate(
    () =>
      new Promise((resolve) =>
        requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(resolve, 300))),
      ),
  );
}

/**
 * The interactions since `since` (page clock): each one's latency (the longest duration of
 * its events), its worst event split into input delay, processing and presentation delay,
 * and the long animation frames that overlapped it.
 */
async function interactionsSince(page, since) {
  const { events, frames } = await page.evaluate(() => window.__interactions);
  const byId = new Map();
  for (const e of events.filter((e) => e.startTime >= since - 1)) {
    const worst = byId.get(e.id);
    if (!worst || e.duration > worst.duration) byId.set(e.id, e);
  }
  return [...byId.values()].map((e) => {
    const end = e.startTime + e.duration;
    const overlapping = frames.filter(
      (f) => f.startTime < end && f.startTime + f.duration > e.startTime,
    );
    return {
      latency: e.duration,
      event: e.name,
      target: e.target,
      inputDelay: e.processingStart - e.startTime,
      processing: e.processingEnd - e.processingStart,
      presentation: Math.max(0, end - e.processingEnd),
      frames: overlapping,
    };
  });
}

/**
 * One tap's measurement: `act` taps, `outcome` resolves once the page shows its result.
 * With INP_PROFILE=1 the main thread is sampled from the tap to the outcome, and the
 * functions that took the most time are kept (named by their source through the maps).
 */
async function measure({ page, cdp, label }, name, act, outcome) {
  await page.waitForLoadState('networkidle', { timeout: TIMEOUT });
  const since = await pageNow(page);
  if (PROFILE) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
    await cdp.send('Profiler.start');
  }
  const browser = page.context().browser();
  const traceFile = join(
    process.env.BENCH_OUT ?? tmpdir(),
    `inp-${name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.trace.json`,
  );
  if (TRACE && browser) await browser.startTracing(page, { path: traceFile });
  await act();
  await outcome();
  await settle(page);
  if (TRACE && browser) {
    await browser.stopTracing();
    console.log(`  trace: ${traceFile}`);
  }
  let cpu = null;
  if (PROFILE) {
    const { profile } = await cdp.send('Profiler.stop');
    cpu = summariseProfile(profile, label, original);
    // The whole profile, for DevTools' Performance panel (its bottom-up view names the components).
    const dir = process.env.BENCH_OUT ?? tmpdir();
    cpu.file = join(dir, `inp-${name.replace(/[^a-z0-9]+/gi, '-')}-${Date.now()}.cpuprofile`);
    writeFileSync(cpu.file, JSON.stringify(profile));
  }
  let interactions = await interactionsSince(page, since);
  if (!interactions.length) {
    // Entries come after the next paint; a slow frame can hold them a little longer.
    await page.waitForTimeout(1000);
    interactions = await interactionsSince(page, since);
  }
  const worst = interactions.sort((a, b) => b.latency - a.latency)[0];
  return { ...(worst ?? { latency: 0, event: '(under 16 ms)', frames: [] }), cpu };
}

/** A fresh context as `member` (true: the seeded member), its CPU slowed, the observer installed. */
async function open(suite, { member = true, contextOptions = phoneContext } = {}) {
  const opened = await suite.newPage({ member, contextOptions });
  await opened.context.addInitScript(observeInteractions);
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  // when the page last received a realtime message (its WebSocket), for quiet()
  let frameAt = 0;
  opened.page.on('websocket', (socket) =>
    socket.on('framereceived', () => {
      frameAt = Date.now();
    }),
  );
  return { ...opened, cdp, label: (url) => scriptLabel(suite, url), lastFrame: () => frameAt };
}

/** Names a script by the server it came from: "shell/main.1a2b.js", "guest/...". */
function scriptLabel(suite, url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  return `${suite.names[parsed.port] ?? parsed.host}${parsed.pathname}`;
}

/** `DELETE /rest/v1/<path>` as the session's user. */
async function restDelete(suite, session, path) {
  const response = await fetch(`${suite.supabase.url}/rest/v1/${path}`, {
    method: 'DELETE',
    headers: { apikey: suite.supabase.anonKey, Authorization: `Bearer ${session.access_token}` },
  });
  if (!response.ok) throw new Error(`DELETE ${path}: HTTP ${response.status}`);
}

/** The venue's business date `daysAhead` days on (as the reservations e2e test reckons it). */
function venueDay(daysAhead) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(Date.now() - 4 * 3_600_000),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

/**
 * A finger's tap at the middle of `target`, once it is in view and the page is quiet: the touch
 * alone. locator.tap() would scroll within the tap and run Playwright's hit-target check in the
 * page (listeners on every pointer event, elementsFromPoint) inside the measured interaction,
 * which is the bench's work, not the page's.
 */
async function touch(opened, target, what) {
  await target.scrollIntoViewIfNeeded();
  await quiet(opened);
  return async () => {
    const box = await target.boundingBox();
    if (!box) throw new Error(`${what} is not on screen`);
    await opened.page.touchscreen.tap(box.x + box.width / 2, box.y + box.height / 2);
  };
}

const taps = [
  {
    id: 'vote',
    name: 'vote on a song request',
    async run(suite) {
      const opened = await open(suite);
      const { context, page, session } = opened;
      try {
        // The member's votes handed back first, so every run casts the same first vote.
        await restDelete(suite, session, `song_votes?user_id=eq.${session.user.id}`);
        await page.goto(`${suite.shellUrl}/song-requests`);
        const button = page
          .getByTestId('song-request')
          .filter({ hasText: VOTE_SONG })
          .getByRole('button', { name: /vote for/i });
        await button.waitFor({ timeout: TIMEOUT });
        // The deletion's realtime messages and the refetches they set off are the bench's own
        // setup, not the tap: the list shows the song un-voted and the page is quiet first.
        await page
          .getByTestId('song-request')
          .filter({ hasText: VOTE_SONG })
          .locator('button[aria-pressed="false"]')
          .waitFor({ timeout: TIMEOUT });
        await quiet(opened);
        const tap = await touch(opened, button, 'the vote button');
        return [
          await measure(opened, 'vote', tap, () =>
            page
              .getByTestId('song-request')
              .filter({ hasText: VOTE_SONG })
              .locator('button[aria-pressed="true"]')
              .waitFor({ timeout: TIMEOUT }),
          ),
        ];
      } finally {
        await context.close();
      }
    },
  },
  {
    id: 'booking-dialog',
    name: 'open the booking dialog on /events',
    async run(suite) {
      const opened = await open(suite);
      const { context, page } = opened;
      try {
        await page.goto(`${suite.shellUrl}/events`);
        const button = page.getByRole('button', { name: /^Reserve Your Spot/ }).first();
        await button.waitFor({ timeout: TIMEOUT });
        // The guest scrolls to the button and then taps it: the scroll (Playwright's tap would
        // scroll it into view within the tap) and the page's loading are over first, as for a vote.
        // (Quiet before the scroll as well: the list may still be replaced while it settles.)
        await quiet(opened);
        const tap = await touch(opened, button, 'the Reserve button');
        return [
          await measure(opened, 'booking-dialog', tap, () =>
            page.getByRole('dialog', { name: /^Book: / }).waitFor({ timeout: TIMEOUT }),
          ),
        ];
      } finally {
        await context.close();
      }
    },
  },
  {
    id: 'reserve',
    name: 'submit a reservation on /reserve',
    async run(suite, run) {
      const opened = await open(suite);
      const { context, page } = opened;
      try {
        // A night of its own per run (one table a night per member), the first with 7 PM free.
        const confirm = page.getByRole('button', { name: 'Confirm reservation' });
        for (let ahead = 2 + run * 3; ; ahead++) {
          if (ahead > 2 + run * 3 + 10) throw new Error('no night with a free 7 PM table');
          await page.goto(`${suite.shellUrl}/reserve?party=2&date=${venueDay(ahead)}&time=19:00`);
          const shown = await confirm
            .waitFor({ timeout: 30_000 })
            .then(() => true)
            .catch(() => false);
          if (shown) break;
        }
        const phoneField = page.getByLabel('Phone', { exact: true });
        if (!(await phoneField.inputValue())) await phoneField.fill('(216) 555-0142');
        const tap = await touch(opened, confirm, 'the Confirm button');
        return [
          await measure(opened, 'reserve', tap, () =>
            page.getByRole('status', { name: "You're booked" }).waitFor({ timeout: TIMEOUT }),
          ),
        ];
      } finally {
        await context.close();
      }
    },
  },
  {
    id: 'admin-tabs',
    name: 'switch tabs in the admin',
    async run(suite) {
      const opened = await open(suite, { member: ADMIN, contextOptions: desktopContext });
      const { context, page } = opened;
      try {
        await page.goto(`${suite.shellUrl}/admin`);
        await page.getByRole('heading', { name: 'Admin Dashboard' }).waitFor({ timeout: TIMEOUT });
        const results = [];
        for (const tab of ADMIN_TABS) {
          const trigger = page.getByRole('tab', { name: tab, exact: true });
          await trigger.waitFor({ timeout: TIMEOUT });
          results.push({
            tab,
            ...(await measure(
              opened,
              `admin-${tab}`,
              () => trigger.click(),
              () =>
                page
                  .getByRole('heading', { level: 2, name: tab, exact: true })
                  .waitFor({ timeout: TIMEOUT }),
            )),
          });
        }
        return results;
      } finally {
        await context.close();
      }
    },
  },
];

const only = process.env.INP_ONLY ? new Set(process.env.INP_ONLY.split(',')) : null;
const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
};
const ms = (n) => Math.round(n);

const loadBefore = loadavg()[0];
const suite = await startSuite();
/** The source map of a script the suite served: apps/<area>/dist/<file>.map. */
const original = sourceMapResolver((url) => {
  const match = /^(shell|guest|lounge|games|admin)\/(.+)$/.exec(scriptLabel(suite, url));
  return match ? join(root, 'apps', match[1], 'dist', `${match[2]}.map`) : null;
});
/** name -> the measurements of each run */
const samples = new Map();
try {
  if (!suite.hasBackend) {
    console.log('inp: skipped (needs apps/backend for the signed-in taps)');
    process.exit(0);
  }
  for (let run = 0; run < RUNS; run++) {
    for (const tap of taps) {
      if (only && !only.has(tap.id)) continue;
      const results = await tap.run(suite, run);
      for (const r of results) {
        const name = r.tab ? `${tap.name}: ${r.tab}` : tap.name;
        if (!samples.has(name)) samples.set(name, []);
        samples.get(name).push(r);
        console.log(`run ${run + 1} ${name}: ${ms(r.latency)} ms (${r.event} ${r.target ?? ''})`);
        if (r.cpu) {
          console.log(`  main thread busy ${r.cpu.busyMs} ms from tap to outcome (${r.cpu.file}):`);
          for (const f of r.cpu.functions.slice(0, 12))
            console.log(`  ${String(f.ms).padStart(5)} ms  ${f.name}`);
        }
      }
    }
  }
} finally {
  await suite.close();
}

const rows = [...samples].map(([name, runs]) => {
  const inp = median(runs.map((r) => r.latency));
  // The run at the median (the upper one of an even count) explains the figure.
  const typical = [...runs].sort((a, b) => a.latency - b.latency)[Math.floor(runs.length / 2)];
  const scripts = new Map();
  for (const f of typical.frames) {
    for (const s of f.scripts) scripts.set(s.source, (scripts.get(s.source) ?? 0) + s.duration);
  }
  const forcedLayout = typical.frames
    .flatMap((f) => f.scripts)
    .reduce((sum, s) => sum + (s.forcedStyleAndLayoutDuration ?? 0), 0);
  // The frames' own rendering: style and layout (and paint) after their scripts.
  const rendering = typical.frames.reduce(
    (sum, f) =>
      sum + (f.styleAndLayoutStart ? f.startTime + f.duration - f.styleAndLayoutStart : 0),
    0,
  );
  const topScripts = [...scripts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, 3)
    .map(([source, d]) => `${source || '(inline)'} ${ms(d)} ms`)
    .join('; ');
  return {
    name,
    inp,
    min: Math.min(...runs.map((r) => r.latency)),
    runs: runs.map((r) => ms(r.latency)),
    met: inp <= TARGET,
    event: typical.event,
    inputDelay: ms(typical.inputDelay ?? 0),
    processing: ms(typical.processing ?? 0),
    presentation: ms(typical.presentation ?? 0),
    forcedLayout: ms(forcedLayout),
    rendering: ms(rendering),
    topScripts,
  };
});

// The machine's load: on a shared machine other processes take the CPU a tap waits for.
const load = `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0].toFixed(1)} after, ${cpus().length} cores`;
console.log(`\nINP per tap (ms, CPU ${CPU_SLOWDOWN}x slower, median of ${RUNS} runs; ${load}):`);
const width = Math.max(...rows.map((r) => r.name.length), 10);
console.log(`${'tap'.padEnd(width)}    INP  target    min  runs`);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(width)} ${String(ms(r.inp)).padStart(6)}  <= ${TARGET} ${r.met ? ' ' : '!'} ${String(ms(r.min)).padStart(5)}  ${r.runs.join(', ')}`,
  );
}
console.log(
  '\nThe median run (ms): input delay / processing / presentation; in its long frames: style and layout forced by scripts, rendering after them, and the scripts',
);
for (const r of rows) {
  console.log(
    `${r.name.padEnd(width)} ${r.event.padEnd(12)} ${r.inputDelay} / ${r.processing} / ${r.presentation}; forced ${r.forcedLayout}, rendering ${r.rendering}; ${r.topScripts}`,
  );
}

writeBenchPart({
  id: 'inp',
  title: `Interaction to Next Paint of the taps that matter (CPU ${CPU_SLOWDOWN}x slower)`,
  notes: `Real taps through DevTools input in a fresh context once the page is idle (phone screen and touch for the guest and lounge taps, a desktop mouse for the admin tabs); the Event Timing API's entries (durationThreshold 16, and first-input) grouped per interactionId, an interaction's latency its longest event; the figure is the tap's longest interaction. Median of ${RUNS} runs; ${load}.`,
  figures: rows.map((r) => ({
    name: `INP: ${r.name} (ms, median)`,
    value: ms(r.inp),
    unit: 'ms',
    target: `<= ${TARGET} ms`,
    met: r.met,
  })),
  tables: [
    {
      title: 'INP per tap (ms)',
      columns: [
        'tap',
        'INP',
        'target',
        'min',
        'runs',
        'event',
        'input delay',
        'processing',
        'presentation',
        'forced style and layout',
        'rendering',
        'scripts in its long frames',
      ],
      rows: rows.map((r) => [
        r.name,
        ms(r.inp),
        `<= ${TARGET}`,
        ms(r.min),
        r.runs.join(', '),
        r.event,
        r.inputDelay,
        r.processing,
        r.presentation,
        r.forcedLayout,
        r.rendering,
        r.topScripts,
      ]),
    },
  ],
});

#!/usr/bin/env node
// Lighthouse (mobile preset: lighthouse's default config, simulated slow 4G and
// a 4x slower CPU) in Debian's Chromium on the public pages (`/`, `/events` and an event's
// page, `/auth`, `/reserve`, `/order`, `/contact`, `/privacy`, `/tables`, `/chat`, a booking's
// cancel link) as a visitor
// and on `/song-requests` and `/djs` signed in as a member. Prints performance,
// accessibility and best-practices scores with LCP, CLS, TBT and FCP per page,
// and records them with writeBenchPart (id `lighthouse`).
//
// Lighthouse's LCP lands on the static boot paragraph of apps/shell/src/index.html,
// not on what the route exists to show, so each page is also loaded for real under
// the same mobile conditions (tools/bench/content-paint.mjs) to time "content
// painted": the first paint of the route's element marked elementtiming="...".
// One more throttled load per page is CPU-profiled: self time per script and the
// hottest functions go into the report, with the long tasks of the last Lighthouse
// run (what TBT is made of); the whole profile into
// BENCH_OUT/lighthouse-<page>.cpuprofile (open it in DevTools' Performance panel),
// and each Lighthouse report into BENCH_OUT/lighthouse-<page>-run<N>.json (with
// BENCH_TRACES=1 its trace too, lighthouse-<page>-run<N>.trace.json).
//
// Needs the built suite (apps/*/dist). Starts its own backend (a fresh data
// folder, seeded with the demo data) and static servers on BENCH_PORT_BASE
// (default 4450; the remotes above it), the API on BENCH_API_PORT (54552) and the
// mail inbox on BENCH_INBOX_PORT (54553). Options: --pages /,/events (a subset),
// --runs N (median of N runs per page and measure, default 1), --content-throttling
// preset|devtools (the network of the content-painted loads, see content-paint.mjs;
// default preset). Env: CHROMIUM_PATH; SERVER_RENDER=off serves the pages without
// server rendering (the browser renders them, as before it); LIGHTHOUSE_FRESH_BROWSER=1
// gives each Lighthouse run a browser of its own (see lighthouseRun).
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../ensure-chromium.mjs';
import { startBackend } from '../backend-process.mjs';
import {
  envPort,
  runtimeConfig,
  serveSuite,
  suitePorts,
} from '../../apps/web-server/src/index.mjs';
import { writeBenchPart } from './report.mjs';
import {
  loadAndTime,
  mobileConditions,
  sourceMapResolver,
  summariseProfile,
} from './content-paint.mjs';

const host = '127.0.0.1';
const ports = suitePorts(envPort(process.env, 'BENCH_PORT_BASE', 4450));
const apiPort = envPort(process.env, 'BENCH_API_PORT', 54552);
const inboxPort = envPort(process.env, 'BENCH_INBOX_PORT', 54553);
const shellUrl = `http://${host}:${ports.shell}`;

const argValue = (name) => {
  const i = process.argv.indexOf(name);
  return i > 0 ? process.argv[i + 1] : undefined;
};
const runs = Math.max(1, Number(argValue('--runs') ?? 1));
const contentThrottling = argValue('--content-throttling') ?? 'preset';
const conditions = mobileConditions[contentThrottling];
if (!conditions) {
  throw new Error(
    `--content-throttling ${contentThrottling}: expected ${Object.keys(mobileConditions).join(' or ')}`,
  );
}
const root = join(import.meta.dirname, '..', '..');
const MEMBER = { email: 'maya@example.com', password: 'password123' };
// `content`: the elementtiming identifier of what the route exists to show.
const allPages = [
  { path: '/', content: 'home-hero', signedIn: null },
  { path: '/events', content: 'events-list', signedIn: null },
  { path: '/auth', content: 'auth-card', signedIn: null },
  { path: '/reserve', content: 'reserve-times', signedIn: null },
  { path: '/order', content: 'order-menu', signedIn: null },
  { path: '/contact', content: 'contact-address', signedIn: null },
  { path: '/privacy', content: 'privacy-text', signedIn: null },
  { path: '/tables', content: 'tables-nights', signedIn: null },
  { path: '/chat', content: 'chat-welcome', signedIn: null },
  // an event's own page: the seed's Friday Night Neon
  {
    path: '/events?event=e0000000-0000-4000-8000-000000000001',
    content: 'event-detail',
    signedIn: null,
  },
  // the page a booking mail's cancel link opens: a real link, mailed for a booking made at start
  { path: '/bookings/cancel', content: 'cancel-booking', signedIn: null, cancelLink: true },
  {
    path: '/song-requests',
    content: 'song-requests',
    signedIn: MEMBER,
  },
  { path: '/djs', content: 'djs-list', signedIn: MEMBER },
];
const only = argValue('--pages')?.split(',');
const pages = only ? allPages.filter((p) => only.includes(p.path)) : allPages;

const targets = {
  performance: { min: 95, text: '>= 95' },
  accessibility: { min: 100, text: '= 100' },
  'best-practices': { min: 95, text: '>= 95' },
  lcp: { max: 1500, text: '<= 1500 ms' },
  cls: { max: 0.05, text: '<= 0.05' },
  tbt: { max: 150, text: '<= 150 ms' },
  content: { max: 1500, text: '<= 1500 ms' },
};
const met = (key, value) =>
  value === null
    ? false
    : targets[key].min !== undefined
      ? value >= targets[key].min
      : value <= targets[key].max;

/** Signs in through the auth API and returns the session supabase-js would store. */
async function signIn(supabase, { email, password }) {
  const response = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: supabase.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const body = await response.json();
  if (!response.ok || !body.access_token) {
    throw new Error(`Sign-in failed for ${email}: HTTP ${response.status}`);
  }
  return body;
}

/**
 * The session cookie the web server sets for `session` (what a member's browser
 * sends once its page has handed the session over, see apps/web-server's
 * session-cookie.mjs), as a Playwright cookie.
 */
async function sessionCookie(session) {
  const response = await fetch(`${shellUrl}/auth/session`, {
    method: 'POST',
    headers: { Origin: shellUrl, 'Content-Type': 'application/json' },
    body: JSON.stringify({ access_token: session.access_token }),
  });
  const header = response.headers.get('set-cookie');
  if (response.status !== 204 || !header) {
    throw new Error(`The web server did not set the session cookie: HTTP ${response.status}`);
  }
  const [pair = ''] = header.split(';');
  const at = pair.indexOf('=');
  return {
    name: pair.slice(0, at),
    value: pair.slice(at + 1),
    url: shellUrl,
    httpOnly: true,
    sameSite: 'Lax',
  };
}

/**
 * The path and query of a real cancel link: the member books the first upcoming
 * event they can through the REST API, and the link is read from the booking
 * mail in the dev inbox (the outbox drained with the service key).
 */
async function cancelLinkPath(backend) {
  const { url, anonKey, serviceRoleKey } = backend.keys;
  const session = await signIn({ url, anonKey }, MEMBER);
  const member = {
    apikey: anonKey,
    Authorization: `Bearer ${session.access_token}`,
    'Content-Type': 'application/json',
    Prefer: 'return=representation',
  };
  const events = await fetch(
    `${url}/rest/v1/events?select=id&is_approved=eq.true&event_date=gt.${new Date().toISOString()}&order=event_date`,
    { headers: member },
  ).then((r) => r.json());
  let booked = null;
  for (const event of Array.isArray(events) ? events : []) {
    const response = await fetch(`${url}/rest/v1/event_bookings`, {
      method: 'POST',
      headers: member,
      body: JSON.stringify({
        user_id: session.user.id,
        event_id: event.id,
        name: 'Maya Bench',
        email: MEMBER.email,
        phone: '(216) 555-0100',
        number_of_guests: 2,
      }),
    });
    if (response.ok) {
      booked = event.id;
      break;
    }
  }
  if (!booked) throw new Error(`${MEMBER.email} could not book any upcoming event`);
  for (let attempt = 0; attempt < 60; attempt += 1) {
    await fetch(`${url}/functions/v1/booking-mails`, {
      method: 'POST',
      headers: {
        apikey: serviceRoleKey,
        Authorization: `Bearer ${serviceRoleKey}`,
        'Content-Type': 'application/json',
      },
      body: '{}',
    });
    const mails = await fetch(
      `http://${host}:${inboxPort}/api/messages?to=${encodeURIComponent(MEMBER.email)}`,
    ).then((r) => r.json());
    const link = mails
      .flatMap((mail) => mail.links ?? [])
      .find((l) => l.includes('/bookings/cancel?token='));
    if (link) {
      const { pathname, search } = new URL(link);
      return pathname + search;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`no booking mail with a cancel link reached ${MEMBER.email}`);
}

/** Where supabase-js keeps its session in the shell origin's localStorage. */
const sessionKey = (supabase) => `sb-${new URL(supabase.url).hostname.split('.')[0]}-auth-token`;

/**
 * Puts a session into the shell origin's localStorage, where supabase-js looks
 * for it, and its cookie (as the page would have set it), through a CDP
 * connection to the Chromium Lighthouse drives (the page visited is
 * config.json, so no app code lands in the cache).
 */
async function seedSession(debugPort, supabase, session) {
  const browser = await chromium.connectOverCDP(`http://${host}:${debugPort}`);
  try {
    const context = browser.contexts()[0] ?? (await browser.newContext());
    const page = await context.newPage();
    // A cold HTTP cache, as for the visitor pages (Lighthouse keeps it when it keeps storage).
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.clearBrowserCache');
    await page.goto(`${shellUrl}/config.json`);
    await page.evaluate(
      ([k, v]) => localStorage.setItem(k, v),
      [sessionKey(supabase), JSON.stringify(session)],
    );
    await context.addCookies([await sessionCookie(session)]);
    // With the site's service worker (installed by an earlier load) running, the measured
    // page opened in the renderer process of the site's earlier pages, and DevTools walked
    // their heap as Lighthouse started recording: a task of 100-500 ms before the page's
    // first byte, counted into TBT. The worker is stopped (it starts again for the page)
    // and this page closed first, so the page mostly gets a process of its own.
    await cdp.send('ServiceWorker.enable');
    await cdp.send('ServiceWorker.stopAllWorkers');
    await page.close();
    await new Promise((resolve) => setTimeout(resolve, 1000));
  } finally {
    // Disconnects only: the browser stays up for Lighthouse.
    await browser.close();
  }
}

const median = (values) => {
  const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
  return sorted.length ? sorted[Math.floor((sorted.length - 1) / 2)] : null;
};

// Lighthouse's trace recording now and then misses the navigation on a busy
// machine (NO_NAVSTART, NO_FCP): such a run is repeated, up to this many times.
const RUNTIME_ERROR_RETRIES = 2;

/** Debian's Chromium, headless, with a new (empty) profile. */
function launchChrome() {
  return chromeLauncher.launch({
    chromePath: ensureChromium(),
    chromeFlags: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-quic',
      '--no-first-run',
    ],
    logLevel: 'silent',
  });
}

/**
 * One Lighthouse run of `page`, repeated after a runtime error (see above), in
 * `shared`, the browser of the warm-up and content loads; with
 * LIGHTHOUSE_FRESH_BROWSER=1 in a browser of its own, started for it: a cold
 * load with no service worker either (a signed-in page keeps its storage, so in
 * `shared` the site's service worker, installed by the earlier loads, serves the
 * code from its cache, as it does for a member who has visited before).
 */
async function lighthouseRun(supabase, page, shared) {
  if (process.env.LIGHTHOUSE_FRESH_BROWSER !== '1') {
    return lighthouseRunIn(shared, supabase, page);
  }
  const chrome = await launchChrome();
  try {
    return await lighthouseRunIn(chrome, supabase, page);
  } finally {
    chrome.kill();
  }
}

async function lighthouseRunIn(chrome, supabase, page) {
  for (let attempt = 0; ; attempt += 1) {
    if (page.signedIn) {
      const session = await signIn(supabase, page.signedIn);
      await seedSession(chrome.port, supabase, session);
    }
    const result = await lighthouse(
      `${shellUrl}${page.url ?? page.path}`,
      {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility', 'best-practices'],
        // Signed in: keep the seeded session (Lighthouse would clear the origin's storage).
        disableStorageReset: Boolean(page.signedIn),
      },
      undefined,
    );
    const lhr = result?.lhr;
    if (!lhr) throw new Error(`Lighthouse returned no result for ${page.path}`);
    if (!lhr.runtimeError) return { lhr, trace: result.artifacts?.Trace ?? null };
    const message = `${page.path}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`;
    if (attempt >= RUNTIME_ERROR_RETRIES) throw new Error(message);
    console.log(`  ${message}; running it again`);
  }
}

async function audit(shared, supabase, page) {
  const results = [];
  for (let i = 0; i < runs; i += 1) {
    const { lhr, trace } = await lighthouseRun(supabase, page, shared);
    // The whole report of each run (its long-tasks, bootup-time and main-thread
    // breakdown audits name what TBT is made of), beside the CPU profiles; with
    // BENCH_TRACES=1 its trace too (open it in DevTools' Performance panel).
    if (process.env.BENCH_OUT) {
      await mkdir(process.env.BENCH_OUT, { recursive: true });
      const stem = join(process.env.BENCH_OUT, `lighthouse-${fileStem(page.path)}-run${i + 1}`);
      await writeFile(`${stem}.json`, JSON.stringify(lhr));
      if (trace && process.env.BENCH_TRACES === '1') {
        await writeFile(`${stem}.trace.json`, JSON.stringify(trace));
      }
    }
    const score = (id) =>
      lhr.categories[id]?.score === null || lhr.categories[id]?.score === undefined
        ? null
        : Math.round(lhr.categories[id].score * 100);
    const metric = (id) => lhr.audits[id]?.numericValue ?? null;
    const failing = Object.values(lhr.categories)
      .flatMap((c) => c.auditRefs.filter((ref) => ref.weight > 0).map((ref) => lhr.audits[ref.id]))
      .filter((a) => a && a.score !== null && a.score < 0.9 && a.scoreDisplayMode !== 'informative')
      .map((a) => `${a.id}${a.displayValue ? ` (${a.displayValue})` : ''}`);
    const scriptBytes =
      lhr.audits['resource-summary']?.details?.items?.find((it) => it.resourceType === 'script')
        ?.transferSize ?? null;
    results.push({
      performance: score('performance'),
      accessibility: score('accessibility'),
      'best-practices': score('best-practices'),
      lcp: metric('largest-contentful-paint'),
      cls: metric('cumulative-layout-shift'),
      tbt: metric('total-blocking-time'),
      fcp: metric('first-contentful-paint'),
      scriptKb: scriptBytes === null ? null : scriptBytes / 1024,
      // Main-thread time spent evaluating scripts (what TBT is made of).
      scriptMs: lhr.audits['bootup-time']?.numericValue ?? null,
      lcpElement:
        lhr.audits['largest-contentful-paint-element']?.details?.items?.[0]?.items?.[0]?.node
          ?.snippet ?? null,
      // What TBT is made of: each main-thread task over 50 ms (simulated 4x CPU).
      longTasks: (lhr.audits['long-tasks']?.details?.items ?? []).map((task) => ({
        start: Math.round(task.startTime),
        ms: Math.round(task.duration),
        script: scriptLabel(task.url),
      })),
      failing,
    });
  }
  const pick = (key) => median(results.map((r) => r[key]));
  return {
    path: page.path,
    signedIn: Boolean(page.signedIn),
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    'best-practices': pick('best-practices'),
    lcp: pick('lcp'),
    cls: pick('cls'),
    tbt: pick('tbt'),
    fcp: pick('fcp'),
    scriptKb: pick('scriptKb'),
    scriptMs: pick('scriptMs'),
    lcpElement: results.at(-1).lcpElement,
    longTasks: results.at(-1).longTasks,
    failing: [...new Set(results.flatMap((r) => r.failing))],
  };
}

/** Names a script by the server it came from: "shell/main.1a2b.js", "guest/...". */
function scriptLabel(url) {
  let parsed;
  try {
    parsed = new URL(url);
  } catch {
    return url;
  }
  const area = Object.entries(ports).find(([, port]) => String(port) === parsed.port)?.[0];
  return `${area ?? parsed.host}${parsed.pathname}`;
}

/** The source map of a script the suite served: apps/<area>/dist/<file>.map. */
const original = sourceMapResolver((url) => {
  const [area, ...path] = scriptLabel(url).split('/');
  return area && area in ports ? join(root, 'apps', area, 'dist', `${path.join('/')}.map`) : null;
});

const fileStem = (path) => (path === '/' ? 'home' : path.slice(1).replace(/[^a-z0-9]+/gi, '-'));

/**
 * Times the page's content paint in `runs` throttled loads (median) and
 * profiles one more; the profile goes to BENCH_OUT when set.
 */
async function contentPass(browser, supabase, page) {
  let initScript;
  let cookies;
  if (page.signedIn) {
    const session = await signIn(supabase, page.signedIn);
    initScript = {
      fn: ([k, v]) => {
        if (!localStorage.getItem(k)) localStorage.setItem(k, v);
      },
      arg: [sessionKey(supabase), JSON.stringify(session)],
    };
    cookies = [await sessionCookie(session)];
  }
  const load = {
    url: `${shellUrl}${page.url ?? page.path}`,
    identifier: page.content,
    conditions,
    initScript,
    cookies,
  };
  const times = [];
  for (let i = 0; i < runs; i += 1) times.push((await loadAndTime(browser, load)).ms);
  const { profile } = await loadAndTime(browser, { ...load, profile: true });
  let profileFile = null;
  if (process.env.BENCH_OUT) {
    await mkdir(process.env.BENCH_OUT, { recursive: true });
    profileFile = join(process.env.BENCH_OUT, `lighthouse-${fileStem(page.path)}.cpuprofile`);
    await writeFile(profileFile, JSON.stringify(profile));
  }
  return {
    content: median(times),
    contentRuns: times,
    cpu: summariseProfile(profile, scriptLabel, original),
    profileFile,
  };
}

async function main() {
  const started = Date.now();
  const dataDir = await mkdtemp(join(tmpdir(), 'bistro-lighthouse-'));
  const cleanups = [() => rm(dataDir, { recursive: true, force: true })];
  try {
    const backend = await startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: shellUrl,
      quiet: true,
      env: {
        CORS_ORIGINS: Object.values(ports)
          .map((p) => `http://${host}:${p}`)
          .join(','),
      },
    });
    cleanups.unshift(() => backend.stop());
    const supabase = { url: backend.keys.url, anonKey: backend.keys.anonKey };
    for (const page of pages) if (page.cancelLink) page.url = await cancelLinkPath(backend);
    const configFile = join(dataDir, 'config.json');
    await writeFile(configFile, JSON.stringify(runtimeConfig({ ports, host, supabase })));
    // SERVER_RENDER=off: the pages as the browser renders them alone (the figures before server rendering)
    const serverRender = process.env.SERVER_RENDER !== 'off';
    const suite = await serveSuite({ ports, host, configFile, serverRender });
    cleanups.unshift(() => suite.close());

    const chrome = await launchChrome();
    cleanups.unshift(() => chrome.kill());

    // A warm-up load, not measured: the servers compress each file on first use.
    const warm = await chromium.connectOverCDP(`http://${host}:${chrome.port}`);
    const warmPage = await warm.contexts()[0].newPage();
    for (const path of ['/', '/song-requests']) {
      // A failed warm-up only means the measured load compresses on first use.
      await warmPage
        .goto(`${shellUrl}${path}`, { waitUntil: 'networkidle' })
        .catch(() => undefined);
    }
    await warmPage.close();
    await warm.close();

    const rows = [];
    for (const page of pages) {
      const row = await audit(chrome, supabase, page);
      rows.push(row);
      console.log(
        `${row.path.padEnd(15)} perf ${row.performance} a11y ${row.accessibility} ` +
          `best ${row['best-practices']}  LCP ${Math.round(row.lcp)} ms  CLS ${row.cls?.toFixed(3)}  ` +
          `TBT ${Math.round(row.tbt)} ms  FCP ${Math.round(row.fcp)} ms  JS ${row.scriptKb?.toFixed(0)} KiB, ` +
          `${Math.round(row.scriptMs ?? 0)} ms script eval`,
      );
      if (row.failing.length) console.log(`  below 0.9: ${row.failing.join(', ')}`);
      if (row.lcpElement) console.log(`  LCP element: ${row.lcpElement}`);
      if (row.longTasks.length)
        console.log(
          `  long tasks: ${row.longTasks.map((t) => `${t.ms} ms ${t.script} at ${t.start}`).join('; ')}`,
        );
    }

    // The real throttled loads, after Lighthouse is done with the browser.
    const pw = await chromium.connectOverCDP(`http://${host}:${chrome.port}`);
    cleanups.unshift(() => pw.close());
    for (const [i, page] of pages.entries()) {
      const row = rows[i];
      Object.assign(row, await contentPass(pw, supabase, page));
      console.log(
        `${row.path.padEnd(15)} content painted (${page.content}) ${Math.round(row.content)} ms ` +
          `[${row.contentRuns.map(Math.round).join(', ')}]; CPU busy ${row.cpu.busyMs} ms, top: ` +
          row.cpu.scripts
            .slice(0, 3)
            .map((s) => `${s.name} ${s.ms}`)
            .join(', '),
      );
      if (row.profileFile) console.log(`  CPU profile: ${row.profileFile}`);
    }

    const figures = rows.flatMap((row) =>
      [
        ['performance', 'performance', row.performance, 'score'],
        ['accessibility', 'accessibility', row.accessibility, 'score'],
        ['best-practices', 'best practices', row['best-practices'], 'score'],
        ['lcp', 'LCP', row.lcp === null ? null : Math.round(row.lcp), 'ms'],
        ['cls', 'CLS', row.cls === null ? null : Number(row.cls.toFixed(3)), ''],
        ['tbt', 'TBT', row.tbt === null ? null : Math.round(row.tbt), 'ms'],
        ['content', 'content painted', row.content === null ? null : Math.round(row.content), 'ms'],
      ].map(([key, label, value, unit]) => ({
        name: `Lighthouse ${label} on ${row.path}${row.signedIn ? ' (member)' : ''}`,
        value,
        unit,
        target: targets[key].text,
        met: met(key, value),
      })),
    );
    const seconds = Math.round((Date.now() - started) / 1000);
    writeBenchPart({
      id: 'lighthouse',
      title: 'Lighthouse, mobile preset (Debian Chromium)',
      notes:
        `lighthouse default (mobile) config, simulated throttling; ${runs} run(s) per page ` +
        `(median); ${seconds} s on this machine. JS is the transferred script bytes; script eval is Lighthouse's bootup-time (main-thread script work, simulated 4x CPU slowdown). ` +
        `Lighthouse's LCP is the static boot paragraph in index.html, so "content painted" times the route's own element instead: ` +
        `the renderTime of its elementtiming entry (PerformanceObserver, buffered), in real loads of a fresh context throttled through DevTools ` +
        `with Lighthouse's mobile preset (--content-throttling ${contentThrottling}): ${conditions.latencyMs} ms added to each request, ` +
        `${conditions.downloadKbps.toFixed(0)} Kbps down, ${conditions.uploadKbps.toFixed(0)} Kbps up, ${conditions.cpuSlowdown}x CPU, ` +
        `${conditions.width}x${conditions.height} screen; median of ${runs} load(s). ` +
        `(--content-throttling devtools: Lighthouse's devtools-mode figures, 562.5 ms per request for connection set-up, 1475/675 Kbps.) ` +
        `The CPU profile is one more such load, sampled every 0.2 ms until the network is idle after the content painted, plus 1 s; ` +
        `"(program)" is parsing, compiling and the browser's own work (style, layout, paint). Whole profiles: BENCH_OUT/lighthouse-<page>.cpuprofile.`,
      figures,
      tables: [
        {
          title: 'Scores and metrics per page',
          columns: [
            'page',
            'performance',
            'accessibility',
            'best practices',
            'LCP ms',
            'CLS',
            'TBT ms',
            'FCP ms',
            'JS KiB',
            'script eval ms',
            'audits below 0.9',
          ],
          rows: rows.map((r) => [
            `${r.path}${r.signedIn ? ' (member)' : ''}`,
            r.performance,
            r.accessibility,
            r['best-practices'],
            r.lcp === null ? null : Math.round(r.lcp),
            r.cls === null ? null : Number(r.cls.toFixed(3)),
            r.tbt === null ? null : Math.round(r.tbt),
            r.fcp === null ? null : Math.round(r.fcp),
            r.scriptKb === null ? null : Number(r.scriptKb.toFixed(1)),
            r.scriptMs === null ? null : Math.round(r.scriptMs),
            r.failing.join(', '),
          ]),
        },
        {
          title: 'What a phone user sees (each figure next to its target)',
          columns: [
            'page',
            'content element',
            'content painted ms (median)',
            'target',
            'each run ms',
            'LCP ms (boot text, simulated)',
            'TBT ms',
            'TBT target',
            'performance',
            'performance target',
            'CPU busy ms (profile)',
          ],
          rows: rows.map((r) => {
            const page = pages.find((p) => p.path === r.path);
            return [
              `${r.path}${r.signedIn ? ' (member)' : ''}`,
              page?.content ?? null,
              r.content === null ? null : Math.round(r.content),
              `${targets.content.text} (${met('content', r.content) ? 'met' : 'missed'})`,
              r.contentRuns.map(Math.round).join(', '),
              r.lcp === null ? null : Math.round(r.lcp),
              r.tbt === null ? null : Math.round(r.tbt),
              `${targets.tbt.text} (${met('tbt', r.tbt) ? 'met' : 'missed'})`,
              r.performance,
              `${targets.performance.text} (${met('performance', r.performance) ? 'met' : 'missed'})`,
              r.cpu.busyMs,
            ];
          }),
        },
        {
          title:
            'Long tasks, the last Lighthouse run of each page (simulated 4x CPU; TBT counts each beyond 50 ms)',
          columns: ['page', 'starts at ms', 'task ms', 'script'],
          rows: rows.flatMap((r) => r.longTasks.map((t) => [r.path, t.start, t.ms, t.script])),
        },
        {
          title: 'CPU profile, first load under 4x CPU: self time per script (top 10 per page)',
          columns: ['page', 'script', 'self ms', 'share of busy'],
          rows: rows.flatMap((r) =>
            r.cpu.scripts
              .slice(0, 10)
              .map((s) => [
                r.path,
                s.name,
                s.ms,
                `${r.cpu.busyMs ? Math.round((s.ms / r.cpu.busyMs) * 100) : 0}%`,
              ]),
          ),
        },
        {
          title:
            'CPU profile, first load under 4x CPU: hottest functions by self time (top 10 per page)',
          columns: ['page', 'function (script:line:column)', 'self ms'],
          rows: rows.flatMap((r) =>
            r.cpu.functions.slice(0, 10).map((f) => [r.path, f.name, f.ms]),
          ),
        },
      ],
    });
    console.log(`Lighthouse: ${rows.length} pages in ${seconds} s`);
  } finally {
    // Every clean-up runs even when an earlier one fails.
    for (const cleanup of cleanups)
      await Promise.resolve()
        .then(cleanup)
        .catch(() => undefined);
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

// Shared by the bundle benches: serves a built suite (and, when apps/backend is
// present, a fresh backend so routes can be opened signed in), launches
// Chromium and opens pages as a visitor or as a seeded member. Ports come from
// BENCH_PORT_BASE (static servers: base..base+5), BENCH_API_PORT and
// BENCH_INBOX_PORT (the mail inbox; default the API's port + 1), so two people
// can run the benches at once.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chromium } from '@playwright/test';
import { ensureChromium } from '../ensure-chromium.mjs';
import { elementPaintTime } from './element-paint.mjs';
import { backendAvailable, startBackend } from '../backend-process.mjs';
import {
  envPort,
  runtimeConfig,
  serveDist,
  serveSuite,
  suitePorts,
} from '../../apps/web-server/src/index.mjs';

export const portBase = envPort(process.env, 'BENCH_PORT_BASE', 4400);
export const apiPort = envPort(process.env, 'BENCH_API_PORT', 54400);
export const inboxPort = envPort(process.env, 'BENCH_INBOX_PORT', apiPort + 1);

/**
 * Each route the bundle benches open, who opens it, what shows it is rendered and, where it
 * has one, the elementtiming identifier of what it exists to show (its content).
 */
export const routes = [
  { path: '/', member: false, ready: 'main [data-route="/"]', content: 'home-hero' },
  { path: '/events', member: false, ready: 'main [data-route="/events"]', content: 'events-list' },
  { path: '/auth', member: false, ready: 'main [role="tablist"]', content: 'auth-card' },
  {
    path: '/song-requests',
    member: true,
    ready: 'main [data-route="/song-requests"]',
    content: 'song-requests',
  },
  { path: '/games', member: true, ready: 'main [data-route="/games"]' },
];

export const MEMBER = { email: 'maya@example.com', password: 'password123' };

/**
 * Starts the servers. `singleBundle` (a folder) also serves that ordinary build
 * (tools/rspack/single-bundle.config.ts) on base+5, with the same config.json
 * and backend; it never fetches the remotes.
 */
export async function startSuite({ backend = true, singleBundle } = {}) {
  const ports = suitePorts(portBase);
  const dataDir = await mkdtemp(join(tmpdir(), 'bistro-bench-'));
  let api = null;
  if (backend && backendAvailable()) {
    const origins = [...Object.values(ports), portBase + 5].flatMap((p) => [
      `http://127.0.0.1:${p}`,
      `http://localhost:${p}`,
    ]);
    api = await startBackend({
      dataDir,
      port: apiPort,
      inboxPort,
      siteUrl: `http://127.0.0.1:${ports.shell}`,
      env: { CORS_ORIGINS: origins.join(',') },
      quiet: true,
    });
  }
  const supabase = api ? { url: api.keys.url, anonKey: api.keys.anonKey } : undefined;
  const configFile = join(dataDir, 'config.json');
  await writeFile(configFile, JSON.stringify(runtimeConfig({ ports, supabase })));
  const suite = await serveSuite({ ports, configFile });
  const single = singleBundle
    ? await serveDist({ dist: singleBundle, port: portBase + 5, spa: true, configFile })
    : null;
  const browser = await chromium.launch({
    executablePath: ensureChromium(),
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
  const names = Object.fromEntries(Object.entries(ports).map(([name, port]) => [port, name]));
  if (single) names[single.port] = 'single';

  /**
   * A fresh browser context (empty cache; `contextOptions` as Playwright takes them), signed in
   * as a member when asked: `member` true is MEMBER, or give another seeded user's credentials.
   */
  async function newPage({ member = false, contextOptions = {} } = {}) {
    const context = await browser.newContext(contextOptions);
    const page = await context.newPage();
    if (member) {
      const credentials = member === true ? MEMBER : member;
      if (!supabase) throw new Error('signed-in routes need apps/backend');
      const response = await fetch(`${supabase.url}/auth/v1/token?grant_type=password`, {
        method: 'POST',
        headers: { apikey: supabase.anonKey, 'Content-Type': 'application/json' },
        body: JSON.stringify(credentials),
      });
      const session = await response.json();
      if (!response.ok) throw new Error(`sign-in failed: HTTP ${response.status}`);
      // Where supabase-js keeps its session (as e2e/support/session.ts seeds it).
      const key = `sb-${new URL(supabase.url).hostname.split('.')[0]}-auth-token`;
      await context.addInitScript(
        ([k, v]) => {
          if (!localStorage.getItem(k)) localStorage.setItem(k, v);
        },
        [key, JSON.stringify(session)],
      );
      return { context, page, session };
    }
    return { context, page, session: null };
  }

  return {
    ports,
    hasBackend: Boolean(api),
    supabase,
    shellUrl: `http://127.0.0.1:${ports.shell}`,
    singleUrl: single?.url,
    names,
    newPage,
    async close() {
      await browser.close();
      await single?.close();
      await suite.close();
      await api?.stop();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * Opens `route` in a fresh context and returns every JS and CSS file it
 * downloaded (from the single bundle when `single`) until the page was rendered and the network idle: server, file,
 * raw and gzip bytes, and `beforeContent`: whether the file had arrived (the resource timing's
 * responseEnd) when the route's content was first painted (its element-timing mark; always
 * false for a route without one).
 */
export async function routeFiles(suite, route, { single = false } = {}) {
  const { context, page } = await suite.newPage({ member: route.member });
  const files = [];
  const pending = [];
  page.on('response', (response) => {
    const url = new URL(response.url());
    const kind = url.pathname.endsWith('.js') ? 'js' : url.pathname.endsWith('.css') ? 'css' : null;
    if (!kind) return;
    pending.push(
      response.body().then(
        (body) =>
          files.push({
            area: suite.names[url.port] ?? url.host,
            kind,
            file: url.pathname.slice(1),
            url: url.href,
            raw: body.length,
            gzip: gzipSync(body, { level: 9 }).length,
          }),
        () => undefined,
      ),
    );
  });
  try {
    await page.goto(`${single ? suite.singleUrl : suite.shellUrl}${route.path}`);
    await page.waitForSelector(route.ready, { timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    await Promise.all(pending);
    const arrived = await page.evaluate(() =>
      Object.fromEntries(
        performance.getEntriesByType('resource').map((entry) => [entry.name, entry.responseEnd]),
      ),
    );
    const timing = {
      arrived,
      content: route.content ? await elementPaintTime(page, route.content, 5000) : null,
    };
    for (const f of files) {
      const end = timing.arrived[f.url];
      f.beforeContent = timing.content !== null && end !== undefined && end <= timing.content;
    }
  } finally {
    await context.close();
  }
  files.sort((a, b) => a.area.localeCompare(b.area) || b.gzip - a.gzip);
  return files;
}

export const kib = (bytes) => Math.round((bytes / 1024) * 10) / 10;
export const sumGzip = (files, kind = 'js') =>
  files.filter((f) => f.kind === kind).reduce((s, f) => s + f.gzip, 0);
/** The gzip bytes of the `kind` files that had arrived when the route's content was painted. */
export const sumGzipBeforeContent = (files, kind = 'js') =>
  sumGzip(
    files.filter((f) => f.beforeContent),
    kind,
  );

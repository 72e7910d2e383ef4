// Shared by the benches that drive the built suite against a backend in this process (so they
// can seed it with SQL through `backend.db`): admin-users.mjs and bookings/bookings.mjs. Starts
// the backend on PGlite in a temporary folder, the suite's static servers and Debian's Chromium;
// signs seeded users in and opens pages as them; times REST calls and in-page changes.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { DEFAULT_CORS_ORIGINS, startBackend } from '../../apps/backend/src/server.ts';
import { ensureChromium } from '../ensure-chromium.mjs';
import { runtimeConfig, serveSuite, suitePorts } from '../../apps/web-server/src/index.mjs';

export const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/**
 * The backend (`backend.db` seeds it), the suite on `portBase`..`portBase`+4 with its
 * config.json pointing at that backend, and a browser; `close()` stops all three and deletes
 * the data folder.
 */
export async function startAdminBench({ name, portBase, apiPort, inboxPort }) {
  const ports = suitePorts(portBase);
  const chromiumPath = ensureChromium();
  const dataDir = await mkdtemp(join(tmpdir(), `bistro-${name}-bench-`));
  const origins = Object.values(ports).flatMap((p) => [
    `http://localhost:${p}`,
    `http://127.0.0.1:${p}`,
  ]);
  const backend = await startBackend({
    dataDir,
    port: apiPort,
    inboxPort,
    config: { corsOrigins: [...DEFAULT_CORS_ORIGINS, ...origins] },
  });
  const configFile = join(dataDir, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify(
      runtimeConfig({
        ports,
        host: '127.0.0.1',
        supabase: { url: backend.url, anonKey: backend.anonKey },
      }),
    ),
  );
  const suite = await serveSuite({ ports, host: '127.0.0.1', configFile });
  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run'],
  });
  return {
    ports,
    backend,
    browser,
    async close() {
      await browser.close();
      await suite.close();
      await backend.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

/** The session of a seeded user (every seeded user's password is password123). */
export async function signIn(backend, email) {
  const res = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123' }),
  });
  if (!res.ok) throw new Error(`${email} sign-in: HTTP ${res.status}`);
  return res.json();
}

/** A fresh desktop-sized context whose supabase-js finds `session` in local storage. */
export async function pageAs(browser, backend, session) {
  const storageKey = `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.addInitScript(
    ([key, value]) => {
      if (!localStorage.getItem(key)) localStorage.setItem(key, value);
    },
    [storageKey, JSON.stringify(session)],
  );
  return { context, page: await context.newPage() };
}

/**
 * `GET /rest/v1/<path>` as `token` with `Prefer: count=exact`, timed from Node: the median of
 * `repeat` calls after one that warms the plan cache up (and may fail: a keep-alive socket left
 * idle through a long seed can be closed as it is reused).
 */
export async function restMedian(backend, token, path, repeat) {
  const get = () =>
    fetch(`${backend.url}/rest/v1/${path}`, {
      headers: {
        apikey: backend.anonKey,
        authorization: `Bearer ${token}`,
        prefer: 'count=exact',
      },
    });
  await get().then(
    (r) => r.text(),
    () => undefined,
  );
  const times = [];
  for (let i = 0; i < repeat; i++) {
    const t = performance.now();
    const r = await get();
    await r.text();
    if (!r.ok) throw new Error(`${path.split('?')[0]}: HTTP ${r.status}`);
    times.push(performance.now() - t);
  }
  return median(times);
}

/**
 * Milliseconds from `act` until the text of `[data-testid=<testId>]` matches `pattern`, polled
 * in the page on every animation frame.
 */
export async function timeUntilText(page, testId, act, pattern) {
  const t = performance.now();
  await act();
  await page.waitForFunction(
    ([id, source]) =>
      new RegExp(source).test(
        document.querySelector(`[data-testid="${id}"]`)?.textContent?.trim() ?? '',
      ),
    [testId, pattern.source],
    { polling: 'raf', timeout: 60_000 },
  );
  return performance.now() - t;
}

/**
 * A report table of timings: the first column (`[heading, key]`), the seeding time, then the
 * browser's timings in whole milliseconds and the REST call's (under `row.server`) in tenths;
 * `browser` and `rest` map a row's key to its column's heading.
 */
export function timingsTable(title, rows, [heading, key], browser, rest) {
  const browserKeys = Object.keys(browser);
  const restKeys = Object.keys(rest);
  return {
    title,
    columns: [
      heading,
      'seed ms',
      ...browserKeys.map((k) => `${browser[k]} ms`),
      ...restKeys.map((k) => `REST ${rest[k]} ms`),
    ],
    rows: rows.map((r) => [
      r[key],
      Math.round(r.seedMs),
      ...browserKeys.map((k) => Math.round(r[k])),
      ...restKeys.map((k) => Number(r.server[k].toFixed(1))),
    ]),
  };
}

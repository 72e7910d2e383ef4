#!/usr/bin/env node
// Admin at scale: the admin Users tab with 5,000 and 50,000 member profiles, driven with
// Playwright in Debian's Chromium against the built suite (run `npm run bench`, which builds
// first, or build shell/guest/lounge/games/admin yourself), and the REST call behind it timed
// on its own. Profiles are seeded with SQL (generate_series into auth.users; the sign-up trigger
// creates each profile), on PGlite, with the backend in this process.
//
//   node --import tsx tools/bench/admin-users.mjs
//
// Env: BENCH_ADMIN_SCALES [5000,50000], BENCH_ADMIN_REPEAT [5] (server-side timings: median of
// that many calls), BENCH_ADMIN_PORT_BASE [4535] (shell..admin on base..base+4),
// BENCH_ADMIN_API_PORT [54536], BENCH_ADMIN_INBOX_PORT [54537], CHROMIUM_PATH.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { chromium } from '@playwright/test';
import { DEFAULT_CORS_ORIGINS, startBackend } from '../../apps/backend/src/server.ts';
import { ensureChromium } from '../ensure-chromium.mjs';
import { runtimeConfig, serveSuite, suitePorts } from '../../apps/web-server/src/index.mjs';
import { writeBenchPart } from './report.mjs';

const env = process.env;
const SCALES = (env.BENCH_ADMIN_SCALES ?? '5000,50000').split(',').map(Number);
const REPEAT = Number(env.BENCH_ADMIN_REPEAT ?? 5);
const ports = suitePorts(Number(env.BENCH_ADMIN_PORT_BASE ?? 4535));
const API_PORT = Number(env.BENCH_ADMIN_API_PORT ?? 54536);
const INBOX_PORT = Number(env.BENCH_ADMIN_INBOX_PORT ?? 54537);
const USER_COLUMNS =
  'user_id,first_name,last_name,email,phone,vip_status,total_bookings,created_at';

const median = (xs) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)];
};

/** Members scale.N@example.com, "Scale<N> Member<N>", up to `total` of them. */
async function seedProfiles(backend, from, to) {
  if (to < from) return;
  await backend.db.exec(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
      email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000',
      ('d0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
      'authenticated', 'authenticated', 'scale.user.' || g || '@example.com', null,
      now(), '{"provider": "email", "providers": ["email"]}'::jsonb,
      jsonb_build_object('first_name', 'Scale' || g, 'last_name', 'Member' || g),
      now() - g * interval '1 minute', now()
    from generate_series(${from}, ${to}) as g;
    analyze public.profiles;`);
}

/** The Users tab's REST call (libs/data fetchUsersPage), timed from Node: median of REPEAT. */
async function serverTime(url, anonKey, token, search) {
  const q = new URLSearchParams({
    select: USER_COLUMNS,
    order: 'created_at.desc,user_id.asc',
    offset: '0',
    limit: '25',
  });
  if (search) q.set('or', `(${search})`);
  const times = [];
  for (let i = 0; i < REPEAT + 1; i++) {
    const get = () =>
      fetch(`${url}/rest/v1/profiles?${q}`, {
        headers: { apikey: anonKey, authorization: `Bearer ${token}`, prefer: 'count=exact' },
      });
    // a keep-alive socket left idle through a long seed may be closed as it is reused: retry once
    if (i === 0)
      await get().then(
        (r) => r.text(),
        () => undefined,
      );
    const t = performance.now();
    const r = await get();
    await r.text();
    if (!r.ok) throw new Error(`profiles: HTTP ${r.status}`);
    if (i > 0) times.push(performance.now() - t); // the first call warms the plan cache up
  }
  return median(times);
}

async function main() {
  const t0 = Date.now();
  const chromiumPath = ensureChromium();
  const dataDir = await mkdtemp(join(tmpdir(), 'bistro-admin-bench-'));
  const origins = Object.values(ports).flatMap((p) => [
    `http://localhost:${p}`,
    `http://127.0.0.1:${p}`,
  ]);
  const backend = await startBackend({
    dataDir,
    port: API_PORT,
    inboxPort: INBOX_PORT,
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
  const rows = [];
  try {
    const signIn = await fetch(`${backend.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: backend.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: 'admin@example.com', password: 'password123' }),
    });
    if (!signIn.ok) throw new Error(`admin sign-in: HTTP ${signIn.status}`);
    const session = await signIn.json();
    const storageKey = `sb-${new URL(backend.url).hostname.split('.')[0]}-auth-token`;

    let seeded = 0;
    for (const scale of SCALES) {
      const ts = performance.now();
      await seedProfiles(backend, seeded + 1, scale);
      const seedMs = performance.now() - ts;
      seeded = Math.max(seeded, scale);
      const probe = Math.max(1, Math.round(scale * 0.8642));
      const emailTerm = `scale.user.${probe}@`;
      const nameTerm = `Scale${probe} Member${probe}`;
      const server = {
        first: await serverTime(backend.url, backend.anonKey, session.access_token, null),
        email: await serverTime(
          backend.url,
          backend.anonKey,
          session.access_token,
          `first_name.ilike.*${emailTerm}*,last_name.ilike.*${emailTerm}*,email.ilike.*${emailTerm}*`,
        ),
        name: await serverTime(
          backend.url,
          backend.anonKey,
          session.access_token,
          `first_name.ilike.*${nameTerm}*,last_name.ilike.*${nameTerm}*,email.ilike.*${nameTerm}*,` +
            `and(first_name.ilike.*Scale${probe}*,last_name.ilike.*Member${probe}*)`,
        ),
      };

      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript(
        ([key, value]) => {
          if (!localStorage.getItem(key)) localStorage.setItem(key, value);
        },
        [storageKey, JSON.stringify(session)],
      );
      const page = await context.newPage();
      await page.goto(`http://127.0.0.1:${ports.shell}/admin`);
      await page
        .getByRole('heading', { name: 'Admin Dashboard' })
        .waitFor({ state: 'visible', timeout: 60_000 });
      // timed in the page: requestAnimationFrame polling until the total says what we wait for
      const timeUntil = async (act, pattern) => {
        const t = performance.now();
        await act();
        await page.waitForFunction(
          (source) =>
            new RegExp(source).test(
              document.querySelector('[data-testid="users-total"]')?.textContent?.trim() ?? '',
            ),
          pattern.source,
          { polling: 'raf', timeout: 60_000 },
        );
        return performance.now() - t;
      };
      const count = scale.toLocaleString('en-US');
      const firstRender = await timeUntil(
        () => page.getByRole('tab', { name: 'Users', exact: true }).click(),
        /^[\d,]+ users$/,
      );
      const users = page.getByRole('region', { name: 'Users', exact: true });
      const listed = await users.getByRole('listitem').count();
      const total = await page.evaluate(
        () => document.querySelector('[data-testid="users-total"]')?.textContent?.trim() ?? '',
      );
      const box = users.getByRole('searchbox', { name: 'Search users by name or e-mail' });
      const emailSearch = await timeUntil(
        () => box.fill(emailTerm),
        new RegExp(`^1 user matching "${emailTerm.replace(/\./g, '\\.')}"$`),
      );
      const nameSearch = await timeUntil(
        () => box.fill(nameTerm),
        new RegExp(`^1 user matching "${nameTerm}"$`),
      );
      const found = await users.getByRole('listitem', { name: nameTerm }).count();
      if (found !== 1) throw new Error(`the name search did not list ${nameTerm}`);
      await context.close();

      const row = {
        scale,
        seedMs,
        listed,
        total,
        firstRender,
        emailSearch,
        nameSearch,
        server,
      };
      rows.push(row);
      console.log(
        `[admin users] ${count} scale profiles (seeded in ${seedMs.toFixed(0)} ms, the tab says "${total}" and lists ${listed}): ` +
          `Users tab first render ${firstRender.toFixed(0)} ms, e-mail search ${emailSearch.toFixed(0)} ms, ` +
          `name search ${nameSearch.toFixed(0)} ms (searches include the 300 ms debounce); ` +
          `REST call alone (median of ${REPEAT}): page 1 ${server.first.toFixed(1)} ms, e-mail ${server.email.toFixed(1)} ms, name ${server.name.toFixed(1)} ms`,
      );
    }
  } finally {
    await browser.close();
    await suite.close();
    await backend.close();
    await rm(dataDir, { recursive: true, force: true });
  }
  const seconds = (Date.now() - t0) / 1000;
  console.log(`[admin users] done in ${seconds.toFixed(0)} s`);
  writeBenchPart({
    id: 'admin-users',
    title: 'Admin at scale: the Users tab',
    notes:
      `Built suite in Debian Chromium (Playwright), backend on PGlite in the bench process; ` +
      `profiles seeded with SQL. Browser timings run from the click/typing to the total shown ` +
      `(searches include the tab's 300 ms debounce); REST = the same call from Node, median of ` +
      `${REPEAT}. Took ${seconds.toFixed(0)} s.`,
    figures: rows.flatMap((r) => [
      {
        name: `admin Users tab first render, ${r.scale} profiles`,
        value: Math.round(r.firstRender),
        unit: 'ms',
      },
      {
        name: `admin Users e-mail search, ${r.scale} profiles`,
        value: Math.round(r.emailSearch),
        unit: 'ms',
      },
      {
        name: `admin Users name search, ${r.scale} profiles`,
        value: Math.round(r.nameSearch),
        unit: 'ms',
      },
    ]),
    tables: [
      {
        title: 'Users tab with many profiles',
        columns: [
          'profiles (scale)',
          'seed ms',
          'first render ms',
          'e-mail search ms',
          'name search ms',
          'REST page 1 ms',
          'REST e-mail ms',
          'REST name ms',
        ],
        rows: rows.map((r) => [
          r.scale,
          Math.round(r.seedMs),
          Math.round(r.firstRender),
          Math.round(r.emailSearch),
          Math.round(r.nameSearch),
          Number(r.server.first.toFixed(1)),
          Number(r.server.email.toFixed(1)),
          Number(r.server.name.toFixed(1)),
        ]),
      },
    ],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

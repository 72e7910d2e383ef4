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
import { performance } from 'node:perf_hooks';
import {
  pageAs,
  restMedian,
  signIn,
  startAdminBench,
  timeUntilText,
  timingsTable,
} from './admin-bench.mjs';
import { writeBenchPart } from './report.mjs';

const env = process.env;
const SCALES = (env.BENCH_ADMIN_SCALES ?? '5000,50000').split(',').map(Number);
const REPEAT = Number(env.BENCH_ADMIN_REPEAT ?? 5);
const USER_COLUMNS =
  'user_id,first_name,last_name,email,phone,vip_status,total_bookings,created_at';

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
function serverTime(backend, token, search) {
  const q = new URLSearchParams({
    select: USER_COLUMNS,
    order: 'created_at.desc,user_id.asc',
    offset: '0',
    limit: '25',
  });
  if (search) q.set('or', `(${search})`);
  return restMedian(backend, token, `profiles?${q}`, REPEAT);
}

async function main() {
  const t0 = Date.now();
  const { ports, backend, browser, close } = await startAdminBench({
    name: 'admin',
    portBase: Number(env.BENCH_ADMIN_PORT_BASE ?? 4535),
    apiPort: Number(env.BENCH_ADMIN_API_PORT ?? 54536),
    inboxPort: Number(env.BENCH_ADMIN_INBOX_PORT ?? 54537),
  });
  const rows = [];
  try {
    const session = await signIn(backend, 'admin@example.com');

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
        first: await serverTime(backend, session.access_token, null),
        email: await serverTime(
          backend,
          session.access_token,
          `first_name.ilike.*${emailTerm}*,last_name.ilike.*${emailTerm}*,email.ilike.*${emailTerm}*`,
        ),
        name: await serverTime(
          backend,
          session.access_token,
          `first_name.ilike.*${nameTerm}*,last_name.ilike.*${nameTerm}*,email.ilike.*${nameTerm}*,` +
            `and(first_name.ilike.*Scale${probe}*,last_name.ilike.*Member${probe}*)`,
        ),
      };

      const { context, page } = await pageAs(browser, backend, session);
      await page.goto(`http://127.0.0.1:${ports.shell}/admin`);
      await page
        .getByRole('heading', { name: 'Admin Dashboard' })
        .waitFor({ state: 'visible', timeout: 60_000 });
      const timeUntil = (act, pattern) => timeUntilText(page, 'users-total', act, pattern);
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
    await close();
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
      timingsTable(
        'Users tab with many profiles',
        rows,
        ['profiles (scale)', 'scale'],
        { firstRender: 'first render', emailSearch: 'e-mail search', nameSearch: 'name search' },
        { first: 'page 1', email: 'e-mail', name: 'name' },
      ),
    ],
  });
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

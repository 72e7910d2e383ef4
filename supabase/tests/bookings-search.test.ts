/**
 * The admin's Bookings tab over 10,000 bookings (PGlite, the default database): filtering by
 * status and event, searching by name, e-mail or code, and seats per event return what they
 * should, and the code and prefix searches use their indexes. How long each takes is a figure of
 * the bench (`tools/bench/bookings/bookings.mjs`, in `npm run bench`), not a pass/fail here.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asOwner, createDb } from './support/db';

let db: PGlite;
let eventIds: string[] = [];

const rowsOf = async <T>(sql: string, params: unknown[] = []) => asOwner<T>(db, sql, params);

const plan = async (sql: string, params: unknown[] = []) =>
  (await asOwner<{ 'QUERY PLAN': string }>(db, `explain ${sql}`, params))
    .map((r) => r['QUERY PLAN'])
    .join('\n');

beforeAll(async () => {
  db = await createDb();
  await db.exec(`
    insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
    select gen_random_uuid(), 'authenticated', 'authenticated', 'guest' || g || '@example.test', '{}', now()
    from generate_series(1, 200) g;
    insert into public.events (title, event_date, is_approved, capacity)
    select 'Night ' || g, now() + make_interval(days => g), true, case when g % 2 = 0 then 5000 end
    from generate_series(1, 20) g;
  `);
  eventIds = (
    await asOwner<{ id: string }>(db, 'select id from public.events order by event_date')
  ).map((r) => r.id);
  // The rows are written with the table's triggers off (what they add: seat checks, mails,
  // audit and live counts, is tested elsewhere and costs most of a minute over 10,000 rows);
  // the columns the triggers would fill (the event's title and date) are written here, and the
  // booking code comes from its column default as always.
  await db.exec(`
    set session_replication_role = replica;
    insert into public.event_bookings
      (user_id, event_id, event_title, event_date, name, email, phone, number_of_guests)
    select u.id, e.id, e.title, e.event_date,
           'Guest ' || g || ' ' || (array['Brooks','Martinez','Nguyen','Okafor','Schmidt'])[1 + g % 5],
           'guest' || g || '@example.test', '555-' || g, 1 + g % 4
    from generate_series(1, 10000) g
    join lateral (select id from auth.users order by id offset (g % 200) limit 1) u on true
    join lateral (select id, title, event_date from public.events order by event_date offset (g % 20) limit 1) e on true;
    set session_replication_role = default;
    analyze public.event_bookings;
  `);
}, 600_000);
afterAll(async () => {
  await db?.close();
});

describe('admin bookings over 10,000 rows', () => {
  it('has them', async () => {
    const [row] = await asOwner<{ n: number }>(
      db,
      'select count(*)::int as n from public.event_bookings',
    );
    expect(row?.n).toBe(10_000);
  });

  it('lists the newest 50 of one status and of one event', async () => {
    const byStatus = await rowsOf<{ status: string; created_at: string }>(
      `select * from public.event_bookings where status = 'pending' order by created_at desc limit 50`,
    );
    expect(byStatus).toHaveLength(50);
    expect(byStatus.every((r) => r.status === 'pending')).toBe(true);
    const byEvent = await rowsOf<{ event_id: string; status: string }>(
      `select * from public.event_bookings where event_id = $1 and status = 'pending' order by created_at desc limit 50`,
      [eventIds[0]],
    );
    expect(byEvent).toHaveLength(50);
    expect(byEvent.every((r) => r.event_id === eventIds[0] && r.status === 'pending')).toBe(true);
  });

  it('finds a booking by code through its unique index', async () => {
    const [b] = await asOwner<{ booking_code: string }>(
      db,
      'select booking_code from public.event_bookings limit 1',
    );
    const q = 'select id from public.event_bookings where booking_code = $1';
    expect(await plan(q, [b?.booking_code])).toMatch(
      /Index Scan using event_bookings_booking_code_key/,
    );
    expect(await rowsOf(q, [b?.booking_code])).toHaveLength(1);
  });

  it('searches names and e-mails by prefix through the lower() indexes', async () => {
    const q = `select id from public.event_bookings where lower(name) like $1 or lower(email) like $1 limit 50`;
    const p = await plan(q, ['guest 12%']);
    expect(p).toMatch(/event_bookings_lower_name_idx/);
    expect(p).toMatch(/event_bookings_lower_email_idx/);
    expect((await rowsOf(q, ['guest 12%'])).length).toBeGreaterThan(0);
  });

  it('answers a contains search (what ilike *term* sends) on all three fields', async () => {
    const found = await rowsOf<{ name: string }>(
      `select * from public.event_bookings
       where name ilike $1 or email ilike $1 or booking_code ilike $1
       order by created_at desc limit 50`,
      ['%okafor%'],
    );
    expect(found).toHaveLength(50);
    expect(found.every((r) => r.name.toLowerCase().includes('okafor'))).toBe(true);
  });

  it('counts seats for every event at once', async () => {
    expect(await rowsOf('select * from public.event_availability()')).toHaveLength(20);
  });
});

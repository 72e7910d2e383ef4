/**
 * Dinner reservations: the time the database takes to answer a night's free
 * start times (public.reservation_availability) with 30 tables and 5,000
 * reservations spread over the 60 days guests can book, on PGlite. Prints the
 * p50/p95 of one night and the time of a whole 60-day sweep.
 *
 *   npx tsx tools/bench/reservations/availability.bench.ts
 */
import { pgliteFromTemplate } from '../../../apps/backend/src/db/template.js';

const TABLES = 30;
const RESERVATIONS = 5000;
const DAYS = 60;

const db = await pgliteFromTemplate({ seed: false });
await db.exec(`
  delete from public.dining_table_combinations;
  delete from public.dining_tables;
  update public.reservation_settings set covers_per_slot = 500;
`);
await db.query(
  `insert into public.dining_tables (label, area, seats_min, seats_max)
   select 'T' || g, (array['bistro', 'patio', 'lounge'])[1 + g % 3], 1, 2 + (g % 4) * 2
   from generate_series(1, $1::int) g`,
  [TABLES],
);
// non-overlapping holds: each table up to three seatings a night (5 PM, 7 PM, 9 PM)
await db.query(
  `insert into public.reservations (code, party_size, starts_at, ends_at, business_date, guest_name)
   select private.new_reservation_code(), 2,
          (d + time '17:00' + make_interval(hours => 2 * seating)) at time zone private.venue_time_zone(),
          (d + time '18:30' + make_interval(hours => 2 * seating)) at time zone private.venue_time_zone(),
          d, 'Bench ' || i
   from generate_series(0, $1::int - 1) i,
        lateral (select private.business_date() + 1 + (i % $2::int) as d,
                        (i / $2::int) / $3::int as seating) x`,
  [RESERVATIONS, DAYS, TABLES],
);
await db.query(
  `insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
   select r.id, t.id, r.business_date, r.starts_at, r.ends_at
   from public.reservations r
   join (select id, row_number() over (order by id) - 1 as k from public.dining_tables) t
     on t.k = (substr(r.guest_name, 7)::int / $1::int) % $2::int`,
  [DAYS, TABLES],
);
await db.exec(`analyze`);
const [{ n } = { n: 0 }] = (
  await db.query<{ n: number }>(`select count(*)::int as n from public.reservations`)
).rows;

const oneNight: number[] = [];
for (let round = 0; round < 3; round++) {
  for (let d = 1; d <= DAYS; d++) {
    const t0 = performance.now();
    await db.query(
      `select * from public.reservation_availability(private.business_date() + $1::int, 2)`,
      [d],
    );
    oneNight.push(performance.now() - t0);
  }
}
const t0 = performance.now();
for (let d = 1; d <= DAYS; d++)
  await db.query(
    `select * from public.reservation_availability(private.business_date() + $1::int, 4)`,
    [d],
  );
const sweep = performance.now() - t0;
oneNight.sort((a, b) => a - b);
const pct = (p: number) =>
  oneNight[Math.min(oneNight.length - 1, Math.floor(p * oneNight.length))] ?? 0;
console.log(
  JSON.stringify(
    {
      database: 'PGlite',
      tables: TABLES,
      reservations: n,
      nightP50Ms: +pct(0.5).toFixed(1),
      nightP95Ms: +pct(0.95).toFixed(1),
      sixtyDaySweepMs: +sweep.toFixed(0),
    },
    null,
    2,
  ),
);
await db.close();

/**
 * The door: tonight's list of 2,000 names (dinner reservations, registered in the door's
 * registry as every kind is), on PGlite. Prints the time the database takes to hand a staff
 * member the whole list (public.door_list), the time a search over the 2,000 names takes on
 * the device (the door page's searchDoor, per keystroke), and the sync of 500 scans kept
 * offline: sent one at a time as the action queue sends them (public.door_scan), then all
 * sent again (a lost answer), which must count nobody twice. Figures only, no thresholds.
 *
 *   npx tsx tools/bench/door/door.bench.ts
 */
import { randomUUID } from 'node:crypto';
import type { PGlite, Transaction } from '@electric-sql/pglite';
import { pgliteFromTemplate } from '../../../apps/backend/src/db/template.js';
import { indexDoor, searchDoor, type DoorEntry } from '@bistro/data';

const NAMES = 2000;
const SCANS = 500;

const FIRST = ['Olivia', 'Liam', 'Emma', 'Noah', 'Ava', 'Mateo', 'Sofía', 'Omar', 'Chloé', 'Jamal'];
const LAST = ['Stone', 'Nguyen', 'García', 'Smith', 'Okafor', 'Kowalski', 'Haddad', 'Brooks'];

const db: PGlite = await pgliteFromTemplate({ seed: false });
const staffId = randomUUID();
await db.query(
  `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
   values ($1, 'authenticated', 'authenticated', 'door-bench@example.test', '{"first_name":"Sam"}', now())`,
  [staffId],
);
await db.query(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [staffId]);
await db.query(
  `insert into public.reservations (code, party_size, starts_at, ends_at, business_date, guest_name)
   select private.new_reservation_code(), 1 + i % 4,
          now() + make_interval(mins => i % 120), now() + make_interval(mins => 90 + i % 120),
          private.business_date(),
          ($2::text[])[1 + i % 10] || ' ' || ($3::text[])[1 + (i / 10) % 8] || ' ' || i
   from generate_series(0, $1::int - 1) i`,
  [NAMES, FIRST, LAST],
);
await db.exec('analyze');

const claims = JSON.stringify({ sub: staffId, role: 'authenticated', aud: 'authenticated' });
async function asStaff<T>(run: (tx: Transaction) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(`select set_config('request.jwt.claims', $1, true)`, [claims]);
    await tx.exec('set local role authenticated');
    return run(tx);
  });
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return +(s[Math.min(s.length - 1, Math.floor(p * s.length))] ?? 0).toFixed(2);
};

// the list as the door downloads it
const listMs: number[] = [];
let rows: Record<string, unknown>[] = [];
for (let i = 0; i < 10; i++) {
  const t0 = performance.now();
  rows = await asStaff(
    async (tx) =>
      (await tx.query<Record<string, unknown>>('select * from public.door_list()')).rows,
  );
  listMs.push(performance.now() - t0);
}
const entries: DoorEntry[] = rows.map((r) => ({
  kind: String(r['kind']),
  label: String(r['label']),
  sourceId: String(r['source_id']),
  guestName: String(r['guest_name']),
  partySize: Number(r['party_size']),
  code: String(r['code']),
  status: String(r['status']),
  admissible: r['admissible'] === true,
  refusal: (r['refusal'] as string | null) ?? null,
  detail: (r['detail'] as string | null) ?? null,
  idRequired: r['id_required'] === true,
  arrivesAt: null,
  arrived: Number(r['arrived']),
}));

// a search per keystroke on the device, names and codes
const t0 = performance.now();
const index = indexDoor(entries);
const indexMs = performance.now() - t0;
const queries: string[] = [];
for (const e of entries.slice(0, 100)) {
  const [first = '', last = ''] = e.guestName.split(' ');
  for (let k = 1; k <= Math.min(first.length, 4); k++)
    queries.push(first.slice(0, k).toLowerCase());
  queries.push(`${first} ${last}`.toLowerCase(), e.code.slice(0, 4), e.code);
}
const searchMs: number[] = [];
let hits = 0;
for (const q of queries) {
  const s0 = performance.now();
  hits += searchDoor(index, q).length;
  searchMs.push(performance.now() - s0);
}

// 500 scans kept offline, synced one at a time, then all sent again
const scans = entries.slice(0, SCANS).map((e) => ({ id: randomUUID(), e }));
const scan = (s: (typeof scans)[number]) =>
  asStaff(async (tx) => {
    const r = await tx.query<{ a: { outcome: string } }>(
      'select public.door_scan($1, $2, $3, $4, $5, true) as a',
      [s.id, s.e.kind, s.e.sourceId, s.e.partySize, 'bench-device'],
    );
    return r.rows[0]?.a.outcome;
  });
const scanMs: number[] = [];
const s0 = performance.now();
const outcomes: Record<string, number> = {};
for (const s of scans) {
  const t = performance.now();
  const outcome = String(await scan(s));
  scanMs.push(performance.now() - t);
  outcomes[outcome] = (outcomes[outcome] ?? 0) + 1;
}
const syncMs = performance.now() - s0;
const r0 = performance.now();
const replays: Record<string, number> = {};
for (const s of scans) {
  const outcome = String(await scan(s));
  replays[outcome] = (replays[outcome] ?? 0) + 1;
}
const replayMs = performance.now() - r0;
const [counted] = (
  await db.query<{ scans: number; people: number }>(
    'select count(*)::int as scans, coalesce(sum(people), 0)::int as people from public.door_scans',
  )
).rows;
const expectedPeople = scans.reduce((n, s) => n + s.e.partySize, 0);

console.log(
  JSON.stringify(
    {
      database: 'PGlite',
      names: entries.length,
      doorListP50Ms: pct(listMs, 0.5),
      doorListP95Ms: pct(listMs, 0.95),
      searchIndexMs: +indexMs.toFixed(2),
      searches: queries.length,
      searchP50Ms: pct(searchMs, 0.5),
      searchP95Ms: pct(searchMs, 0.95),
      searchMaxMs: pct(searchMs, 1),
      searchHits: hits,
      offlineScans: SCANS,
      syncTotalMs: +syncMs.toFixed(0),
      scanP50Ms: pct(scanMs, 0.5),
      scanP95Ms: pct(scanMs, 0.95),
      syncOutcomes: outcomes,
      replayTotalMs: +replayMs.toFixed(0),
      replayOutcomes: replays,
      scansRecorded: counted?.scans,
      peopleCounted: counted?.people,
      peopleExpected: expectedPeople,
    },
    null,
    2,
  ),
);
await db.close();

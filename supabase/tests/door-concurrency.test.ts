/**
 * The door under concurrency, on PGlite (one connection: the scans queue up in it) and on
 * PostgreSQL 15 (40 sessions at once, read committed as PostgREST runs them): two devices
 * scanning one party of 3 at the same moment let in exactly 3, and the same scan id sent ten
 * times at once is recorded once.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Runner } from './support/engines';

describe.each(engines())('%s', (_name, target) => {
  let db: Runner;
  let staff: string[] = [];
  let guest = '';

  beforeAll(async () => {
    if (!target.available) return;
    db = await target.open();
    staff = [randomUUID(), randomUUID()];
    guest = randomUUID();
    await db.owner(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select id, 'authenticated', 'authenticated', 'd.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Door"}', now()
       from unnest($1::uuid[]) as id`,
      [[...staff, guest]],
    );
    await db.owner(
      `insert into public.user_roles (user_id, role) select id, 'staff' from unnest($1::uuid[]) id`,
      [staff],
    );
    await db.owner(`update public.venue_settings set adults_only_from = null`);
  }, 180_000);
  afterAll(async () => {
    await target.close();
  });

  const booking = async (guests: number) => {
    const [row] = await db.owner<{ id: string }>(
      `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_title, event_date)
       values ($1, 'Rush Party', 'r@example.test', '1', $2, 'Door Rush', now()) returning id`,
      [guest, guests],
    );
    await db.owner(`update public.event_bookings set status = 'approved' where id = $1`, [row?.id]);
    return row?.id ?? '';
  };
  const scan = (who: string, scanId: string, bookingId: string, device: string) =>
    db.as(who, 'select public.door_scan($1, $2, $3, 1, $4, true) as a', [
      scanId,
      'event_booking',
      bookingId,
      device,
    ]);
  const outcomeOf = (out: { rows: unknown[] } | string) =>
    typeof out === 'string' ? out : (out.rows[0] as { a: { outcome: string } }).a.outcome;

  it.skipIf(!target.available)(
    'two devices scanning a party of 3 at once let in exactly 3',
    async () => {
      const id = await booking(3);
      const results = await Promise.all(
        Array.from({ length: 30 }, (_, i) =>
          scan(staff[i % 2] ?? '', randomUUID(), id, i % 2 ? 'door-b' : 'door-a'),
        ),
      );
      const outcomes = results.map(outcomeOf);
      expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(3);
      expect(outcomes.filter((o) => o === 'refused')).toHaveLength(27);
      const [sum] = await db.owner<{ n: number }>(
        'select sum(people)::int as n from public.door_scans where source_id = $1',
        [id],
      );
      expect(sum?.n).toBe(3);
    },
    120_000,
  );

  it.skipIf(!target.available)(
    'the same scan id sent ten times at once counts once',
    async () => {
      const id = await booking(4);
      const scanId = randomUUID();
      const outcomes = (
        await Promise.all(
          Array.from({ length: 10 }, () => scan(staff[0] ?? '', scanId, id, 'door-a')),
        )
      ).map(outcomeOf);
      expect(outcomes.filter((o) => o === 'checked_in')).toHaveLength(1);
      expect(outcomes.filter((o) => o === 'already_recorded')).toHaveLength(9);
      const [sum] = await db.owner<{ n: number }>(
        'select count(*)::int as n from public.door_scans where source_id = $1',
        [id],
      );
      expect(sum?.n).toBe(1);
    },
    120_000,
  );
});

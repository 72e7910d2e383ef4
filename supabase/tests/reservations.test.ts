/**
 * Dinner reservations, on PGlite (one connection: requests queue up) and on
 * PostgreSQL 15 (many sessions at once, read committed as PostgREST runs
 * them): the availability of a night, instant booking with a table that
 * fits, the rules' refusals, change and cancel (the old table kept when a
 * change is refused, the waitlist told when a table frees), staff's status
 * marks, and 200 concurrent requests that never hold a table twice, never
 * exceed the slot's covers and keep combined tables together.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Runner } from './support/engines';

interface Booked {
  id: string;
  code: string;
  party_size: number;
  starts_at: string;
  tables: string[];
}

describe.each(engines())('%s', (_name, target) => {
  let db: Runner;

  beforeAll(async () => {
    if (target.available) db = await target.open();
  }, 180_000);
  afterAll(async () => {
    await target.close();
  });

  const newMembers = async (n: number, admin = false): Promise<string[]> => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await db.owner(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select id, 'authenticated', 'authenticated', 'r.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Dana"}', now()
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    if (admin)
      await db.owner(
        `insert into public.user_roles (user_id, role) select id, 'admin' from unnest($1::uuid[]) id`,
        [ids],
      );
    return ids;
  };

  /** An instant `days` nights ahead at a venue wall-clock time. */
  const at = async (days: number, time: string): Promise<string> => {
    const [row] = await db.owner<{ t: Date }>(
      `select ((private.business_date() + $1::int) + $2::time) at time zone private.venue_time_zone() as t`,
      [days, time],
    );
    return (row?.t as Date).toISOString();
  };

  const book = async (who: string, startsAt: string, party: number) => {
    const out = await db.as(who, 'select public.book_reservation($1, $2) as r', [startsAt, party]);
    return typeof out === 'string' ? out : (out.rows[0] as { r: Booked }).r;
  };

  const availability = async (days: number, party: number) => {
    const out = await db.as(
      null,
      `select to_char(starts_at at time zone private.venue_time_zone(), 'HH24:MI') as t, available
       from public.reservation_availability(private.business_date() + $1::int, $2)`,
      [days, party],
    );
    if (typeof out === 'string') throw new Error(out);
    return out.rows as { t: string; available: boolean }[];
  };

  const reset = async () => {
    await db.owner(`delete from public.reservation_waitlist`);
    await db.owner(`delete from public.reservations`);
    await db.owner(`update public.reservation_settings set covers_per_slot = 16`);
  };

  describe.skipIf(!target.available)('rules', () => {
    it('shows a night in 15-minute steps from opening to an hour before the kitchen closes', async () => {
      const slots = await availability(1, 2);
      expect(slots[0]?.t).toBe('11:00');
      expect(slots.at(-1)?.t).toBe('21:00');
      expect(slots).toHaveLength(41);
      expect(slots.every((s) => s.available)).toBe(true);
    });

    it('books 2 tomorrow at 7 PM instantly with a code and the smallest table that fits', async () => {
      await reset();
      const [guest] = await newMembers(1);
      const r = await book(guest!, await at(1, '19:00'), 2);
      expect(r).toMatchObject({ party_size: 2, tables: ['B1'] });
      expect((r as Booked).code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
      const mails = await db.owner<{ kind: string }>(
        `select kind from public.reservation_mail_outbox where reservation_id = $1`,
        [(r as Booked).id],
      );
      expect(mails).toEqual([{ kind: 'confirmed' }]);
      // one reservation per member per night
      expect(await book(guest!, await at(1, '20:00'), 2)).toBe(
        'P0001:You already have a reservation that day; change it instead',
      );
    });

    it('refuses with a clear message: visitors, past, outside hours, off-step, too large, too far', async () => {
      const [guest] = await newMembers(1);
      expect(await book(null as unknown as string, await at(1, '19:00'), 2)).toMatch(/^42501:/);
      expect(await book(guest!, await at(-1, '19:00'), 2)).toBe(
        'P0001:That time has already passed',
      );
      expect(await book(guest!, await at(1, '22:00'), 2)).toBe(
        'P0001:Tables are seated from 11:00 AM to 9:00 PM that day',
      );
      expect(await book(guest!, await at(1, '19:05'), 2)).toBe(
        'P0001:Please pick a time on a 15-minute step',
      );
      expect(await book(guest!, await at(1, '19:00'), 13)).toBe(
        'P0001:For parties over 12, please send a private event request',
      );
      expect(await book(guest!, await at(61, '19:00'), 2)).toBe(
        'P0001:Reservations open 60 days ahead',
      );
      await db.owner(
        `insert into public.venue_hour_exceptions (on_date, label) values (private.business_date() + 2, 'Private buyout')`,
      );
      expect(await book(guest!, await at(2, '19:00'), 2)).toBe('P0001:We are closed that day');
      expect(await availability(2, 2)).toEqual([]);
    });

    it('a full 7 PM (pacing) leaves 6:45 and 7:15 open; the waitlist is told when a table frees', async () => {
      await reset();
      const guests = await newMembers(10);
      const seven = await at(1, '19:00');
      const booked: Booked[] = [];
      for (const g of guests.slice(0, 8)) booked.push((await book(g, seven, 2)) as Booked);
      expect(booked.every((b) => typeof b === 'object')).toBe(true);
      expect(await book(guests[8]!, seven, 2)).toBe('P0001:That time is fully booked');
      const slots = Object.fromEntries((await availability(1, 2)).map((s) => [s.t, s.available]));
      expect(slots).toMatchObject({ '18:45': true, '19:00': false, '19:15': true });

      const joined = await db.as(
        guests[9]!,
        'select public.join_reservation_waitlist($1, 2) as id',
        [seven],
      );
      expect(typeof joined).toBe('object');
      const cancelled = await db.as(guests[0]!, 'select public.cancel_reservation($1) as r', [
        booked[0]!.id,
      ]);
      expect(typeof cancelled).toBe('object');
      const [held] = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.reservation_tables where reservation_id = $1`,
        [booked[0]!.id],
      );
      expect(held?.n).toBe(0);
      const told = await db.owner<{ user_id: string }>(
        `select w.user_id from public.reservation_mail_outbox o
         join public.reservation_waitlist w on w.id = o.waitlist_id where o.kind = 'table_opened'`,
      );
      expect(told).toEqual([{ user_id: guests[9] }]);
    });

    it('a change to 4 guests moves to a table that fits, or is refused and keeps the old table', async () => {
      await reset();
      const [guest, ...others] = await newMembers(12);
      const seven = await at(1, '19:00');
      const mine = (await book(guest!, seven, 2)) as Booked;
      const moved = await db.as(guest!, 'select public.change_reservation($1, $2, 4) as r', [
        mine.id,
        seven,
      ]);
      expect((moved as { rows: { r: Booked }[] }).rows[0]?.r).toMatchObject({
        party_size: 4,
        tables: ['B5'],
      });
      // every table for 4 at 9 PM taken: the change is refused, the 7 PM table kept
      await db.owner(`update public.reservation_settings set covers_per_slot = 100`);
      const half = await at(1, '21:00');
      for (const o of others.slice(0, 8)) expect(typeof (await book(o, half, 4))).toBe('object');
      const refused = await db.as(guest!, 'select public.change_reservation($1, $2, 4) as r', [
        mine.id,
        half,
      ]);
      expect(refused).toBe(
        'P0001:No table fits 4 guests at that time; your reservation is unchanged',
      );
      const [kept] = await db.owner<{ starts_at: Date; party_size: number; tables: number }>(
        `select r.starts_at, r.party_size,
                (select count(*)::int from public.reservation_tables t where t.reservation_id = r.id) as tables
         from public.reservations r where r.id = $1`,
        [mine.id],
      );
      expect(kept).toMatchObject({ party_size: 4, tables: 1 });
      expect(kept?.starts_at.toISOString()).toBe(seven);
    });

    it('answers an unknown reservation with PT404 (HTTP 404), not an error of the server', async () => {
      const [staff] = await newMembers(1, true);
      const nobody = randomUUID();
      for (const sql of [
        `select public.cancel_reservation($1)`,
        `select public.set_reservation_status($1, 'arrived')`,
        `select public.move_reservation($1, array[1]::smallint[])`,
      ])
        expect(await db.as(staff!, sql, [nobody]), sql).toBe('PT404:Reservation not found');
      expect(await db.as(staff!, `select public.change_reservation($1, now(), 2)`, [nobody])).toBe(
        'PT404:Reservation not found',
      );
    });

    it('staff mark arrival and no-show; no-shows stop online booking at the limit', async () => {
      await reset();
      const [staff] = await newMembers(1, true);
      const [guest] = await newMembers(1);
      const r = (await book(guest!, await at(1, '19:00'), 2)) as Booked;
      const arrived = await db.as(
        staff!,
        `select public.set_reservation_status($1, 'arrived') as r`,
        [r.id],
      );
      expect((arrived as { rows: { r: Booked & { status: string } }[] }).rows[0]?.r.status).toBe(
        'arrived',
      );
      expect(
        await db.as(guest!, `select public.set_reservation_status($1, 'seated')`, [r.id]),
      ).toBe('42501:Only staff can do this');
      expect(
        await db.as(staff!, `select public.set_reservation_status($1, 'no_show')`, [r.id]),
      ).toBe("P0001:A no-show can be marked only after the reservation's time");
      // three past no-shows: asked to call
      await db.owner(
        `insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date, status, guest_name)
         select translate(upper(substr(md5(g::text || $1::text), 1, 6)), '01IO', '2345'),
                $1::uuid, 2, now() - make_interval(days => g * 7), now() - make_interval(days => g * 7) + interval '90 minutes',
                current_date - g * 7, 'no_show', 'Dana'
         from generate_series(1, 3) g`,
        [guest],
      );
      await db.owner(`delete from public.reservations where id = $1`, [r.id]);
      expect(await book(guest!, await at(1, '19:00'), 2)).toBe(
        'P0001:Please call us to book a table',
      );
    });

    it('never lets one table be held twice at once, whoever writes the row', async () => {
      await reset();
      const [a, b] = await newMembers(2);
      const ra = (await book(a!, await at(1, '19:00'), 2)) as Booked;
      const rb = (await book(b!, await at(1, '19:00'), 2)) as Booked;
      await expect(
        db.owner(
          `update public.reservation_tables set table_id = (select table_id from public.reservation_tables where reservation_id = $1)
           where reservation_id = $2`,
          [ra.id, rb.id],
        ),
      ).rejects.toThrow(/already taken/);
    });
  });

  it.skipIf(!target.available)(
    '200 concurrent requests for the last tables: each table held once, pacing kept, combinations whole',
    async () => {
      await reset();
      await db.owner(`update public.reservation_settings set covers_per_slot = 40`);
      const members = await newMembers(200);
      const seven = await at(1, '19:00');
      const sizes = [2, 4, 2, 6, 3, 8, 2, 10, 4, 12];
      const results = await Promise.all(
        members.map((m, i) => book(m, seven, sizes[i % sizes.length]!)),
      );
      const ok = results.filter((r): r is Booked => typeof r === 'object');
      const refused = results.filter((r) => typeof r === 'string');
      expect(ok.length).toBeGreaterThan(0);
      expect(new Set(refused)).toEqual(new Set(['P0001:That time is fully booked']));

      const overlaps = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.reservation_tables a
         join public.reservation_tables b on a.table_id = b.table_id and a.reservation_id < b.reservation_id
           and a.starts_at < b.ends_at and b.starts_at < a.ends_at`,
      );
      expect(overlaps[0]?.n).toBe(0);
      const [covers] = await db.owner<{ n: number }>(
        `select coalesce(sum(party_size), 0)::int as n from public.reservations
         where starts_at = $1 and status = 'booked'`,
        [seven],
      );
      expect(covers!.n).toBeLessThanOrEqual(40);
      expect(covers!.n).toBe(ok.reduce((s, r) => s + r.party_size, 0));
      // a party held on several tables holds exactly a defined combination, seating it
      const broken = await db.owner<{ id: string }>(
        `select r.id from public.reservations r
         join lateral (select array_agg(table_id order by table_id) as ids, count(*) as n
                       from public.reservation_tables t where t.reservation_id = r.id) h on true
         where r.status = 'booked' and (
           h.n = 0
           or (h.n = 1 and not exists (select 1 from public.dining_tables d
                 where d.id = h.ids[1] and r.party_size between d.seats_min and d.seats_max))
           or (h.n > 1 and not exists (select 1 from public.dining_table_combinations c
                 where (select array_agg(x order by x) from unnest(c.table_ids) x) = h.ids
                   and r.party_size between c.seats_min and c.seats_max)))`,
      );
      expect(broken).toEqual([]);
    },
    180_000,
  );
});

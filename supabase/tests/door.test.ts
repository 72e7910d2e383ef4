/**
 * The door: staff read tonight's arrivals only through public.door_list (names, party sizes,
 * codes, statuses, a detail line), record scans keyed by the device's scan id, never let in
 * more people than a booking's party size, and read nothing else of the members. A kind
 * registered in private.door_sources joins the list and the scans without any change to the
 * door. No-shows are marked once the night is over. On PGlite and on PostgreSQL 15.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

interface DoorRow {
  kind: string;
  source_id: string;
  guest_name: string;
  party_size: number;
  code: string;
  status: string;
  admissible: boolean;
  refusal: string | null;
  detail: string | null;
  id_required: boolean;
  arrived: number;
}

interface ScanAnswer {
  outcome: 'checked_in' | 'already_recorded' | 'refused';
  guest_name: string | null;
  arrived: number;
  people: number;
  reason: string | null;
}

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  let staff: Member;
  let member: Member;
  let other: Member;

  // a booking of tonight, written as the owner (tonight's events may have started already)
  const booking = async (
    who: Member,
    name: string,
    guests: number,
    status = 'approved',
    at = 'now()',
  ) => {
    const [row] = await db.owner<{ id: string; booking_code: string }>(
      `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_title, event_date)
       values ($1, $2, 'guest@example.test', '(216) 555-0199', $3, 'Friday Night', ${at})
       returning id, booking_code`,
      [who.id, name, guests],
    );
    await db.owner(`update public.event_bookings set status = $2 where id = $1`, [row!.id, status]);
    return row!;
  };

  const scan = async (
    who: Member,
    kind: string,
    sourceId: string,
    people: number,
    scanId = randomUUID(),
    device = 'door-a',
    idChecked = false,
  ) => {
    const [r] = await db.act<{ a: ScanAnswer }>(
      who,
      'select public.door_scan($1, $2, $3, $4, $5, $6) as a',
      [scanId, kind, sourceId, people, device, idChecked],
    );
    return r!.a;
  };

  const list = async (who: Member) => db.act<DoorRow>(who, 'select * from public.door_list()');

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    staff = await newMember(db, { firstName: 'Sam' });
    member = await newMember(db, { firstName: 'Olivia' });
    other = await newMember(db, { firstName: 'Omar' });
    await db.owner(`insert into public.user_roles (user_id, role) values ($1, 'staff')`, [
      staff.id,
    ]);
    await db.owner(`update public.venue_settings set adults_only_from = null, door_capacity = 300`);
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  describe.skipIf(!driver.available)('the door', () => {
    it('lists tonight only, to staff and admins only, without phone numbers or e-mails', async () => {
      const tonight = await booking(member, 'Olivia Stone', 3);
      const lastWeek = await booking(
        member,
        'Olivia Earlier',
        2,
        'approved',
        `now() - interval '7 days'`,
      );
      await db.owner(
        `insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date, status, guest_name, phone)
         values ('DRT7K2', $1, 2, now(), now() + interval '90 minutes', private.business_date(), 'booked', 'Omar Dinner', '(216) 555-0123')`,
        [other.id],
      );
      const rows = await list(staff);
      expect(rows.find((r) => r.source_id === tonight.id)).toMatchObject({
        kind: 'event_booking',
        guest_name: 'Olivia Stone',
        party_size: 3,
        code: tonight.booking_code,
        admissible: true,
        arrived: 0,
      });
      expect(rows.find((r) => r.guest_name === 'Omar Dinner')).toMatchObject({
        kind: 'dinner_reservation',
        code: 'DRT7K2',
        admissible: true,
      });
      expect(rows.some((r) => r.source_id === lastWeek.id)).toBe(false);
      const text = JSON.stringify(rows);
      expect(text).not.toContain('555-01');
      expect(text).not.toContain('@example.test');
      expect((await list(admin)).length).toBe(rows.length);
      expect(await db.attempt(member, 'select * from public.door_list()')).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(await db.attempt(null, 'select * from public.door_list()')).toMatchObject({
        ok: false,
      });
    });

    it('staff read no member data beyond the door list and cannot grant roles', async () => {
      const b = await booking(other, 'Omar Later', 2, 'approved', `now() + interval '9 days'`);
      for (const table of [
        'profiles',
        'event_bookings',
        'reservations',
        'user_roles',
        'user_offers',
        'analytics',
      ]) {
        const seen = await db.attempt<Record<string, unknown>>(
          staff,
          `select * from public.${table} where user_id <> $1`,
          [staff.id],
        );
        expect(seen.ok ? seen.rows : [], table).toEqual([]);
      }
      const booked = await db.attempt(staff, 'select * from public.event_bookings where id = $1', [
        b.id,
      ]);
      expect(booked.ok ? booked.rows : []).toEqual([]);
      expect(
        await db.attempt(staff, 'select * from public.guest_door_history($1)', [member.id]),
      ).toMatchObject({
        ok: false,
        code: '42501',
      });
      expect(
        await db.attempt(
          staff,
          `insert into public.user_roles (user_id, role) values ($1, 'staff')`,
          [member.id],
        ),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await db.attempt(
          staff,
          `insert into public.door_scans (scan_id, kind, source_id, people, device_id, night)
           values ($1, 'event_booking', $2, 1, 'x', private.business_date())`,
          [randomUUID(), b.id],
        ),
      ).toMatchObject({ ok: false, code: '42501' });
      // updating venue settings stays the admins'
      const changed = await db.attempt<{ door_capacity: number }>(
        staff,
        'update public.venue_settings set door_capacity = 5 returning door_capacity',
      );
      expect(changed.ok ? changed.rows : []).toEqual([]);
    });

    it('counts plus-ones one by one, records a scan id once and never goes over the party size', async () => {
      const b = await booking(member, 'Rita Vance', 3);
      const first = randomUUID();
      expect(await scan(staff, 'event_booking', b.id, 1, first)).toMatchObject({
        outcome: 'checked_in',
        guest_name: 'Rita Vance',
        arrived: 1,
      });
      // the same scan sent again changes nothing
      expect(await scan(staff, 'event_booking', b.id, 1, first)).toMatchObject({
        outcome: 'already_recorded',
        arrived: 1,
      });
      expect(await scan(staff, 'event_booking', b.id, 1)).toMatchObject({
        outcome: 'checked_in',
        arrived: 2,
      });
      const over = await scan(staff, 'event_booking', b.id, 2);
      expect(over).toMatchObject({ outcome: 'refused', arrived: 2 });
      expect(over.reason).toContain('Rita Vance');
      const [checked] = await db.owner<{ checked_in_at: string | null }>(
        'select checked_in_at from public.event_bookings where id = $1',
        [b.id],
      );
      expect(checked?.checked_in_at).not.toBeNull();
      expect((await list(staff)).find((r) => r.source_id === b.id)?.arrived).toBe(2);
      // a checked-in booking can no longer be cancelled by its guest
      expect(await db.attempt(member, 'select public.cancel_booking($1)', [b.id])).toMatchObject({
        ok: false,
        code: 'P0001',
      });
      const [head] = await db.act<{
        h: { arrived: number; capacity: number; by_staff: { name: string; people: number }[] };
      }>(staff, 'select public.door_headcount() as h');
      expect(head!.h.capacity).toBe(300);
      expect(head!.h.arrived).toBeGreaterThanOrEqual(2);
      expect(head!.h.by_staff.find((s) => s.name.startsWith('Sam'))?.people).toBeGreaterThanOrEqual(
        2,
      );
    });

    it('two devices scanning the same party never let in more than its size', async () => {
      const b = await booking(other, 'Tess Morgan', 2);
      const answers: ScanAnswer[] = [];
      for (let i = 0; i < 3; i++) {
        answers.push(await scan(staff, 'event_booking', b.id, 1, randomUUID(), 'door-a'));
        answers.push(await scan(admin, 'event_booking', b.id, 1, randomUUID(), 'door-b'));
      }
      expect(answers.filter((a) => a.outcome === 'checked_in')).toHaveLength(2);
      const refused = answers.filter((a) => a.outcome === 'refused');
      expect(refused).toHaveLength(4);
      expect(refused[0]?.reason).toMatch(/Already in.*Tess Morgan/);
      const [sum] = await db.owner<{ n: number }>(
        'select sum(people)::int as n from public.door_scans where source_id = $1',
        [b.id],
      );
      expect(sum?.n).toBe(2);
    });

    it('a refused scan names the guest and why; the age policy asks for an ID check', async () => {
      const cancelled = await booking(member, 'Cara Cancel', 2, 'cancelled');
      const refused = await scan(staff, 'event_booking', cancelled.id, 1);
      expect(refused).toMatchObject({
        outcome: 'refused',
        guest_name: 'Cara Cancel',
        reason: 'This booking was cancelled',
      });
      expect(await scan(staff, 'event_booking', randomUUID(), 1)).toMatchObject({
        outcome: 'refused',
        reason: "Not on tonight's list",
      });
      // adults only all night: an arrival needs its ID checked
      await db.owner(
        `update public.venue_settings set adults_only_from = '00:00', minimum_age = 21`,
      );
      try {
        const b = await booking(member, 'Ivy Young', 1);
        expect((await list(staff)).find((r) => r.source_id === b.id)?.id_required).toBe(true);
        expect(await scan(staff, 'event_booking', b.id, 1)).toMatchObject({
          outcome: 'refused',
          reason: 'Check ID first: 21+ tonight',
        });
        expect(
          await scan(staff, 'event_booking', b.id, 1, randomUUID(), 'door-a', true),
        ).toMatchObject({
          outcome: 'checked_in',
        });
      } finally {
        await db.owner(`update public.venue_settings set adults_only_from = null`);
      }
    });

    it('a third kind registered in the registry joins the list and the scans', async () => {
      await db.owner(
        `create table private.test_door_guests (id uuid primary key, name text, size int, arrived_at timestamptz)`,
      );
      await db.owner(`
        create function private.test_door_rows(_from timestamptz, _to timestamptz)
        returns setof private.door_row language sql stable security definer set search_path = '' as $$
          select 'test_kind', g.id, null::uuid, g.name, g.size, 'T-' || left(g.id::text, 4), 'listed',
            true, null, 'Added by the test', false, now()
          from private.test_door_guests g
        $$`);
      await db.owner(`
        create function private.test_door_check_in(_id uuid, _people integer)
        returns void language sql volatile security definer set search_path = '' as $$
          update private.test_door_guests set arrived_at = now() where id = _id
        $$`);
      await db.owner(
        `insert into private.door_sources (kind, label, rows_fn, check_in_fn, sort_order)
         values ('test_kind', 'Test', 'private.test_door_rows(timestamptz, timestamptz)',
                 'private.test_door_check_in(uuid, integer)', 99)`,
      );
      const id = randomUUID();
      await db.owner(`insert into private.test_door_guests values ($1, 'Quinn Third', 2, null)`, [
        id,
      ]);
      expect((await list(staff)).find((r) => r.source_id === id)).toMatchObject({
        kind: 'test_kind',
        guest_name: 'Quinn Third',
        party_size: 2,
        detail: 'Added by the test',
      });
      expect(await scan(staff, 'test_kind', id, 2)).toMatchObject({
        outcome: 'checked_in',
        arrived: 2,
      });
      const [g] = await db.owner<{ arrived_at: string | null }>(
        'select arrived_at from private.test_door_guests where id = $1',
        [id],
      );
      expect(g?.arrived_at).not.toBeNull();
    });

    it('marks the no-shows of a night that is over, once, and the admin reads the history', async () => {
      const missed = await booking(
        member,
        'Olivia Stone',
        2,
        'approved',
        `now() - interval '3 days'`,
      );
      const [arrivedRow] = await db.owner<{ id: string }>(
        `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_title, event_date)
         values ($1, 'Olivia Stone', 'o@example.test', '1', 2, 'Jazz Night', now() - interval '5 days') returning id`,
        [member.id],
      );
      await db.owner(
        `update public.event_bookings set status = 'approved', checked_in_at = event_date where id = $1`,
        [arrivedRow!.id],
      );
      await db.owner(
        `insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date, status, guest_name)
         values ('NSW7K2', $1, 2, now() - interval '4 days', now() - interval '4 days' + interval '90 minutes',
                 private.business_date_of(now() - interval '4 days'), 'booked', 'Olivia Stone')`,
        [member.id],
      );
      const [run] = await db.owner<{ n: number }>('select private.mark_no_shows() as n');
      expect(run!.n).toBeGreaterThanOrEqual(2);
      const [again] = await db.owner<{ n: number }>('select private.mark_no_shows() as n');
      expect(again!.n).toBe(0);
      const [m] = await db.owner<{ no_show_at: string | null }>(
        'select no_show_at from public.event_bookings where id = $1',
        [missed.id],
      );
      expect(m?.no_show_at).not.toBeNull();
      const [r] = await db.owner<{ status: string }>(
        `select status from public.reservations where code = 'NSW7K2'`,
      );
      expect(r?.status).toBe('no_show');
      // tonight's unarrived bookings are left alone
      const [tonight] = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.event_bookings
         where no_show_at is not null and private.business_date_of(event_date) = private.business_date()`,
      );
      expect(tonight?.n).toBe(0);
      const history = await db.act<{ outcome: string; title: string; kind: string }>(
        admin,
        'select * from public.guest_door_history($1)',
        [member.id],
      );
      expect(history.map((h) => [h.kind, h.outcome])).toEqual(
        expect.arrayContaining([
          ['event_booking', 'no_show'],
          ['event_booking', 'arrived'],
          ['dinner_reservation', 'no_show'],
        ]),
      );
    });
  });
});

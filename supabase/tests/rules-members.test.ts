/** Business rules for profiles, roles, events and bookings, with their negative cases. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { act, asOwner, attempt, createCast, createDb, createMember, type Cast } from './support/db';

let db: PGlite;
let cast: Cast;

beforeAll(async () => {
  db = await createDb();
  cast = await createCast(db);
});
afterAll(async () => {
  await db?.close();
});

const profileOf = async (id: string) =>
  (
    await asOwner<Record<string, unknown>>(db, 'select * from public.profiles where user_id = $1', [
      id,
    ])
  )[0];

describe('profiles', () => {
  it('takes an optional birthday from the sign-up metadata only when it is a real past date', async () => {
    const cases: [string, unknown, string | null][] = [
      ['21111111-1111-4111-8111-111111111111', '1990-07-04', '1990-07-04'],
      ['21111111-1111-4111-8111-111111111112', '1990-02-30', null],
      ['21111111-1111-4111-8111-111111111113', '2999-01-01', null],
      ['21111111-1111-4111-8111-111111111114', '1850-01-01', null],
      ['21111111-1111-4111-8111-111111111115', 'July 4th', null],
      ['21111111-1111-4111-8111-111111111116', 19900704, null],
    ];
    for (const [id, birthday, stored] of cases) {
      await asOwner(
        db,
        `insert into auth.users (id, email, raw_user_meta_data) values ($1, $2, jsonb_build_object('first_name', 'Bea', 'birthday', $3::jsonb))`,
        [id, `bea-${id.slice(-1)}@example.test`, JSON.stringify(birthday)],
      );
      const profile = await profileOf(id);
      const got = profile?.['birthday'];
      const iso =
        got instanceof Date
          ? `${got.getFullYear()}-${String(got.getMonth() + 1).padStart(2, '0')}-${String(got.getDate()).padStart(2, '0')}`
          : (got ?? null);
      expect(iso, `birthday ${JSON.stringify(birthday)}`).toBe(stored);
      expect(profile?.['first_name']).toBe('Bea');
    }
  });

  it('creates a profile from the sign-up metadata and the auth e-mail', async () => {
    const id = '11111111-1111-4111-8111-111111111111';
    await asOwner(
      db,
      `insert into auth.users (id, email, raw_user_meta_data) values ($1, 'sam@example.test', '{"first_name": " Sam ", "last_name": "Lee"}')`,
      [id],
    );
    expect(await profileOf(id)).toMatchObject({
      first_name: 'Sam',
      last_name: 'Lee',
      email: 'sam@example.test',
      vip_status: false,
      total_bookings: 0,
    });
  });

  it('never takes VIP status or roles from user metadata', async () => {
    const id = '22222222-2222-4222-8222-222222222222';
    await asOwner(
      db,
      `insert into auth.users (id, email, raw_user_meta_data, raw_app_meta_data)
       values ($1, 'eve@example.test', '{"first_name": "Eve", "vip_status": true, "role": "admin", "is_admin": true}', '{"role": "admin"}')`,
      [id],
    );
    expect(await profileOf(id)).toMatchObject({ vip_status: false });
    const roles = await asOwner(db, 'select role from public.user_roles where user_id = $1', [id]);
    expect(roles).toEqual([]);
    const asEve = { kind: 'member', id, label: 'Eve' } as const;
    const out = await attempt(db, asEve, `select id from public.events where not is_approved`);
    expect(out.ok && out.rows).toEqual([]);
  });

  it('lets a member upsert their own profile the way the profile page does', async () => {
    const rows = await act(
      db,
      cast.owner,
      `insert into public.profiles (user_id, first_name, last_name, email, phone)
       values ($1, 'Olivia', 'Stone', 'olivia@example.test', '555-0111')
       on conflict (user_id) do update set user_id = excluded.user_id, first_name = excluded.first_name,
         last_name = excluded.last_name, email = excluded.email, phone = excluded.phone
       returning first_name, phone`,
      [cast.owner.id],
    );
    expect(rows).toEqual([{ first_name: 'Olivia', phone: '555-0111' }]);
  });

  it('refuses a member inserting a profile that is already VIP', async () => {
    const fresh = await createMember(db, 'Fresh');
    await asOwner(db, 'delete from public.profiles where user_id = $1', [fresh.id]);
    const out = await attempt(
      db,
      fresh,
      `insert into public.profiles (user_id, vip_status) values ($1, true)`,
      [fresh.id],
    );
    expect(out.ok).toBe(false);
    if (!out.ok) expect(out.code).toBe('42501');
  });

  it('refuses a member making themself VIP (42501) and lets an admin toggle it', async () => {
    const out = await attempt(
      db,
      cast.owner,
      'update public.profiles set vip_status = true where user_id = $1',
      [cast.owner.id],
    );
    expect(out).toMatchObject({ ok: false, code: '42501' });
    await act(db, cast.admin, 'update public.profiles set vip_status = true where user_id = $1', [
      cast.owner.id,
    ]);
    expect(await profileOf(cast.owner.id)).toMatchObject({ vip_status: true });
    await act(db, cast.admin, 'update public.profiles set vip_status = false where user_id = $1', [
      cast.owner.id,
    ]);
    expect(await profileOf(cast.owner.id)).toMatchObject({ vip_status: false });
  });

  it('refuses moving a profile to another user id', async () => {
    const out = await attempt(
      db,
      cast.owner,
      'update public.profiles set user_id = $2 where user_id = $1',
      [cast.owner.id, cast.other.id],
    );
    expect(out.ok).toBe(false);
  });

  it('lists all profiles newest first for an admin only', async () => {
    const all = await act<{ user_id: string }>(
      db,
      cast.admin,
      'select user_id from public.profiles order by created_at desc',
    );
    expect(all.length).toBeGreaterThanOrEqual(4);
    const mine = await act<{ user_id: string }>(
      db,
      cast.other,
      'select user_id from public.profiles order by created_at desc',
    );
    expect(mine.map((r) => r.user_id)).toEqual([cast.other.id]);
  });
});

describe('user_roles', () => {
  it('answers the admin check by user_id', async () => {
    const rows = await act(
      db,
      cast.admin,
      "select role from public.user_roles where user_id = $1 and role = 'admin'",
      [cast.admin.id],
    );
    expect(rows).toEqual([{ role: 'admin' }]);
  });

  it('reports a duplicate admin grant as 23505 (Already Admin)', async () => {
    const out = await attempt(
      db,
      cast.admin,
      "insert into public.user_roles (user_id, role) values ($1, 'admin')",
      [cast.admin.id],
    );
    expect(out).toMatchObject({ ok: false, code: '23505' });
  });

  it('lets an admin grant and revoke admin rights', async () => {
    const m = await createMember(db, 'Promoted');
    await act(
      db,
      cast.admin,
      "insert into public.user_roles (user_id, role) values ($1, 'admin')",
      [m.id],
    );
    const asNewAdmin = await attempt(db, m, 'select id from public.events where not is_approved');
    expect(asNewAdmin.ok).toBe(true);
    await act(
      db,
      cast.admin,
      "delete from public.user_roles where user_id = $1 and role = 'admin'",
      [m.id],
    );
    const grant = await attempt(
      db,
      m,
      "insert into public.user_roles (user_id, role) values ($1, 'admin')",
      [m.id],
    );
    expect(grant).toMatchObject({ ok: false, code: '42501' });
  });
});

describe('events', () => {
  it('approves an admin-created event and stamps its creator', async () => {
    const rows = await act<{ is_approved: boolean; created_by: string }>(
      db,
      cast.admin,
      `insert into public.events (title, description, event_date, featured_image_url, created_by, is_approved)
       values ('  Soul Night ', 'x', now() + interval '3 days', null, $1, false) returning is_approved, created_by, title`,
      [cast.admin.id],
    );
    expect(rows[0]).toMatchObject({
      is_approved: true,
      created_by: cast.admin.id,
      title: 'Soul Night',
    });
  });

  it('refuses an event created in another admin’s name', async () => {
    const out = await attempt(
      db,
      cast.admin,
      `insert into public.events (title, event_date, created_by) values ('X', now(), $1)`,
      [cast.owner.id],
    );
    expect(out).toMatchObject({ ok: false, code: '42501' });
  });

  it('refuses an event without title (23514) and a member creating one (42501)', async () => {
    const blank = await attempt(
      db,
      cast.admin,
      `insert into public.events (title, event_date) values ('  ', now())`,
    );
    expect(blank).toMatchObject({ ok: false, code: '23514' });
    const member = await attempt(
      db,
      cast.owner,
      `insert into public.events (title, event_date) values ('Mine', now())`,
    );
    expect(member).toMatchObject({ ok: false, code: '42501' });
  });

  it('shows visitors only approved events, in date order, and admins everything', async () => {
    await asOwner(
      db,
      `insert into public.events (title, event_date, is_approved) values ('Later', now() + interval '9 days', true),
       ('Sooner', now() + interval '1 day', true), ('Hidden', now() + interval '2 days', false), ('Past', now() - interval '2 days', true)`,
    );
    const home = await act<{ title: string }>(
      db,
      { kind: 'visitor' },
      'select title from public.events where is_approved and event_date >= now() order by event_date asc limit 3',
    );
    expect(home.map((e) => e.title)).toEqual(['Sooner', 'Soul Night', 'Later']);
    const visitorAll = await act<{ title: string }>(
      db,
      { kind: 'visitor' },
      'select title from public.events',
    );
    expect(visitorAll.map((e) => e.title)).not.toContain('Hidden');
    const adminAll = await act<{ title: string }>(
      db,
      cast.admin,
      'select title from public.events order by created_at desc',
    );
    expect(adminAll.map((e) => e.title)).toContain('Hidden');
  });

  it('lets an admin reject an event (is_approved false) and members then lose it', async () => {
    const [ev] = await asOwner<{ id: string }>(
      db,
      `insert into public.events (title, event_date, is_approved) values ('Rejectable', now() + interval '1 day', true) returning id`,
    );
    await act(db, cast.admin, 'update public.events set is_approved = false where id = $1', [
      ev?.id,
    ]);
    const seen = await act(db, cast.owner, 'select id from public.events where id = $1', [ev?.id]);
    expect(seen).toEqual([]);
  });
});

describe('event_bookings', () => {
  const book = (guests: unknown, userId?: string) =>
    attempt(
      db,
      cast.owner,
      `insert into public.event_bookings (user_id, event_date, event_title, name, email, phone, number_of_guests, special_requests, event_image_url)
       values ($1, now() + interval '3 days', 'Soul Night', 'Olivia', 'olivia@example.test', '555-0111', $2, null, null)
       returning status, number_of_guests, admin_notes, approved_at, approved_by`,
      [userId ?? cast.owner.id, guests],
    );

  it.each([1, 20])('accepts %i guests as a pending booking', async (n) => {
    const out = await book(n);
    expect(out.ok && out.rows[0]).toEqual({
      status: 'pending',
      number_of_guests: n,
      admin_notes: null,
      approved_at: null,
      approved_by: null,
    });
  });

  it.each([0, 21, -3])('refuses %i guests with 23514', async (n) => {
    expect(await book(n)).toMatchObject({ ok: false, code: '23514' });
  });

  it('refuses a booking in another member’s name', async () => {
    expect(await book(2, cast.other.id)).toMatchObject({ ok: false, code: '42501' });
  });

  it.each(['status', 'admin_notes', 'approved_at', 'approved_by'])(
    'refuses a member setting %s',
    async (col) => {
      const value =
        col === 'status'
          ? 'approved'
          : col === 'approved_at'
            ? new Date().toISOString()
            : col === 'approved_by'
              ? cast.owner.id
              : 'VIP';
      const out = await attempt(
        db,
        cast.owner,
        `insert into public.event_bookings (user_id, name, email, phone, ${col}) values ($1, 'O', 'o@example.test', '1', $2)`,
        [cast.owner.id, value],
      );
      expect(out).toMatchObject({ ok: false, code: '42501' });
    },
  );

  it('keeps total_bookings right through insert, rejection and deletion', async () => {
    const m = await createMember(db, 'Booker');
    // Events Booked counts bookings of events (a private-occasion request is none)
    const insert = async () => {
      const [ev] = await asOwner<{ id: string }>(
        db,
        `insert into public.events (title, event_date, is_approved) values ('Jazz', now() + interval '3 days', true) returning id`,
      );
      return act<{ id: string }>(
        db,
        m,
        `insert into public.event_bookings (user_id, event_id, name, email, phone) values ($1, $2, 'B', 'b@example.test', '1') returning id`,
        [m.id, ev?.id],
      );
    };
    const [a] = await insert();
    const [b] = await insert();
    expect(await profileOf(m.id)).toMatchObject({ total_bookings: 2 });
    await act(
      db,
      cast.admin,
      "update public.event_bookings set status = 'rejected', admin_notes = 'Full' where id = $1",
      [b?.id],
    );
    expect(await profileOf(m.id)).toMatchObject({ total_bookings: 1 });
    await act(db, m, 'delete from public.event_bookings where id = $1', [a?.id]);
    expect(await profileOf(m.id)).toMatchObject({ total_bookings: 0 });
  });

  it('stamps approval (approved_at, approved_by) and shows the guest the staff message', async () => {
    const [bk] = await act<{ id: string }>(
      db,
      cast.owner,
      `insert into public.event_bookings (user_id, name, email, phone, event_date) values ($1, 'O', 'o@example.test', '1', now() + interval '9 days') returning id`,
      [cast.owner.id],
    );
    await act(
      db,
      cast.admin,
      "update public.event_bookings set status = 'approved', admin_notes = 'Table 4' where id = $1",
      [bk?.id],
    );
    const [seen] = await act<Record<string, unknown>>(
      db,
      cast.owner,
      'select status, admin_notes, approved_by, approved_at is not null as stamped from public.event_bookings where id = $1',
      [bk?.id],
    );
    expect(seen).toEqual({
      status: 'approved',
      admin_notes: 'Table 4',
      approved_by: cast.admin.id,
      stamped: true,
    });
    const bad = await attempt(
      db,
      cast.admin,
      "update public.event_bookings set status = 'maybe' where id = $1",
      [bk?.id],
    );
    expect(bad).toMatchObject({ ok: false, code: '23514' });
  });

  it('gives a member their 5 latest bookings only', async () => {
    const rows = await act<{ user_id: string }>(
      db,
      cast.owner,
      'select user_id from public.event_bookings where user_id = $1 order by created_at desc limit 5',
      [cast.owner.id],
    );
    expect(rows.length).toBeGreaterThan(0);
    const others = await act(
      db,
      cast.other,
      'select id from public.event_bookings where user_id = $1',
      [cast.owner.id],
    );
    expect(others).toEqual([]);
  });
});

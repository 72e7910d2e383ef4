/**
 * Rules that must hold behind every function and every insert, on PGlite and PostgreSQL:
 *
 * - every SECURITY DEFINER function that anon or authenticated may execute is listed from the
 *   catalog and called as an anonymous session (holding even an admin role row): each either
 *   refuses it (42501), answers exactly what a visitor gets, or answers "no"; a new definer
 *   function must be classified here before this test passes;
 * - an anonymous session can neither request songs through rpc/request_song nor read a
 *   private topic of the app (the Realtime read policy checks membership too);
 * - seat hoarding: one active booking per member per event (a further request replaces it),
 *   open requests per member per night, bookings per insert;
 * - deleting one's account ends it (the login goes with the data).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { topicRights } from '../realtime/authorize.js';
import { USERS, api, countRows } from '../integration/support.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ config: { anonymousSignIns: true, trustProxy: true } });
});
afterAll(async () => {
  await srv?.close();
});

let ipNo = 0;
const nextIp = () => `192.0.2.${++ipNo}`;

async function json(res: Response): Promise<Record<string, unknown>> {
  const text = await res.text();
  return text ? (JSON.parse(text) as Record<string, unknown>) : {};
}

async function anonymousSession(): Promise<{ token: string; id: string }> {
  const res = await api(srv, '/auth/v1/signup', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: '{}',
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return {
    token: body['access_token'] as string,
    id: (body['user'] as { id: string }).id,
  };
}

async function passwordSession(email: string, password: string): Promise<string> {
  const res = await api(srv, '/auth/v1/token?grant_type=password', {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
    body: JSON.stringify({ email, password }),
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return body['access_token'] as string;
}

/** A confirmed member with a password, made through the admin API. */
async function newMember(label: string): Promise<{ id: string; email: string; token: string }> {
  const email = `${label}.${Date.now()}.${++ipNo}@example.test`;
  const res = await api(srv, '/auth/v1/admin/users', {
    method: 'POST',
    token: srv.serviceRoleKey,
    headers: { apikey: srv.serviceRoleKey, 'content-type': 'application/json' },
    body: JSON.stringify({
      email,
      password: 'member-pass',
      email_confirm: true,
      user_metadata: { first_name: label },
    }),
  });
  const body = await json(res);
  expect(res.status, JSON.stringify(body)).toBe(200);
  return { id: body['id'] as string, email, token: await passwordSession(email, 'member-pass') };
}

interface Call {
  ok: boolean;
  code?: string;
  value?: unknown;
}

/** Calls `sql` with the claims of a session, as the REST layer runs a request; rolled back. */
async function callAs(role: 'anon' | 'authenticated', claims: object, sql: string): Promise<Call> {
  let out: Call = { ok: false, code: 'not run' };
  class Rollback extends Error {}
  try {
    await srv.db.transaction(async (tx) => {
      await tx.query(
        `select set_config('request.jwt.claims', $1, true), set_config('role', $2, true)`,
        [JSON.stringify(claims), role],
      );
      try {
        const r = await tx.query<{ v: unknown }>(sql);
        out = { ok: true, value: r.rows.map((row) => row.v) };
      } catch (e) {
        out = { ok: false, code: (e as { code?: string }).code ?? String(e) };
      }
      throw new Rollback();
    });
  } catch (e) {
    if (!(e instanceof Rollback)) throw e;
  }
  return out;
}

/**
 * refused: 42501; as visitor: what the anon role gets (or, when a visitor may not call it, an
 * error too); false: answers no; { value }: answers exactly this and acts for nobody.
 */
type Expect = 'refused' | 'as visitor' | 'false' | { value: unknown[] };

/**
 * Every definer function anon or authenticated may execute, with a call and what an anonymous
 * session must get. `$uid` is the anonymous user's id.
 */
const DEFINERS: Record<string, { call: string; expect: Expect }> = {
  // VIP tables and guest lists: staff, promoters and members only
  'private.add_guest_list_name(uuid, text, integer)': {
    call: `private.add_guest_list_name(gen_random_uuid(), 'x', 0)::text`,
    expect: 'refused',
  },
  'private.cancel_table_request(uuid)': {
    call: `private.cancel_table_request(gen_random_uuid())::text`,
    expect: 'as visitor',
  },
  'private.confirm_table_request(uuid, uuid, text)': {
    call: `private.confirm_table_request(gen_random_uuid(), gen_random_uuid(), '')::text`,
    expect: 'refused',
  },
  'private.decline_table_request(uuid, text)': {
    call: `private.decline_table_request(gen_random_uuid(), 'x')::text`,
    expect: 'refused',
  },
  'private.guest_list_report(uuid)': {
    call: `(select count(*) from private.guest_list_report(null))`,
    expect: 'refused',
  },
  'private.is_tonights_list(uuid)': {
    call: `private.is_tonights_list(gen_random_uuid())`,
    expect: 'false',
  },
  'private.join_guest_list(uuid, integer, text)': {
    call: `private.join_guest_list(gen_random_uuid(), 0, null)::text`,
    expect: 'refused',
  },
  'private.leave_guest_list(uuid)': {
    call: `private.leave_guest_list(gen_random_uuid())::text`,
    expect: 'as visitor',
  },
  'private.lounge_night_tables(uuid)': {
    call: `(select count(*) from private.lounge_night_tables(gen_random_uuid()))`,
    expect: 'as visitor',
  },
  'private.my_promoter_id()': {
    call: `private.my_promoter_id()`,
    expect: { value: [null] },
  },
  'private.request_table(uuid, integer, timestamp with time zone, jsonb, text)': {
    call: `private.request_table(gen_random_uuid(), 2, now(), '[]'::jsonb, '')::text`,
    expect: 'refused',
  },
  'private.add_walk_in(integer, smallint[], text)': {
    call: `private.add_walk_in(2, null, 'x')::text`,
    expect: 'refused',
  },
  'private.book_reservation(timestamp with time zone, integer, text, text)': {
    call: `private.book_reservation(now() + interval '1 day', 2, '', '')::text`,
    expect: 'refused',
  },
  'private.cancel_reservation(uuid)': {
    call: `private.cancel_reservation(gen_random_uuid())::text`,
    expect: 'as visitor',
  },
  'private.change_reservation(uuid, timestamp with time zone, integer)': {
    call: `private.change_reservation(gen_random_uuid(), now() + interval '1 day', 2)::text`,
    expect: 'as visitor',
  },
  'private.join_reservation_waitlist(timestamp with time zone, integer)': {
    call: `private.join_reservation_waitlist(now() + interval '1 day', 2)::text`,
    expect: 'refused',
  },
  'private.move_reservation(uuid, smallint[])': {
    call: `private.move_reservation(gen_random_uuid(), array[1]::smallint[])::text`,
    expect: 'refused',
  },
  'private.reservation_availability(date, integer)': {
    call: `(select count(*) from private.reservation_availability(current_date + 1, 2))`,
    expect: 'as visitor',
  },
  'private.reservation_days_ahead()': {
    call: 'private.reservation_days_ahead()',
    expect: 'as visitor',
  },
  'private.reservation_party_max()': {
    call: 'private.reservation_party_max()',
    expect: 'as visitor',
  },
  'private.reservation_party_min()': {
    call: 'private.reservation_party_min()',
    expect: 'as visitor',
  },
  'private.set_reservation_status(uuid, text)': {
    call: `private.set_reservation_status(gen_random_uuid(), 'arrived')::text`,
    expect: 'refused',
  },
  'auth.require_live_user()': { call: 'auth.require_live_user()::text', expect: 'as visitor' },
  'private.admin_delete_user(uuid, uuid)': {
    call: `private.admin_delete_user('${USERS.leo.id}', '$uid')::text`,
    expect: 'refused',
  },
  'private.birthday_within(integer)': { call: 'private.birthday_within(7)', expect: 'false' },
  'private.booking_by_token(text)': {
    call: `private.booking_by_token('not-a-token')::text`,
    expect: 'as visitor',
  },
  'private.can_see_offer_type(offer_type)': {
    call: `private.can_see_offer_type('vip')`,
    expect: 'false',
  },
  'private.cancel_booking(uuid)': {
    call: `(private.cancel_booking(gen_random_uuid())).id::text`,
    expect: 'refused',
  },
  'private.cancel_booking_by_token(text)': {
    call: `private.cancel_booking_by_token('not-a-token')::text`,
    expect: 'as visitor',
  },
  'private.check_in_booking(text)': {
    call: `private.check_in_booking('ABCDEFGH')::text`,
    expect: 'refused',
  },
  'private.delete_my_account_data()': {
    call: 'private.delete_my_account_data()::text',
    expect: 'refused',
  },
  'private.door_headcount()': {
    call: `private.door_headcount()::text`,
    expect: 'refused',
  },
  'private.door_list()': {
    call: `(select count(*) from private.door_list())`,
    expect: 'refused',
  },
  'private.door_scan(uuid, text, uuid, integer, text, boolean)': {
    call: `private.door_scan(gen_random_uuid(), 'event_booking', gen_random_uuid(), 1, 'd', true)::text`,
    expect: 'refused',
  },
  'private.event_availability(uuid[])': {
    call: `(select count(*) from private.event_availability(array(select id from public.events)))`,
    expect: 'as visitor',
  },
  'private.find_booking(text)': {
    call: `private.find_booking('ABCDEFGH')::text`,
    expect: 'refused',
  },
  'private.guest_door_history(uuid)': {
    call: `(select count(*) from private.guest_door_history('$uid'))`,
    expect: 'refused',
  },
  'private.has_redeemed(uuid)': {
    call: `private.has_redeemed((select id from public.offers limit 1))`,
    expect: 'false',
  },
  'private.has_role(uuid, app_role)': {
    // a lookup of a stored fact; every rule asks private.is_admin(), which adds membership
    call: `private.has_role('${USERS.admin.id}', 'admin')`,
    expect: 'as visitor',
  },
  'private.increment_offer_usage(uuid)': {
    call: `private.increment_offer_usage((select id from public.offers limit 1))`,
    expect: 'refused',
  },
  'private.is_admin()': { call: 'private.is_admin()', expect: 'false' },
  'private.is_promoter()': { call: 'private.is_promoter()', expect: 'false' },
  'private.is_staff()': { call: 'private.is_staff()', expect: 'false' },
  'private.is_vip()': { call: 'private.is_vip()', expect: 'false' },
  'private.limit_value(text)': {
    call: `private.limit_value('open_requests_per_night')`,
    expect: 'as visitor',
  },
  'private.lounge_move_up_next(uuid, integer)': {
    call: `private.lounge_move_up_next(gen_random_uuid(), 1)::text`,
    expect: 'refused',
  },
  'private.lounge_remove_vote(uuid, uuid)': {
    call: `private.lounge_remove_vote(gen_random_uuid(), gen_random_uuid())::text`,
    expect: 'refused',
  },
  'private.lounge_request_song(uuid, text, text)': {
    call: `private.lounge_request_song(gen_random_uuid(), 'Hey Ya', 'OutKast')::text`,
    expect: 'refused',
  },
  'private.lounge_vote(uuid, uuid)': {
    call: `private.lounge_vote(gen_random_uuid(), gen_random_uuid())::text`,
    expect: 'refused',
  },
  'private.lounge_set_status(uuid, text)': {
    call: `private.lounge_set_status(gen_random_uuid(), 'played')::text`,
    expect: 'refused',
  },
  'private.menu_section_visible(uuid)': {
    // whether a menu section is shown: the menu's read policy asks it for visitors too
    call: `private.menu_section_visible((select id from public.menu_sections limit 1))`,
    expect: 'as visitor',
  },
  'private.new_booking_code()': {
    // a fresh random code (the column default of a booking), nothing else
    call: `length(private.new_booking_code())`,
    expect: { value: [8] },
  },
  'private.photo_object_approved(text)': {
    call: `private.photo_object_approved('a/b.jpg')`,
    expect: 'as visitor',
  },
  'private.request_song(text, text)': {
    call: `private.request_song('Hey Ya', 'OutKast')::text`,
    expect: 'refused',
  },
  'storage.public_object_metadata(text, text)': {
    call: `storage.public_object_metadata('photo-wall', 'a/b.jpg')::text`,
    expect: 'as visitor',
  },
};

describe('security definer functions check who acts', () => {
  it('lists every definer function anon or authenticated may call and calls it as an anonymous session', async () => {
    const anon = await anonymousSession();
    // the worst case: a role row granted to an anonymous user gives it nothing
    await srv.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      anon.id,
    ]);
    const listed = await srv.db.query<{ sig: string }>(
      `select n.nspname || '.' || p.proname || '(' ||
              coalesce((select string_agg(format_type(t, null), ', ' order by i)
                        from unnest(p.proargtypes) with ordinality as a(t, i)), '') || ')' as sig
       from pg_proc p join pg_namespace n on n.oid = p.pronamespace
       where p.prosecdef and n.nspname not in ('pg_catalog', 'information_schema')
         and (has_function_privilege('anon', p.oid, 'execute')
              or has_function_privilege('authenticated', p.oid, 'execute'))
       order by 1`,
    );
    const signatures = listed.rows.map((r) => r.sig.replace(/public\.app_role/, 'app_role'));
    const unclassified = signatures.filter((s) => !(s in DEFINERS));
    expect(unclassified, 'definer functions this test does not know: classify them').toEqual([]);

    const claims = {
      sub: anon.id,
      role: 'authenticated',
      aud: 'authenticated',
      is_anonymous: true,
    };
    const outcomes: Record<string, string> = {};
    for (const sig of signatures) {
      const { call, expect: want } = DEFINERS[sig] as { call: string; expect: Expect };
      const sql = `select ${call.replaceAll('$uid', anon.id)} as v`;
      const got = await callAs('authenticated', claims, sql);
      outcomes[sig] = got.ok ? `ok ${JSON.stringify(got.value)}` : `error ${got.code}`;
      if (want === 'refused') expect(got, sig).toEqual({ ok: false, code: '42501' });
      else if (want === 'false') expect(got, sig).toEqual({ ok: true, value: [false] });
      else if (typeof want === 'object') expect(got, sig).toEqual({ ok: true, value: want.value });
      else {
        const visitor = await callAs('anon', { role: 'anon' }, sql);
        // a visitor may not be allowed to call it at all: then the anonymous session gets
        // no more than the visitor's answer would give (an error, not a result)
        if (visitor.ok) expect(got, sig).toEqual(visitor);
        else expect(got.ok ? 'answered' : 'error', sig).toBe('error');
      }
    }
    console.log(`[definer] ${signatures.length} functions: ${JSON.stringify(outcomes)}`);
  });

  it('an anonymous session requests no song over REST and reads no private topic of the app', async () => {
    const anon = await anonymousSession();
    const before = await countRows(srv, 'public.song_requests');
    const res = await api(srv, '/rest/v1/rpc/request_song', {
      method: 'POST',
      token: anon.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ _song_title: 'Hey Ya', _artist: 'OutKast' }),
    });
    const body = await json(res);
    expect(res.status, JSON.stringify(body)).toBe(403);
    expect(body['code']).toBe('42501');
    expect(await countRows(srv, 'public.song_requests')).toBe(before);

    // the read policy itself, as Realtime asks it (the socket refuses earlier still)
    const caller = {
      role: 'authenticated' as const,
      claims: { sub: anon.id, role: 'authenticated', aud: 'authenticated', is_anonymous: true },
      isUser: true,
      userId: anon.id,
      token: anon.token,
    };
    for (const topic of ['lounge:requests', `user:${anon.id}`])
      expect((await topicRights(srv.db, caller, topic)).read, topic).toBe(false);
    const member = { ...caller, claims: { ...caller.claims, is_anonymous: false } };
    expect((await topicRights(srv.db, member, 'lounge:requests')).read).toBe(true);
  });
});

/** An approved event with this capacity, some days ahead. */
async function event(capacity: number, daysAhead = 10): Promise<string> {
  const r = await srv.db.query<{ id: string }>(
    `insert into public.events (title, description, event_date, is_approved, capacity)
     values ($1, 'A test night', now() + make_interval(days => $2::int), true, $3)
     returning id::text`,
    [`Hoarding test ${Date.now()} ${++ipNo}`, daysAhead, capacity],
  );
  return r.rows[0]?.id as string;
}

function book(token: string, rows: Record<string, unknown>[] | Record<string, unknown>) {
  return api(srv, '/rest/v1/event_bookings?select=id,status,number_of_guests', {
    method: 'POST',
    token,
    headers: { 'content-type': 'application/json', prefer: 'return=representation' },
    body: JSON.stringify(rows),
  });
}

const bookingRow = (userId: string, eventId: string | null, guests: number, extra = {}) => ({
  user_id: userId,
  event_id: eventId,
  name: 'Guest',
  email: 'guest@example.test',
  phone: '555-0100',
  number_of_guests: guests,
  ...extra,
});

const activeOf = async (eventId: string, userId: string) =>
  (
    await srv.db.query<{ n: number; guests: number }>(
      `select count(*)::int as n, coalesce(sum(number_of_guests), 0)::int as guests
       from public.event_bookings
       where event_id = $1 and user_id = $2 and status in ('pending', 'approved', 'waitlisted')`,
      [eventId, userId],
    )
  ).rows[0];

describe('seat hoarding', () => {
  it('one active booking per member per event: a further request replaces it, others keep their seats', async () => {
    const hoarder = await newMember('Hoarder');
    const guest = await newMember('Guest');
    const ev = await event(40);
    expect((await book(hoarder.token, bookingRow(hoarder.id, ev, 20))).status).toBe(201);
    const second = await book(hoarder.token, bookingRow(hoarder.id, ev, 20));
    expect(second.status).toBe(201);
    expect(((await json(second)) as unknown as { status: string }[])[0]?.status).toBe('pending');
    expect(await activeOf(ev, hoarder.id)).toEqual({ n: 1, guests: 20 });
    // another member still gets a seat instead of the waitlist
    const other = await book(guest.token, bookingRow(guest.id, ev, 10));
    expect(((await json(other)) as unknown as { status: string }[])[0]?.status).toBe('pending');

    // a smaller request gives the difference to the waitlist at once
    const full = await event(10);
    expect((await book(hoarder.token, bookingRow(hoarder.id, full, 8))).status).toBe(201);
    const waiting = await json(await book(guest.token, bookingRow(guest.id, full, 5)));
    expect((waiting as unknown as { status: string }[])[0]?.status).toBe('waitlisted');
    expect((await book(hoarder.token, bookingRow(hoarder.id, full, 4))).status).toBe(201);
    const after = await srv.db.query<{ status: string }>(
      `select status from public.event_bookings where event_id = $1 and user_id = $2`,
      [full, guest.id],
    );
    expect(after.rows.map((r) => r.status)).toEqual(['pending']);
  });

  it('at most one booking per insert request', async () => {
    const member = await newMember('Bulk');
    const evs = [await event(100), await event(100, 11)];
    const before = await countRows(srv, 'public.event_bookings');
    const res = await book(
      member.token,
      evs.map((e) => bookingRow(member.id, e, 1)),
    );
    const body = await json(res);
    // program_limit_exceeded, as PostgREST answers it (and the REST bulk-write limit does)
    expect(res.status, JSON.stringify(body)).toBe(413);
    expect(body['code']).toBe('54000');
    expect(await countRows(srv, 'public.event_bookings')).toBe(before);
  });

  it('at most the configured open requests per member per night', async () => {
    const member = await newMember('Nightly');
    const limit = (
      await srv.db.query<{ v: number }>(
        `select private.limit_value('open_requests_per_night') as v`,
      )
    ).rows[0]?.v as number;
    const night = new Date(Date.now() + 20 * 86_400_000);
    night.setUTCHours(23, 0, 0, 0);
    for (let i = 0; i < limit; i++) {
      const at = new Date(night.getTime() + i * 60_000).toISOString();
      const res = await book(
        member.token,
        bookingRow(member.id, null, 2, { event_title: `Party ${i}`, event_date: at }),
      );
      expect(res.status, JSON.stringify(await json(res))).toBe(201);
    }
    const over = await book(
      member.token,
      bookingRow(member.id, null, 2, {
        event_title: 'One too many',
        event_date: night.toISOString(),
      }),
    );
    const body = await json(over);
    expect(over.status).toBe(400);
    expect(body['message']).toMatch(/open booking requests for this night/);
    // the setting is data: staff raise it with one update
    await srv.db.query(
      `update private.limits set value = value + 1 where name = 'open_requests_per_night'`,
    );
    try {
      const now = await book(
        member.token,
        bookingRow(member.id, null, 2, {
          event_title: 'Now fine',
          event_date: night.toISOString(),
        }),
      );
      expect(now.status).toBe(201);
    } finally {
      await srv.db.query(
        `update private.limits set value = value - 1 where name = 'open_requests_per_night'`,
      );
    }
  });
});

describe('account deletion', () => {
  it('ends the account: the login goes with the data, so nothing once-only can start again', async () => {
    const member = await newMember('Leaving');
    const res = await api(srv, '/rest/v1/rpc/delete_my_account_data', {
      method: 'POST',
      token: member.token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(res.status, await res.text()).toBe(204);
    const user = await srv.db.query('select 1 from auth.users where id = $1', [member.id]);
    expect(user.rows).toHaveLength(0);
    const signIn = await api(srv, '/auth/v1/token?grant_type=password', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': nextIp() },
      body: JSON.stringify({ email: member.email, password: 'member-pass' }),
    });
    expect(signIn.status).toBe(400);
    // the old token no longer reaches any data
    const profile = await api(srv, '/rest/v1/profiles?select=user_id', { token: member.token });
    expect(profile.status).toBe(401);
  });
});

describe('analytics the admin can trust', () => {
  const post = (token: string, body: unknown) =>
    api(srv, '/rest/v1/analytics', {
      method: 'POST',
      token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
  const rowsOf = async (userId: string) =>
    (
      await srv.db.query<{ event_type: string; client_reported: boolean }>(
        `select event_type, client_reported from public.analytics where user_id = $1 order by created_at`,
        [userId],
      )
    ).rows;

  it('bookings and sign-ups are recorded by the database; an app cannot claim one', async () => {
    const member = await newMember('Counted');
    expect(await rowsOf(member.id)).toEqual([{ event_type: 'signed_up', client_reported: false }]);
    expect((await book(member.token, bookingRow(member.id, await event(50), 2))).status).toBe(201);
    expect(await rowsOf(member.id)).toContainEqual({
      event_type: 'booking_created',
      client_reported: false,
    });
    const forged = await post(member.token, {
      user_id: member.id,
      event_type: 'booking_created',
      event_data: { event_title: 'Forged', guests: 20 },
    });
    expect(forged.status).toBe(403);
    const flagged = await post(member.token, {
      user_id: member.id,
      event_type: 'offer_redeemed',
      client_reported: false,
    });
    expect(flagged.status).toBeGreaterThanOrEqual(400);
    expect(
      (await rowsOf(member.id)).filter((r) => r.event_type === 'booking_created'),
    ).toHaveLength(1);
  });

  it("an app's own reports are marked and limited per hour", async () => {
    const member = await newMember('Chatty');
    const limit = (
      await srv.db.query<{ v: number }>(
        `select private.limit_value('analytics_rows_per_hour') as v`,
      )
    ).rows[0]?.v as number;
    const statuses: number[] = [];
    for (let i = 0; i < limit + 2; i++)
      statuses.push(
        (await post(member.token, { user_id: member.id, event_type: 'photo_uploaded' })).status,
      );
    expect(statuses.slice(0, limit)).toEqual(Array(limit).fill(201));
    expect(statuses.slice(limit)).toEqual([400, 400]);
    // a bulk insert cannot step around it either
    const other = await newMember('Bulk');
    const bulk = await post(
      other.token,
      Array.from({ length: limit + 1 }, () => ({
        user_id: other.id,
        event_type: 'offer_redeemed',
      })),
    );
    expect(bulk.status).toBe(400);
    const reported = (await rowsOf(member.id)).filter((r) => r.event_type === 'photo_uploaded');
    expect(reported).toHaveLength(limit);
    expect(reported.every((r) => r.client_reported)).toBe(true);
    expect((await rowsOf(other.id)).filter((r) => r.client_reported)).toEqual([]);
  });
});

/**
 * The app's data calls on events, offers and redemptions, profiles, bookings, roles and the
 * member's own data (export and deletion), made with the real supabase-js client against the
 * real server, plus the errors the app maps to toasts: 23505, PGRST116, 42501. Every call the
 * app makes is covered here or in app-calls-lounge.test.ts.
 */
import { describe, expect, it } from 'vitest';
import { USERS } from './support.js';
import { admin, leo, maya, nowIso, srv, useAppCallsServer, visitor } from './app-calls-support.js';

useAppCallsServer();

it('runs on the database the environment asks for', () => {
  expect(srv.db.kind).toBe(process.env['DATABASE_URL'] ? 'postgres' : 'pglite');
});

describe('events', () => {
  it('home: approved upcoming events, ascending, limit 3 (visitor)', async () => {
    const { data, error } = await visitor
      .from('events')
      .select('*')
      .eq('is_approved', true)
      .gte('event_date', nowIso())
      .order('event_date', { ascending: true })
      .limit(3);
    expect(error).toBeNull();
    expect(data?.map((e) => e.title)).toEqual([
      'Friday Night Neon',
      'Jazz & Small Plates',
      'Throwback Thursday',
    ]);
  });

  it('events page: all approved, ascending; pending ones hidden from visitors', async () => {
    const { data } = await visitor
      .from('events')
      .select('*')
      .eq('is_approved', true)
      .order('event_date', { ascending: true });
    expect(data).toHaveLength(4);
    const all = await visitor.from('events').select('id');
    expect(all.data).toHaveLength(4);
  });

  it('admin: lists all by created_at desc, creates approved, approves, deletes', async () => {
    const list = await admin.from('events').select('*').order('created_at', { ascending: false });
    expect(list.error).toBeNull();
    expect(list.data?.[0]?.title).toBe('Rooftop Silent Disco');
    expect(list.data).toHaveLength(5);

    const created = await admin
      .from('events')
      .insert({
        title: 'Test Night',
        description: 'desc',
        event_date: new Date(Date.now() + 86400_000).toISOString(),
        featured_image_url: null,
        created_by: USERS.admin.id,
        is_approved: true,
      })
      .select()
      .single();
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({ title: 'Test Night', is_approved: true });

    const approve = await admin
      .from('events')
      .update({ is_approved: true })
      .eq('id', 'e0000000-0000-4000-8000-000000000005');
    expect(approve.error).toBeNull();
    expect(approve.status).toBe(204);
    const seen = await visitor
      .from('events')
      .select('id')
      .eq('id', 'e0000000-0000-4000-8000-000000000005');
    expect(seen.data).toHaveLength(1);

    const del = await admin.from('events').delete().eq('id', created.data.id);
    expect(del.error).toBeNull();
    const gone = await admin.from('events').select('id').eq('id', created.data.id);
    expect(gone.data).toEqual([]);
  });

  it('a member cannot create events (42501 -> 403)', async () => {
    const r = await maya.from('events').insert({
      title: 'Mine',
      event_date: nowIso(),
      created_by: USERS.maya.id,
      is_approved: true,
    });
    expect(r.error?.code).toBe('42501');
    expect(r.status).toBe(403);
  });

  it('a visitor cannot write (42501 -> 401)', async () => {
    const r = await visitor.from('events').insert({ title: 'Anon', event_date: nowIso() });
    expect(r.error?.code).toBe('42501');
    expect(r.status).toBe(401);
  });
});

describe('offers and redemptions', () => {
  const exclusive = '0f000000-0000-4000-8000-000000000001';

  it('active, still valid offers', async () => {
    const { data, error } = await maya
      .from('offers')
      .select('*')
      .eq('is_active', true)
      .gte('valid_until', nowIso());
    expect(error).toBeNull();
    expect(data?.length).toBeGreaterThanOrEqual(2);
  });

  it('redeem: insert, select offer_id by user, increment usage, second redemption is 23505', async () => {
    const ins = await leo
      .from('user_offers')
      .insert({ user_id: USERS.leo.id, offer_id: exclusive });
    expect(ins.error).toBeNull();
    expect(ins.status).toBe(201);

    const mine = await leo.from('user_offers').select('offer_id').eq('user_id', USERS.leo.id);
    expect(mine.data).toEqual([{ offer_id: exclusive }]);

    const rpc = await leo.rpc('increment_offer_usage', { offer_id: exclusive });
    expect(rpc.error).toBeNull();
    const offer = await leo.from('offers').select('usage_count').eq('id', exclusive).single();
    expect(offer.data?.usage_count).toBe(1);

    const again = await leo
      .from('user_offers')
      .insert({ user_id: USERS.leo.id, offer_id: exclusive });
    expect(again.error?.code).toBe('23505');
    expect(again.status).toBe(409);
  });

  it('analytics insert and admin latest 50', async () => {
    const ins = await leo.from('analytics').insert({
      user_id: USERS.leo.id,
      event_type: 'offer_redeemed',
      event_data: { offer_id: exclusive },
    });
    expect(ins.error).toBeNull();
    const latest = await admin
      .from('analytics')
      .select('*')
      .order('created_at', { ascending: false })
      .limit(50);
    expect(latest.error).toBeNull();
    expect(latest.data?.[0]).toMatchObject({
      user_id: USERS.leo.id,
      event_type: 'offer_redeemed',
      event_data: { offer_id: exclusive },
    });
  });
});

describe('profiles', () => {
  it('select by user_id (single), and PGRST116 when there is none', async () => {
    const one = await maya.from('profiles').select('*').eq('user_id', USERS.maya.id).single();
    expect(one.error).toBeNull();
    expect(one.data).toMatchObject({ first_name: 'Maya', vip_status: true });
    const none = await maya.from('profiles').select('*').eq('user_id', USERS.leo.id).single();
    expect(none.error?.code).toBe('PGRST116');
    expect(none.status).toBe(406);
    const maybe = await maya.from('profiles').select('*').eq('user_id', USERS.leo.id).maybeSingle();
    expect(maybe.error).toBeNull();
    expect(maybe.data).toBeNull();
  });

  it('upsert own profile', async () => {
    const r = await leo
      .from('profiles')
      .upsert({
        user_id: USERS.leo.id,
        first_name: 'Leonardo',
        last_name: 'Martinez',
        email: USERS.leo.email,
        phone: '555-0000',
      })
      .select()
      .single();
    expect(r.error).toBeNull();
    expect(r.data).toMatchObject({ first_name: 'Leonardo', phone: '555-0000' });
  });

  it('admin lists all newest first and toggles VIP; a member cannot', async () => {
    const all = await admin.from('profiles').select('*').order('created_at', { ascending: false });
    expect(all.data).toHaveLength(3);
    const times = (all.data ?? []).map((p) => Date.parse(p.created_at as string));
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const vip = await admin
      .from('profiles')
      .update({ vip_status: true })
      .eq('user_id', USERS.leo.id)
      .select('vip_status');
    expect(vip.data).toEqual([{ vip_status: true }]);
    const self = await maya
      .from('profiles')
      .update({ vip_status: false })
      .eq('user_id', USERS.maya.id);
    expect(self.error?.code).toBe('42501');
    await admin.from('profiles').update({ vip_status: false }).eq('user_id', USERS.leo.id);
  });
});

describe('bookings', () => {
  it('member books; sees own newest first limit 5; admin approves with notes', async () => {
    const ins = await maya.from('event_bookings').insert({
      user_id: USERS.maya.id,
      event_date: new Date(Date.now() + 3 * 86400_000).toISOString(),
      event_title: 'Friday Night Neon',
      name: 'Maya Brooks',
      email: USERS.maya.email,
      phone: '555-1234',
      number_of_guests: 4,
      special_requests: null,
      event_image_url: null,
    });
    expect(ins.error).toBeNull();
    const mine = await maya
      .from('event_bookings')
      .select('*')
      .eq('user_id', USERS.maya.id)
      .order('created_at', { ascending: false })
      .limit(5);
    // this one, newest first, then the seed's two
    expect(mine.data).toHaveLength(3);
    const booking = mine.data?.[0];
    expect(booking).toMatchObject({ status: 'pending', number_of_guests: 4 });
    const others = await leo.from('event_bookings').select('*');
    expect(others.data?.map((b) => b.user_id)).toEqual([USERS.leo.id, USERS.leo.id]);
    const all = await admin
      .from('event_bookings')
      .select('*')
      .order('created_at', { ascending: false });
    // the seed's five and this one
    expect(all.data?.length).toBe(6);
    expect(all.data?.[0]?.id).toBe(booking.id);
    const upd = await admin
      .from('event_bookings')
      .update({
        status: 'approved',
        admin_notes: 'See you there',
      })
      .eq('id', booking.id);
    expect(upd.error).toBeNull();
    const after = await maya
      .from('event_bookings')
      .select('status, admin_notes')
      .eq('id', booking.id)
      .single();
    expect(after.data).toEqual({ status: 'approved', admin_notes: 'See you there' });
  });

  it('guests outside 1-20 are refused with 23514', async () => {
    const r = await maya.from('event_bookings').insert({
      user_id: USERS.maya.id,
      // a private occasion needs a future date; the guests are what is wrong here
      event_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      event_title: 'x',
      name: 'Maya',
      email: USERS.maya.email,
      phone: '1',
      number_of_guests: 21,
    });
    expect(r.error?.code).toBe('23514');
    expect(r.status).toBe(400);
  });
});

describe('roles and admin RPC', () => {
  it('admin check, grant (23505 when already admin) and revoke', async () => {
    const check = await admin.from('user_roles').select('role').eq('user_id', USERS.admin.id);
    expect(check.data).toEqual([{ role: 'admin' }]);
    const grant = await admin.from('user_roles').insert({ user_id: USERS.leo.id, role: 'admin' });
    expect(grant.error).toBeNull();
    const dup = await admin.from('user_roles').insert({ user_id: USERS.leo.id, role: 'admin' });
    expect(dup.error?.code).toBe('23505');
    const revoke = await admin
      .from('user_roles')
      .delete()
      .eq('user_id', USERS.leo.id)
      .eq('role', 'admin');
    expect(revoke.error).toBeNull();
    const memberTry = await maya
      .from('user_roles')
      .insert({ user_id: USERS.maya.id, role: 'admin' });
    expect(memberTry.error?.code).toBe('42501');
  });

  it('admin_delete_user: refused for members and for oneself', async () => {
    const member = await maya.rpc('admin_delete_user', {
      _user_id: USERS.leo.id,
      _admin_id: USERS.maya.id,
    });
    expect(member.error?.code).toBe('42501');
    const self = await admin.rpc('admin_delete_user', {
      _user_id: USERS.admin.id,
      _admin_id: USERS.admin.id,
    });
    expect(self.error?.code).toBe('P0001');
    expect(self.error?.message).toBe('You cannot delete your own admin account.');
  });
});

describe('data export and account deletion', () => {
  it('exports profile, bookings, offers with the joined offer, photos', async () => {
    const [profile, bookings, offers, photos] = await Promise.all([
      leo.from('profiles').select('*').eq('user_id', USERS.leo.id).single(),
      leo.from('event_bookings').select('*').eq('user_id', USERS.leo.id),
      leo.from('user_offers').select('*, offers(*)').eq('user_id', USERS.leo.id),
      leo.from('photo_wall').select('*').eq('user_id', USERS.leo.id),
    ]);
    expect(profile.error).toBeNull();
    // the seed's two (Friday, and the Jazz waitlist)
    expect(bookings.data?.map((b) => b.status).sort()).toEqual(['pending', 'waitlisted']);
    expect(offers.error).toBeNull();
    expect(offers.data?.[0]?.offers).toMatchObject({
      id: '0f000000-0000-4000-8000-000000000001',
      offer_type: 'exclusive',
    });
    // the seed's two approved photos of Leo's (the dance floor, small plates)
    expect(photos.data?.map((p: { caption: string }) => p.caption).sort()).toEqual([
      'Small plates before the show',
      'The dance floor lit up after midnight',
    ]);
  });

  it('deletes own rows in one call (redemptions cannot be deleted one by one)', async () => {
    const r = await leo.rpc('delete_my_account_data');
    expect(r.error).toBeNull();
    for (const table of ['photo_wall', 'user_offers', 'event_bookings', 'profiles', 'user_roles']) {
      const left = await srv.db.query(`select 1 from public.${table} where user_id = $1`, [
        USERS.leo.id,
      ]);
      expect(left.rows, table).toEqual([]);
    }
    // the account ends with its data: the login is gone and its token reaches nothing
    const user = await srv.db.query('select 1 from auth.users where id = $1', [USERS.leo.id]);
    expect(user.rows).toEqual([]);
    const after = await leo.from('profiles').select('user_id');
    expect(after.error?.code).toBe('PT401');
  });
});

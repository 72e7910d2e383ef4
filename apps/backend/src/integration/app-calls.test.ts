/**
 * Every data call of spec section 7, made with the real supabase-js client against the real
 * server (in-memory PGlite, the project's migrations and seed), plus the errors the app maps
 * to toasts: 23505, PGRST116, 42501.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import sharp from 'sharp';
import { createTestClient, startTestServer, type TestServer } from '../testing.js';
import { USERS, signedIn } from './support.js';

let srv: TestServer;
let maya: SupabaseClient;
let leo: SupabaseClient;
let admin: SupabaseClient;
let visitor: SupabaseClient;

beforeAll(async () => {
  srv = await startTestServer();
  [maya, leo, admin] = await Promise.all([
    signedIn(srv, 'maya'),
    signedIn(srv, 'leo'),
    signedIn(srv, 'admin'),
  ]);
  visitor = createTestClient(srv);
});
afterAll(async () => {
  await srv?.close();
});

const nowIso = () => new Date().toISOString();

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

describe('photo wall and storage', () => {
  it('approved photos newest first limit 6; member insert; admin moderation', async () => {
    const ins = await maya
      .from('photo_wall')
      .insert({ user_id: USERS.maya.id, image_url: 'http://x/y.png', caption: 'Victory moment!' })
      .select()
      .single();
    expect(ins.error).toBeNull();
    const approved = await leo
      .from('photo_wall')
      .select('*')
      .eq('is_approved', true)
      .order('created_at', { ascending: false })
      .limit(6);
    expect(approved.error).toBeNull();
    expect(approved.data?.find((p) => p.id === ins.data.id)).toBeUndefined();
    const mod = await admin.from('photo_wall').update({ is_approved: true }).eq('id', ins.data.id);
    expect(mod.error).toBeNull();
    const feat = await admin.from('photo_wall').update({ is_featured: true }).eq('id', ins.data.id);
    expect(feat.error).toBeNull();
    const all = await admin.from('photo_wall').select('*');
    expect(all.data?.length).toBeGreaterThanOrEqual(1);
    const after = await leo
      .from('photo_wall')
      .select('id,is_featured')
      .eq('is_approved', true)
      .order('created_at', { ascending: false })
      .limit(6);
    expect(after.data).toContainEqual({ id: ins.data.id, is_featured: true });
  });

  it('uploads to photo-wall and serves it at the public URL with the sniffed type', async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const path = `${USERS.maya.id}-${Date.now()}.png`;
    const up = await maya.storage
      .from('photo-wall')
      .upload(path, new Blob([png], { type: 'image/png' }));
    expect(up.error).toBeNull();
    expect(up.data?.path).toBe(path);
    // not yet on the wall (no approved photo shows it): its owner reads it with her token
    const res = await fetch(`${srv.url}/storage/v1/object/authenticated/photo-wall/${path}`, {
      headers: {
        apikey: srv.anonKey,
        authorization: `Bearer ${(await maya.auth.getSession()).data.session?.access_token}`,
      },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    // stored re-encoded (without metadata), still the same 1 x 1 PNG
    const stored = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
    expect([stored.format, stored.width, stored.height]).toEqual(['png', 1, 1]);
    // another member may not write into maya's folder
    const other = await leo.storage
      .from('photo-wall')
      .upload(`${USERS.maya.id}-evil.png`, new Blob([png], { type: 'image/png' }));
    expect(other.error).not.toBeNull();
  });

  it('event-images upload by admin (images only); bucket lookup for a missing bucket fails with Bucket not found', async () => {
    const jpeg = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
      .jpeg()
      .toBuffer();
    const up = await admin.storage
      .from('event-images')
      .upload(`events/${Date.now()}.jpg`, new Blob([new Uint8Array(jpeg)], { type: 'image/jpeg' }));
    expect(up.error).toBeNull();
    const text = await admin.storage
      .from('event-images')
      .upload(`events/${Date.now()}.txt`, 'hello', { contentType: 'text/plain' });
    expect(text.error).toMatchObject({ status: 415 });
    const missing = await maya.storage.getBucket('nope-bucket');
    expect(missing.error?.message).toBe('Bucket not found');
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
    expect(mine.data).toHaveLength(1);
    const booking = mine.data?.[0];
    expect(booking).toMatchObject({ status: 'pending', number_of_guests: 4 });
    const others = await leo.from('event_bookings').select('*');
    expect(others.data).toEqual([]);
    const all = await admin
      .from('event_bookings')
      .select('*')
      .order('created_at', { ascending: false });
    expect(all.data?.length).toBe(1);
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
      event_date: nowIso(),
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
    expect(bookings.data).toEqual([]);
    expect(offers.error).toBeNull();
    expect(offers.data?.[0]?.offers).toMatchObject({
      id: '0f000000-0000-4000-8000-000000000001',
      offer_type: 'exclusive',
    });
    expect(photos.data).toEqual([]);
  });

  it('deletes own rows in one call (redemptions cannot be deleted one by one)', async () => {
    const r = await leo.rpc('delete_my_account_data');
    expect(r.error).toBeNull();
    for (const table of ['photo_wall', 'user_offers', 'event_bookings', 'profiles', 'user_roles']) {
      const left = await leo.from(table).select('user_id').eq('user_id', USERS.leo.id);
      expect(left.data, table).toEqual([]);
    }
  });
});

describe('DJs and the lounge', () => {
  const nova = 'd0000000-0000-4000-8000-000000000001';

  it('active DJs by name; first active DJ', async () => {
    const list = await maya.from('djs').select('*').eq('is_active', true).order('name');
    expect(list.data?.map((d) => d.name)).toEqual([
      'DJ Nova',
      'DJ Sol',
      'Lady Vinyl',
      'Midnight Marcus',
    ]);
    const first = await maya.from('djs').select('*').eq('is_active', true).limit(1).single();
    expect(first.data?.name).toBeTruthy();
  });

  it('ratings: newest first; today filter limit 5; insert; duplicate is 23505', async () => {
    const all = await maya
      .from('dj_ratings')
      .select('*')
      .eq('dj_id', nova)
      .order('created_at', { ascending: false });
    expect(all.data).toHaveLength(2);
    const today = all.data?.[0]?.performance_date as string;
    const lounge = await maya
      .from('dj_ratings')
      .select('*')
      .eq('dj_id', nova)
      .eq('performance_date', today)
      .order('created_at', { ascending: false })
      .limit(5);
    expect(lounge.data).toHaveLength(2);
    const sol = 'd0000000-0000-4000-8000-000000000002';
    const ins = await maya.from('dj_ratings').insert({
      dj_id: sol,
      user_id: USERS.maya.id,
      rating: 5,
      comment: null,
      performance_date: today,
    });
    expect(ins.error).toBeNull();
    const dup = await maya.from('dj_ratings').insert({
      dj_id: sol,
      user_id: USERS.maya.id,
      rating: 4,
      comment: 'again',
      performance_date: today,
    });
    expect(dup.error?.code).toBe('23505');
    expect(dup.error?.message).toMatch(/duplicate key/);
  });

  it('song requests: tonight ordered by votes desc then created asc; insert; votes toggle; 3-vote limit', async () => {
    const first = await maya.from('song_requests').select('event_date').limit(1).single();
    const tonight = first.data?.event_date as string;
    const since = new Date(Date.now() - 6 * 3600_000).toISOString();
    const list = await maya
      .from('song_requests')
      .select('*')
      .eq('event_date', tonight)
      .gte('created_at', since)
      .order('vote_count', { ascending: false })
      .order('created_at', { ascending: true });
    expect(list.error).toBeNull();
    expect(list.data?.map((r) => r.song_title)).toEqual([
      'Blinding Lights',
      'Crazy in Love',
      'Titi Me Pregunto',
      'September',
    ]);

    const req = await maya
      .from('song_requests')
      .insert({
        song_title: 'Levitating',
        artist: 'Dua Lipa',
        user_id: USERS.maya.id,
        requested_by_name: 'Hacker',
      })
      .select()
      .single();
    expect(req.error).toBeNull();
    expect(req.data?.requested_by_name).toBe('Maya');

    const votes = await maya
      .from('song_votes')
      .select('song_request_id')
      .eq('user_id', USERS.maya.id);
    expect(votes.data).toEqual([{ song_request_id: '50000000-0000-4000-8000-000000000001' }]);
    const v2 = await maya
      .from('song_votes')
      .insert({ song_request_id: req.data.id, user_id: USERS.maya.id });
    expect(v2.error).toBeNull();
    const v3 = await maya
      .from('song_votes')
      .insert({ song_request_id: '50000000-0000-4000-8000-000000000002', user_id: USERS.maya.id });
    expect(v3.error).toBeNull();
    const v4 = await maya
      .from('song_votes')
      .insert({ song_request_id: '50000000-0000-4000-8000-000000000004', user_id: USERS.maya.id });
    expect(v4.error?.code).toBe('P0001');
    expect(v4.error?.message).toBe('vote_limit_reached');
    const unvote = await maya
      .from('song_votes')
      .delete()
      .eq('song_request_id', req.data.id)
      .eq('user_id', USERS.maya.id);
    expect(unvote.error).toBeNull();
    const count = await maya
      .from('song_requests')
      .select('vote_count')
      .eq('id', req.data.id)
      .single();
    expect(count.data?.vote_count).toBe(0);
  });

  it('profanity is refused', async () => {
    const r = await maya.from('song_requests').insert({
      song_title: 'Shit Song',
      artist: 'X',
      user_id: USERS.maya.id,
      requested_by_name: 'Maya',
    });
    expect(r.error?.code).toBe('P0001');
  });
});

describe('PostgREST features beyond the app calls', () => {
  it('count=exact with head, ranges and Content-Range', async () => {
    const head = await visitor.from('events').select('*', { count: 'exact', head: true });
    expect(head.error).toBeNull();
    expect(head.count).toBeGreaterThanOrEqual(4);
    const ranged = await visitor
      .from('events')
      .select('title', { count: 'exact' })
      .order('event_date')
      .range(1, 2);
    expect(ranged.data).toHaveLength(2);
    expect(ranged.count).toBe(head.count);
  });

  it('or, in, ilike, not, is, aliases, casts and embeds both ways', async () => {
    const r = await maya
      .from('djs')
      .select('dj:name, rating:average_rating::text, dj_ratings(rating, comment)')
      .or('name.ilike.*nova*,name.eq.DJ Sol')
      .not('bio', 'is', null)
      .in('name', ['DJ Nova', 'DJ Sol', 'Nobody'])
      .order('name');
    expect(r.error).toBeNull();
    expect(r.data?.map((d) => d.dj)).toEqual(['DJ Nova', 'DJ Sol']);
    expect(typeof r.data?.[0]?.rating).toBe('string');
    expect(r.data?.[0]?.dj_ratings.length).toBeGreaterThanOrEqual(2);
    const inner = await maya
      .from('djs')
      .select('name, dj_ratings!inner(rating)')
      .eq('dj_ratings.rating', 4);
    expect(inner.data?.map((d) => d.name)).toEqual(['DJ Nova']);
    expect(inner.data?.[0]?.dj_ratings).toEqual([{ rating: 4 }]);
    const cs = await maya.from('djs').select('name').contains('genre_specialties', ['House']);
    expect(cs.data).toEqual([{ name: 'Midnight Marcus' }]);
  });
});

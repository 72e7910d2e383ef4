/**
 * Business rules and the error codes the app maps to toasts, through
 * supabase-js against the backend with the demo seed loaded (the calls of the
 * spec's section 7, as the app makes them).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from './support/api';
import { png } from './support/matrix';

let srv: TestServer;
let visitor: SupabaseClient;
let admin: SupabaseClient;
let maya: SupabaseClient;
let leo: SupabaseClient;

const ADMIN = 'a0000000-0000-4000-8000-000000000001';
const MAYA = 'a0000000-0000-4000-8000-000000000002';
const LEO = 'a0000000-0000-4000-8000-000000000003';
const DJ_NOVA = 'd0000000-0000-4000-8000-000000000001';
const OFFER = {
  exclusive: '0f000000-0000-4000-8000-000000000001',
  vip: '0f000000-0000-4000-8000-000000000002',
  birthday: '0f000000-0000-4000-8000-000000000003',
  surprise: '0f000000-0000-4000-8000-000000000004',
};
const REQUEST = [
  '50000000-0000-4000-8000-000000000001',
  '50000000-0000-4000-8000-000000000002',
  '50000000-0000-4000-8000-000000000003',
  '50000000-0000-4000-8000-000000000004',
] as const;

const businessDate = (): string =>
  new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() - 4 * 3600_000));

async function signIn(email: string): Promise<SupabaseClient> {
  const c = createTestClient(srv);
  const { error } = await c.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw new Error(`${email}: ${error.message}`);
  return c;
}

beforeAll(async () => {
  srv = await startTestServer();
  visitor = createTestClient(srv);
  admin = await signIn('admin@example.com');
  maya = await signIn('maya@example.com');
  leo = await signIn('leo@example.com');
});
afterAll(async () => {
  await srv?.close();
});

describe('demo seed', () => {
  it('signs in the three demo accounts with password123 and knows who is admin', async () => {
    for (const [c, id, isAdmin] of [
      [admin, ADMIN, true],
      [maya, MAYA, false],
      [leo, LEO, false],
    ] as const) {
      const { data } = await c
        .from('user_roles')
        .select('role')
        .eq('user_id', id)
        .eq('role', 'admin');
      expect(data?.length ?? 0).toBe(isAdmin ? 1 : 0);
    }
    const wrong = await createTestClient(srv).auth.signInWithPassword({
      email: 'maya@example.com',
      password: 'nope',
    });
    expect(wrong.error?.message).toBe('Invalid login credentials');
  });

  it('shows visitors at least 3 upcoming approved events, soonest first, and hides the pending one', async () => {
    const { data, error } = await visitor
      .from('events')
      .select('title, event_date')
      .eq('is_approved', true)
      .gte('event_date', new Date().toISOString())
      .order('event_date', { ascending: true })
      .limit(3);
    expect(error).toBeNull();
    expect(data).toHaveLength(3);
    const all = await visitor.from('events').select('title');
    expect(all.data?.map((e) => e.title)).not.toContain('Rooftop Silent Disco');
    const adminAll = await admin
      .from('events')
      .select('title')
      .order('created_at', { ascending: false });
    expect(adminAll.data?.[0]?.title).toBe('Rooftop Silent Disco');
  });

  it('gives Maya (VIP, birthday this week) all four offer types and Leo exclusive and surprise only', async () => {
    const types = async (c: SupabaseClient) =>
      (
        (
          await c
            .from('offers')
            .select('offer_type')
            .eq('is_active', true)
            .gte('valid_until', new Date().toISOString())
        ).data ?? []
      )
        .map((o) => o.offer_type as string)
        .sort();
    expect(await types(maya)).toEqual(['birthday', 'exclusive', 'surprise', 'vip']);
    expect(await types(leo)).toEqual(['exclusive', 'surprise']);
    const profile = await maya
      .from('profiles')
      .select('vip_status, first_name')
      .eq('user_id', MAYA)
      .single();
    expect(profile.data).toEqual({ vip_status: true, first_name: 'Maya' });
  });

  it("lists tonight's requests (today, last 6 hours) by votes and active DJs by name", async () => {
    const since = new Date(Date.now() - 6 * 3600_000).toISOString();
    const { data } = await leo
      .from('song_requests')
      .select('song_title, requested_by_name, vote_count, status')
      .eq('event_date', businessDate())
      .gte('created_at', since)
      .order('vote_count', { ascending: false })
      .order('created_at', { ascending: true });
    expect(data?.length).toBeGreaterThanOrEqual(3);
    expect(data?.[0]).toMatchObject({
      song_title: 'Blinding Lights',
      requested_by_name: 'Maya',
      vote_count: 2,
    });
    const djs = await leo
      .from('djs')
      .select('name, bio, genre_specialties')
      .eq('is_active', true)
      .order('name');
    expect(djs.data?.length).toBeGreaterThanOrEqual(3);
    for (const d of djs.data ?? []) {
      expect(d.bio).toBeTruthy();
      expect((d.genre_specialties as string[]).length).toBeGreaterThan(0);
    }
  });
});

describe('errors the app maps to toasts', () => {
  it("redeeming twice -> 23505 ('Already Redeemed'), and usage counts once", async () => {
    const first = await leo.from('user_offers').insert({ user_id: LEO, offer_id: OFFER.exclusive });
    expect(first.error).toBeNull();
    const usage = await leo.rpc('increment_offer_usage', { offer_id: OFFER.exclusive });
    expect(usage.error).toBeNull();
    expect(usage.data).toBe(1);
    const again = await leo.rpc('increment_offer_usage', { offer_id: OFFER.exclusive });
    expect(again.data).toBe(1);
    const second = await leo
      .from('user_offers')
      .insert({ user_id: LEO, offer_id: OFFER.exclusive });
    expect(second.error?.code).toBe('23505');
    const ids = await leo.from('user_offers').select('offer_id').eq('user_id', LEO);
    expect(ids.data).toEqual([{ offer_id: OFFER.exclusive }]);
  });

  it("counting an offer that wasn't redeemed -> P0001 offer_not_redeemed; a VIP offer for Leo -> 42501", async () => {
    const r = await leo.rpc('increment_offer_usage', { offer_id: OFFER.surprise });
    expect(r.error).toMatchObject({ code: 'P0001', message: 'offer_not_redeemed' });
    const vip = await leo.from('user_offers').insert({ user_id: LEO, offer_id: OFFER.vip });
    expect(vip.error?.code).toBe('42501');
  });

  it("booking 21 guests -> 23514 ('Booking Failed'); a valid booking is pending and counted", async () => {
    const base = {
      user_id: LEO,
      event_date: new Date(Date.now() + 3 * 86_400_000).toISOString(),
      event_title: 'Friday Night Neon',
      name: 'Leo Martinez',
      email: 'leo@example.com',
      phone: '(216) 555-0187',
      special_requests: null,
      event_image_url: null,
    };
    const tooMany = await leo.from('event_bookings').insert({ ...base, number_of_guests: 21 });
    expect(tooMany.error?.code).toBe('23514');
    const ok = await leo
      .from('event_bookings')
      .insert({ ...base, number_of_guests: 4 })
      .select('status')
      .single();
    expect(ok.data).toEqual({ status: 'pending' });
    const profile = await leo.from('profiles').select('total_bookings').eq('user_id', LEO).single();
    // the seed's pending Friday booking only: this request names no event, so it is no event
    // booked (and his waitlisted one does not count)
    expect(profile.data?.total_bookings).toBe(1);
    const latest = await leo
      .from('event_bookings')
      .select('*')
      .eq('user_id', LEO)
      .order('created_at', { ascending: false })
      .limit(5);
    // this one, newest first, then the seed's two
    expect(latest.data).toHaveLength(3);
    expect(latest.data?.[0]).toMatchObject({ status: 'pending', number_of_guests: 4 });
    // the profile's list asks the database whether each can still be cancelled
    const withRule = await leo
      .from('event_bookings')
      .select('id, status, cancellable')
      .eq('user_id', LEO)
      .order('created_at', { ascending: false })
      .limit(1)
      .single();
    expect(withRule.error).toBeNull();
    expect(withRule.data).toMatchObject({ status: 'pending', cancellable: true });
  });

  it("profanity -> P0001 profanity_detected ('Keep it Clean! 🎵'); clean requests are named from metadata", async () => {
    const bad = await leo
      .from('song_requests')
      .insert({ song_title: 'Sh1t Song', artist: 'Band', user_id: LEO, requested_by_name: 'Leo' });
    expect(bad.error).toMatchObject({ code: 'P0001', message: 'profanity_detected' });
    const good = await leo
      .from('song_requests')
      .insert({
        song_title: '  Uptown Funk ',
        artist: 'Bruno Mars',
        user_id: LEO,
        requested_by_name: 'The Boss',
      })
      .select('song_title, requested_by_name, event_date')
      .single();
    expect(good.data).toEqual({
      song_title: 'Uptown Funk',
      requested_by_name: 'Leo',
      event_date: businessDate(),
    });
  });

  it("a 4th vote tonight -> P0001 vote_limit_reached ('Vote Limit Reached! 🗳️'); a repeat vote -> 23505", async () => {
    // Leo voted twice in the seed.
    const third = await leo
      .from('song_votes')
      .insert({ song_request_id: REQUEST[1], user_id: LEO });
    expect(third.error).toBeNull();
    const fourth = await leo
      .from('song_votes')
      .insert({ song_request_id: REQUEST[3], user_id: LEO });
    expect(fourth.error).toMatchObject({ code: 'P0001', message: 'vote_limit_reached' });
    const repeat = await leo
      .from('song_votes')
      .insert({ song_request_id: REQUEST[1], user_id: LEO });
    expect(repeat.error?.code).toBe('23505');
    const removed = await leo
      .from('song_votes')
      .delete()
      .eq('song_request_id', REQUEST[1])
      .eq('user_id', LEO);
    expect(removed.error).toBeNull();
    const req = await leo.from('song_requests').select('vote_count').eq('id', REQUEST[1]).single();
    expect(req.data?.vote_count).toBe(0);
    const mine = await leo.from('song_votes').select('song_request_id').eq('user_id', LEO);
    expect(mine.data).toHaveLength(2);
  });

  it("rating the same DJ twice for one date -> 23505 ('Already Rated'); the average follows", async () => {
    const dup = await maya.from('dj_ratings').insert({
      dj_id: DJ_NOVA,
      user_id: MAYA,
      rating: 3,
      comment: null,
      performance_date: businessDate(),
    });
    expect(dup.error?.code).toBe('23505');
    const outOfRange = await maya
      .from('dj_ratings')
      .insert({ dj_id: DJ_NOVA, user_id: MAYA, rating: 6, performance_date: '2025-01-01' });
    expect(outOfRange.error?.code).toBe('23514');
    const dj = await maya
      .from('djs')
      .select('average_rating, total_ratings')
      .eq('id', DJ_NOVA)
      .single();
    expect(dj.data).toEqual({ average_rating: 4.5, total_ratings: 2 });
  });

  it("an admin deleting their own account -> 'You cannot delete your own admin account.'", async () => {
    const r = await admin.rpc('admin_delete_user', { _user_id: ADMIN, _admin_id: ADMIN });
    expect(r.error).toMatchObject({
      code: 'P0001',
      message: 'You cannot delete your own admin account.',
    });
    const member = await maya.rpc('admin_delete_user', { _user_id: LEO, _admin_id: MAYA });
    expect(member.error?.code).toBe('42501');
  });

  it('a member setting admin-only fields is refused (42501)', async () => {
    const vip = await leo.from('profiles').update({ vip_status: true }).eq('user_id', LEO);
    expect(vip.error?.code).toBe('42501');
    const status = await leo
      .from('event_bookings')
      .insert({ user_id: LEO, name: 'L', email: 'l@example.com', phone: '1', status: 'approved' });
    expect(status.error?.code).toBe('42501');
    const photo = await leo
      .from('photo_wall')
      .insert({ user_id: LEO, image_url: 'https://x.test/a.png', is_approved: true });
    expect(photo.error?.code).toBe('42501');
  });
});

describe('visibility rules through the API', () => {
  const ymd = (daysFromToday: number, year = 1991): string => {
    const d = new Date(new Date().toLocaleString('en-US', { timeZone: 'America/New_York' }));
    d.setDate(d.getDate() + daysFromToday);
    const mm = String(d.getMonth() + 1).padStart(2, '0');
    const dd = String(d.getDate()).padStart(2, '0');
    return `${mm === '02' && dd === '29' ? 1992 : year}-${mm}-${dd}`;
  };
  const offerTypes = async (c: SupabaseClient) =>
    (
      (
        await c
          .from('offers')
          .select('offer_type')
          .eq('is_active', true)
          .gte('valid_until', new Date().toISOString())
      ).data ?? []
    ).map((o) => o.offer_type as string);

  it.each([
    [7, true],
    [-7, true],
    [8, false],
    [-30, false],
  ])(
    'a member whose birthday is %i days away sees the birthday offer: %s',
    async (days, visible) => {
      // only an admin changes a birthday once it is set
      const set = await admin
        .from('profiles')
        .update({ birthday: ymd(days) })
        .eq('user_id', LEO);
      expect(set.error).toBeNull();
      expect((await offerTypes(leo)).includes('birthday')).toBe(visible);
    },
  );

  it('a visitor reads no offers, profiles, photos, DJs or song requests', async () => {
    for (const t of [
      'offers',
      'profiles',
      'photo_wall',
      'djs',
      'song_requests',
      'analytics',
    ] as const) {
      const { data, error } = await visitor.from(t).select('*').limit(1);
      expect(error?.code ?? (data?.length === 0 ? 'empty' : 'rows'), t).toMatch(/^(42501|empty)$/);
    }
  });

  it('an admin-created event is approved at once; a member cannot create one', async () => {
    const made = await admin
      .from('events')
      .insert({
        title: 'Admin Night',
        description: 'x',
        event_date: new Date(Date.now() + 86_400_000).toISOString(),
        featured_image_url: null,
        created_by: ADMIN,
        is_approved: false,
      })
      .select('is_approved')
      .single();
    expect(made.data).toEqual({ is_approved: true });
    const member = await leo
      .from('events')
      .insert({ title: 'Mine', event_date: new Date().toISOString() });
    expect(member.error?.code).toBe('42501');
  });

  it('only an admin moves a song request through its statuses', async () => {
    const byLeo = await leo
      .from('song_requests')
      .update({ status: 'played' })
      .eq('id', REQUEST[1])
      .select('id');
    expect(byLeo.data).toEqual([]);
    for (const status of ['approved', 'played', 'declined', 'pending']) {
      const r = await admin
        .from('song_requests')
        .update({ status })
        .eq('id', REQUEST[1])
        .select('status')
        .single();
      expect(r.data).toEqual({ status });
    }
  });

  it('an admin approves a photo (stamped) and members then see it in the grid', async () => {
    const { data: p } = await leo
      .from('photo_wall')
      .insert({ user_id: LEO, image_url: 'https://img.test/leo.png', caption: 'Victory moment!' })
      .select('id')
      .single();
    // the stamps belong to the trigger: even an admin cannot write them
    const forged = await admin
      .from('photo_wall')
      .update({ is_approved: true, approved_at: '2001-01-01T00:00:00Z', approved_by: LEO })
      .eq('id', p?.id ?? '');
    expect(forged.error?.code).toBe('42501');
    const approved = await admin
      .from('photo_wall')
      .update({ is_approved: true })
      .eq('id', p?.id ?? '')
      .select('approved_by')
      .single();
    expect(approved.data).toEqual({ approved_by: ADMIN });
    const grid = await maya
      .from('photo_wall')
      .select('id')
      .eq('is_approved', true)
      .order('created_at', { ascending: false })
      .limit(6);
    expect(grid.data?.map((g) => g.id)).toContain(p?.id);
  });

  it('members record analytics; only admins read the latest 50', async () => {
    const rec = await leo.from('analytics').insert({
      user_id: LEO,
      event_type: 'offer_redeemed',
      event_data: { offer_id: OFFER.exclusive },
    });
    expect(rec.error).toBeNull();
    const forged = await leo
      .from('analytics')
      .insert({ user_id: MAYA, event_type: 'offer_redeemed', event_data: {} });
    expect(forged.error?.code).toBe('42501');
    const latest = await admin
      .from('analytics')
      .select('*')
      .order('created_at', { ascending: false })
      .limit(50);
    expect(latest.data?.length).toBeGreaterThanOrEqual(1);
    const others = await maya.from('analytics').select('id').eq('user_id', LEO);
    expect(others.data).toEqual([]);
  });
});

describe('moderation and accounts', () => {
  it('admin approves a booking, the guest sees status and staff message', async () => {
    const { data: b } = await maya
      .from('event_bookings')
      .insert({
        user_id: MAYA,
        name: 'Maya',
        email: 'maya@example.com',
        phone: '1',
        number_of_guests: 2,
        event_title: 'Jazz',
        event_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
      })
      .select('id')
      .single();
    const upd = await admin
      .from('event_bookings')
      .update({ status: 'approved', admin_notes: 'Booth 3 is yours' })
      .eq('id', b?.id ?? '')
      .select('status, approved_by');
    expect(upd.data).toEqual([{ status: 'approved', approved_by: ADMIN }]);
    const seen = await maya
      .from('event_bookings')
      .select('status, admin_notes')
      .eq('id', b?.id ?? '')
      .single();
    expect(seen.data).toEqual({ status: 'approved', admin_notes: 'Booth 3 is yours' });
  });

  it('a member uploads a photo into their own folder and it waits for approval', async () => {
    const path = `${MAYA}/${Date.now()}.png`;
    const up = await maya.storage
      .from('photo-wall')
      .upload(path, png(), { contentType: 'image/png' });
    expect(up.error).toBeNull();
    const url = maya.storage.from('photo-wall').getPublicUrl(path).data.publicUrl;
    const row = await maya
      .from('photo_wall')
      .insert({ user_id: MAYA, image_url: url, caption: 'Victory moment!' })
      .select('is_approved')
      .single();
    expect(row.data).toEqual({ is_approved: false });
    const foreign = await maya.storage
      .from('photo-wall')
      .upload(`${LEO}/${Date.now()}.png`, png(), { contentType: 'image/png' });
    expect(foreign.error).not.toBeNull();
    const grid = await leo
      .from('photo_wall')
      .select('image_url')
      .eq('is_approved', true)
      .order('created_at', { ascending: false })
      .limit(6);
    expect(grid.data?.map((p) => p.image_url)).not.toContain(url);
  });

  it('an admin grants admin rights; a duplicate grant is 23505 (Already Admin)', async () => {
    const grant = await admin.from('user_roles').insert({ user_id: LEO, role: 'admin' });
    expect(grant.error).toBeNull();
    const dup = await admin.from('user_roles').insert({ user_id: LEO, role: 'admin' });
    expect(dup.error?.code).toBe('23505');
    const revoke = await admin.from('user_roles').delete().eq('user_id', LEO).eq('role', 'admin');
    expect(revoke.error).toBeNull();
  });

  it("a member deletes their own data from the privacy page; an admin then deletes the account and it can't sign in", async () => {
    const wiped = await maya.rpc('delete_my_account_data');
    expect(wiped.error).toBeNull();
    for (const t of ['photo_wall', 'user_offers', 'event_bookings', 'profiles'] as const) {
      const left = await admin.from(t).select('user_id').eq('user_id', MAYA);
      expect(left.data, t).toEqual([]);
    }
    const del = await admin.rpc('admin_delete_user', { _user_id: MAYA, _admin_id: ADMIN });
    expect(del.error).toBeNull();
    const again = await createTestClient(srv).auth.signInWithPassword({
      email: 'maya@example.com',
      password: 'password123',
    });
    expect(again.error).not.toBeNull();
  });
});

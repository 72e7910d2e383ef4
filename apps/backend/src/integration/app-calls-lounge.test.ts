/**
 * The app's data calls on the photo wall and storage, the DJs and the lounge (ratings, song
 * requests, votes), and PostgREST features beyond them, made with the real supabase-js client
 * against the real server. Every call the app makes is covered here or in
 * app-calls-accounts.test.ts.
 */
import { describe, expect, it } from 'vitest';
import sharp from 'sharp';
import { USERS } from './support.js';
import { admin, leo, maya, srv, useAppCallsServer, visitor } from './app-calls-support.js';

useAppCallsServer();

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
    // the lounge's request for the live DJ's night: the first active DJ embedding
    // that night's 5 newest ratings and the ids of all of them (the count)
    const live = await maya
      .from('djs')
      .select('id, recent:dj_ratings(*), tonight:dj_ratings(id)')
      .eq('is_active', true)
      .eq('recent.performance_date', today)
      .eq('tonight.performance_date', today)
      .order('name')
      .order('created_at', { referencedTable: 'recent', ascending: false })
      .limit(5, { referencedTable: 'recent' })
      .limit(1);
    expect(live.error).toBeNull();
    expect(live.data).toEqual([
      { id: nova, recent: lounge.data, tonight: lounge.data?.map((r) => ({ id: r.id })) },
    ]);
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

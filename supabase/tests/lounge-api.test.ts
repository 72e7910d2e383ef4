/**
 * The live queue's calls as the lounge makes them, through supabase-js against
 * the backend with the demo seed: request_song (a duplicate becomes a vote),
 * the staff RPCs (admins only), the seeded queue and declined requests hidden
 * from members.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { createTestClient, startTestServer, type TestServer } from './support/api';

let srv: TestServer;
let admin: SupabaseClient;
let maya: SupabaseClient;
let leo: SupabaseClient;

async function signIn(email: string): Promise<SupabaseClient> {
  const c = createTestClient(srv);
  const { error } = await c.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw new Error(`${email}: ${error.message}`);
  return c;
}

beforeAll(async () => {
  srv = await startTestServer();
  admin = await signIn('admin@example.com');
  maya = await signIn('maya@example.com');
  leo = await signIn('leo@example.com');
});
afterAll(async () => {
  await srv?.close();
});

describe('the lounge queue through the API', () => {
  it('seeds a live queue: one playing, one up next, the rest open', async () => {
    const { data, error } = await leo
      .from('song_requests')
      .select('song_title, status, queue_position')
      .order('song_title');
    expect(error).toBeNull();
    expect(data).toEqual([
      { song_title: 'Blinding Lights', status: 'playing', queue_position: null },
      { song_title: 'Crazy in Love', status: 'approved', queue_position: 1 },
      { song_title: 'September', status: 'pending', queue_position: null },
      { song_title: 'Titi Me Pregunto', status: 'pending', queue_position: null },
    ]);
  });

  it('turns a second request for the same song into a vote', async () => {
    const created = await maya.rpc('request_song', {
      _song_title: 'Halo (feat. Nobody)',
      _artist: 'Beyoncé',
    });
    expect(created.error).toBeNull();
    expect(created.data).toMatchObject({
      outcome: 'created',
      request: { song_title: 'Halo (feat. Nobody)', vote_count: 0, requested_by_name: 'Maya' },
    });
    const again = await leo.rpc('request_song', { _song_title: 'halo', _artist: 'BEYONCE' });
    expect(again.error).toBeNull();
    expect(again.data).toMatchObject({ outcome: 'voted', request: { vote_count: 1 } });
    const voted = await leo.rpc('request_song', {
      _song_title: 'blinding lights',
      _artist: 'weeknd',
    });
    expect(voted.data).toMatchObject({ outcome: 'already_voted', request: { status: 'playing' } });
    const upNext = await admin.rpc('request_song', {
      _song_title: 'crazy in love',
      _artist: 'BEYONCE',
    });
    expect(upNext.data).toMatchObject({ outcome: 'closed', request: { status: 'approved' } });
  });

  it('lets only admins run the queue, and hides what they decline', async () => {
    const { data: req } = await leo.rpc('request_song', {
      _song_title: 'Hidden Track',
      _artist: 'Nobody',
    });
    const id = (req as { request: { id: string } }).request.id;
    const refused = await maya.rpc('lounge_set_status', { _request_id: id, _status: 'declined' });
    expect(refused.error).toMatchObject({ code: '42501' });
    const moved = await maya.rpc('lounge_move_up_next', { _request_id: id, _offset: -1 });
    expect(moved.error).toMatchObject({ code: '42501' });
    const declined = await admin.rpc('lounge_set_status', { _request_id: id, _status: 'declined' });
    expect(declined.error).toBeNull();
    const seen = await leo.from('song_requests').select('id').eq('id', id);
    expect(seen.data).toEqual([]);
    const staff = await admin.from('song_requests').select('status').eq('id', id);
    expect(staff.data).toEqual([{ status: 'declined' }]);
  });

  it('refuses a request over the nightly limit with its hint', async () => {
    // Leo has 2 seeded requests and 1 above: 2 more are allowed, the 3rd is not
    for (const n of [1, 2]) {
      const ok = await leo.rpc('request_song', { _song_title: `Limit ${n}`, _artist: 'Band' });
      expect(ok.error).toBeNull();
    }
    const over = await leo.rpc('request_song', { _song_title: 'Limit 3', _artist: 'Band' });
    expect(over.error).toMatchObject({
      code: 'P0001',
      message: 'request_limit_reached',
      hint: 'request_limit_reached',
    });
  });
});

/**
 * The lounge's private channels through the backend's Realtime socket, as the
 * app joins them (supabase-js, `private: true`, after setAuth): members join
 * 'lounge:requests' and their own 'user:<id>' topic, only admins
 * 'admin:counts'; a request, a vote and a status change arrive as broadcasts
 * carrying the row, a declined request as its id only.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { createClient, type RealtimeChannel, type SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from './support/api';

let srv: TestServer;
const clients: SupabaseClient[] = [];

async function signedIn(email: string): Promise<SupabaseClient> {
  const client = createClient(srv.url, srv.anonKey, {
    auth: { persistSession: false, autoRefreshToken: false, detectSessionInUrl: false },
    realtime: { transport: WebSocket as unknown as typeof globalThis.WebSocket },
  });
  const { data, error } = await client.auth.signInWithPassword({ email, password: 'password123' });
  if (error) throw error;
  await client.realtime.setAuth(data.session.access_token);
  clients.push(client);
  return client;
}

interface Message {
  event: string;
  payload: Record<string, unknown>;
}

/** Joins a private topic; resolves with the join's status and the messages that arrive. */
function join(
  client: SupabaseClient,
  topic: string,
): Promise<{ status: string; channel: RealtimeChannel; messages: Message[] }> {
  const messages: Message[] = [];
  const channel = client
    .channel(topic, { config: { private: true } })
    .on('broadcast', { event: '*' }, (m: { event: string; payload: Record<string, unknown> }) =>
      messages.push({ event: m.event, payload: m.payload }),
    );
  return new Promise((resolve) => {
    channel.subscribe((status) => resolve({ status, channel, messages }));
  });
}

const arrives = async (messages: Message[], pick: (m: Message) => boolean) => {
  const deadline = Date.now() + 2_000;
  while (Date.now() < deadline) {
    const found = messages.find(pick);
    if (found) return found;
    await new Promise((r) => setTimeout(r, 20));
  }
  throw new Error(`no such message in ${JSON.stringify(messages)}`);
};

beforeAll(async () => {
  srv = await startTestServer();
});
afterAll(async () => {
  for (const c of clients) await c.removeAllChannels();
  await srv?.close();
});

describe('lounge channels', () => {
  it('lets members join the lounge and their own topic, and only admins the counts', async () => {
    const leo = await signedIn('leo@example.com');
    const admin = await signedIn('admin@example.com');
    const { data } = await leo.auth.getUser();
    const { data: adminUser } = await admin.auth.getUser();
    expect((await join(leo, 'lounge:requests')).status).toBe('SUBSCRIBED');
    expect((await join(leo, `user:${data.user?.id}`)).status).toBe('SUBSCRIBED');
    expect((await join(leo, `user:${adminUser.user?.id}`)).status).toBe('CHANNEL_ERROR');
    expect((await join(leo, 'admin:counts')).status).toBe('CHANNEL_ERROR');
    expect((await join(admin, 'admin:counts')).status).toBe('SUBSCRIBED');
  });

  it('delivers requests, votes and queue changes with the row, declines as an id', async () => {
    const watcher = await signedIn('maya@example.com');
    const leo = await signedIn('leo@example.com');
    const admin = await signedIn('admin@example.com');
    const { data: leoUser } = await leo.auth.getUser();
    const lounge = await join(watcher, 'lounge:requests');
    const mine = await join(leo, `user:${leoUser.user?.id}`);
    expect([lounge.status, mine.status]).toEqual(['SUBSCRIBED', 'SUBSCRIBED']);

    const sent = Date.now();
    const { data } = await leo.rpc('request_song', {
      _song_title: 'Socket Song',
      _artist: 'Wires',
    });
    const id = (data as { request: { id: string } }).request.id;
    const created = await arrives(
      lounge.messages,
      (m) => m.event === 'request_upsert' && (m.payload['request'] as { id: string }).id === id,
    );
    expect(Date.now() - sent).toBeLessThan(1_000);
    expect(created.payload['request']).toMatchObject({
      song_title: 'Socket Song',
      requested_by_name: 'Leo',
      vote_count: 0,
    });

    await admin.rpc('request_song', { _song_title: 'socket song', _artist: 'WIRES' });
    await arrives(
      lounge.messages,
      (m) =>
        m.event === 'request_upsert' &&
        (m.payload['request'] as { id: string; vote_count: number }).vote_count === 1,
    );

    await admin.rpc('lounge_set_status', { _request_id: id, _status: 'playing' });
    const playing = await arrives(mine.messages, (m) => m.event === 'request_playing');
    expect(playing.payload['request']).toMatchObject({ id, status: 'playing' });

    const { data: other } = await leo.rpc('request_song', { _song_title: 'Nope', _artist: 'No' });
    const otherId = (other as { request: { id: string } }).request.id;
    await admin.rpc('lounge_set_status', { _request_id: otherId, _status: 'declined' });
    const removed = await arrives(lounge.messages, (m) => m.event === 'request_removed');
    expect(removed.payload).toEqual({ id: otherId });
    const everything = JSON.stringify(lounge.messages);
    expect(everything).not.toContain('@example.com');
  });
});

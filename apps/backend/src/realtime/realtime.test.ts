/**
 * The Realtime endpoint with the real supabase-js client: private channels authorized by the
 * RLS policies on realtime.messages, delivery of realtime.send, public vs private, client
 * broadcasts, both protocol versions. Runs on PGlite, and on PostgreSQL under with-postgres.sh.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS } from '../integration/support.js';
import {
  TEST_POLICIES,
  collect,
  realtimeClient,
  send,
  signedInRealtime,
  sleep,
  subscribed,
  until,
} from './test-support.js';

let srv: TestServer;
const clients: SupabaseClient[] = [];
const track = <C extends SupabaseClient>(c: C) => (clients.push(c), c);

beforeAll(async () => {
  srv = await startTestServer({
    config: { realtime: { sweepIntervalMs: 200, retentionSeconds: 3600 } },
  });
  await srv.sql(TEST_POLICIES);
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.removeAllChannels()));
  await srv?.close();
});

describe('realtime: private channels', () => {
  it('a member joins a private channel and receives realtime.send within 1 s', async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const ch = maya.channel('rt-test:members', { config: { private: true } });
    const got = collect(ch);
    expect(await subscribed(ch)).toEqual({ status: 'SUBSCRIBED' });
    const sentAt = await send(srv, 'rt-test:members', 'INSERT', { id: 7, title: 'Mr. Brightside' });
    await until(() => got.length === 1, 1000);
    expect(got[0]).toMatchObject({ event: 'INSERT', payload: { id: 7, title: 'Mr. Brightside' } });
    expect((got[0]?.at ?? Infinity) - sentAt).toBeLessThan(1000);
  });

  it('refuses a private join that no select policy allows, with Supabase reason', async () => {
    const anon = track(realtimeClient(srv));
    const ch = anon.channel('rt-test:members', { config: { private: true } });
    const r = await subscribed(ch);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error?.message).toBe(
      'Unauthorized: You do not have permissions to read from this Channel topic: rt-test:members',
    );
    await anon.removeChannel(ch);
  });

  it("a user's own topic is theirs only", async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const leo = track(await signedInRealtime(srv, 'leo'));
    const topic = `rt-test:user:${USERS.maya.id}`;
    const mine = maya.channel(topic, { config: { private: true } });
    const got = collect(mine);
    expect((await subscribed(mine)).status).toBe('SUBSCRIBED');
    const theirs = leo.channel(topic, { config: { private: true } });
    const r = await subscribed(theirs);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error?.message).toContain('Unauthorized');
    await leo.removeChannel(theirs);
    await send(srv, topic, 'notice', { text: 'now playing' });
    await until(() => got.length === 1);
    expect(got[0]?.payload).toEqual({ text: 'now playing' });
  });

  it('postgres_changes and presence are refused loudly', async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const ch = maya
      .channel('rt-test:members', { config: { private: true } })
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'song_requests' },
        () => undefined,
      );
    const r = await subscribed(ch);
    expect(r.status).toBe('CHANNEL_ERROR');
    expect(r.error?.message).toContain('postgres_changes is not supported');
    await maya.removeChannel(ch);
    const p = maya.channel('rt-test:members', {
      config: { private: true, presence: { enabled: true } },
    });
    const rp = await subscribed(p);
    expect(rp.error?.message).toContain('Presence is not supported');
    await maya.removeChannel(p);
  });
});

describe('realtime: public and private', () => {
  it('a public channel gets only messages sent with private = false, a private one only private', async () => {
    const anon = track(realtimeClient(srv));
    const pub = anon.channel('rt-test:open');
    const pubGot = collect(pub);
    expect((await subscribed(pub)).status).toBe('SUBSCRIBED');
    const maya = track(await signedInRealtime(srv, 'maya'));
    const priv = maya.channel('rt-test:open', { config: { private: true } });
    const privGot = collect(priv);
    expect((await subscribed(priv)).status).toBe('SUBSCRIBED');

    await send(srv, 'rt-test:open', 'secret', { n: 1 }, true);
    await send(srv, 'rt-test:open', 'hello', { n: 2 }, false);
    await until(() => pubGot.length >= 1 && privGot.length >= 1);
    await sleep(300);
    expect(pubGot.map((m) => m.event)).toEqual(['hello']);
    expect(privGot.map((m) => m.event)).toEqual(['secret']);
  });

  it('a message for another topic reaches nobody else', async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const ch = maya.channel('rt-test:members', { config: { private: true } });
    const got = collect(ch);
    expect((await subscribed(ch)).status).toBe('SUBSCRIBED');
    await send(srv, 'rt-test:other', 'x', {});
    await send(srv, 'rt-test:members', 'y', {});
    await until(() => got.length >= 1);
    await sleep(200);
    expect(got.map((m) => m.event)).toEqual(['y']);
  });
});

describe('realtime: client broadcasts', () => {
  it('relays a broadcast on a private channel whose insert policy allows it', async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const leo = track(await signedInRealtime(srv, 'leo'));
    const a = maya.channel('rt-test:chat', { config: { private: true } });
    const got = collect(a);
    expect((await subscribed(a)).status).toBe('SUBSCRIBED');
    const b = leo.channel('rt-test:chat', { config: { private: true, broadcast: { ack: true } } });
    const echo = collect(b);
    expect((await subscribed(b)).status).toBe('SUBSCRIBED');
    expect(await b.send({ type: 'broadcast', event: 'typing', payload: { who: 'leo' } })).toBe(
      'ok',
    );
    await until(() => got.length === 1);
    expect(got[0]).toMatchObject({ event: 'typing', payload: { who: 'leo' } });
    await sleep(100);
    expect(echo).toEqual([]); // self: false
  });

  it('does not relay a broadcast without an insert policy (the sender gets an error)', async () => {
    const maya = track(await signedInRealtime(srv, 'maya'));
    const leo = track(await signedInRealtime(srv, 'leo'));
    const a = maya.channel('rt-test:members', { config: { private: true } });
    const got = collect(a);
    expect((await subscribed(a)).status).toBe('SUBSCRIBED');
    const b = leo.channel('rt-test:members', {
      config: { private: true, broadcast: { ack: true } },
    });
    expect((await subscribed(b)).status).toBe('SUBSCRIBED');
    expect(await b.send({ type: 'broadcast', event: 'spoof', payload: {} })).toBe('error');
    await sleep(200);
    expect(got).toEqual([]);
  });
});

describe('realtime: protocol versions', () => {
  it('speaks vsn 1.0.0 (JSON objects) as well as 2.0.0', async () => {
    const maya = track(await signedInRealtime(srv, 'maya', '1.0.0'));
    const ch = maya.channel('rt-test:members', { config: { private: true } });
    const got = collect(ch);
    expect((await subscribed(ch)).status).toBe('SUBSCRIBED');
    await send(srv, 'rt-test:members', 'v1', { ok: true });
    await until(() => got.length === 1);
    expect(got[0]?.payload).toEqual({ ok: true });
  });

  it('answers a plain GET of the endpoint with 426', async () => {
    const res = await fetch(`${srv.url}/realtime/v1/websocket`);
    expect(res.status).toBe(426);
  });
});

describe('realtime: retention', () => {
  it('deletes messages older than the retention period', async () => {
    await srv.db.query(
      `insert into realtime.messages (topic, event, payload, private, inserted_at)
       values ('rt-test:old', 'x', '{}', true, now() - interval '2 hours')`,
    );
    const count = async () =>
      (
        await srv.db.query<{ n: number }>(
          `select count(*)::int as n from realtime.messages where topic = 'rt-test:old'`,
        )
      ).rows[0]?.n;
    const end = Date.now() + 3000;
    while ((await count()) !== 0 && Date.now() < end) await sleep(100);
    expect(await count()).toBe(0);
  });
});

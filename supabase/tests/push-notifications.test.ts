/**
 * Web Push subscriptions and the "your song is playing" outbox: a member keeps and sees
 * only their own subscriptions; a request that starts playing queues one message for its
 * member when they have a subscription; only the service role claims and completes
 * messages, a claimed message is not handed out twice, gone endpoints are dropped and a
 * message too old to matter is not sent.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  act,
  asOwner,
  attempt,
  createCast,
  createDb,
  deniedOrNoRows,
  service,
  type Cast,
} from './support/db';

let db: PGlite;
let cast: Cast;

const subscribe = (endpoint: string) =>
  `insert into public.push_subscriptions (endpoint, p256dh, auth)
   values ('${endpoint}', 'BPubKey', 'authSecret') returning id, user_id`;

beforeAll(async () => {
  db = await createDb();
  cast = await createCast(db);
}, 180_000);

describe('push_subscriptions', () => {
  it("a member adds, reads and removes their own subscriptions, never another member's", async () => {
    const [row] = await act<{ user_id: string }>(
      db,
      cast.owner,
      subscribe('https://push.example.test/owner-1'),
    );
    expect(row?.user_id).toBe(cast.owner.id);

    const seenByOther = await attempt(db, cast.other, 'select * from public.push_subscriptions');
    expect(seenByOther).toMatchObject({ ok: true, rows: [] });
    const seenByAdmin = await attempt(db, cast.admin, 'select * from public.push_subscriptions');
    expect(seenByAdmin).toMatchObject({ ok: true, rows: [] });
    expect(
      deniedOrNoRows(await attempt(db, cast.other, 'delete from public.push_subscriptions')),
    ).toBe(true);
    // a subscription cannot be made in another member's name
    expect(
      await attempt(
        db,
        cast.other,
        `insert into public.push_subscriptions (user_id, endpoint, p256dh, auth)
         values ('${cast.owner.id}', 'https://push.example.test/x', 'k', 'a')`,
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect((await attempt(db, cast.visitor, subscribe('https://push.example.test/anon'))).ok).toBe(
      false,
    );
    // an endpoint must be a URL
    expect(await attempt(db, cast.owner, subscribe('javascript:alert(1)'))).toMatchObject({
      ok: false,
      code: '23514',
    });
    const mine = await attempt(db, cast.owner, 'delete from public.push_subscriptions');
    expect(mine).toMatchObject({ ok: true, affected: 1 });
  });
});

describe('the playing notice outbox', () => {
  const newRequest = async (userId: string, title: string) =>
    (
      await asOwner<{ id: string }>(
        db,
        `insert into public.song_requests (song_title, artist, user_id)
         values ($1, 'The Pushers', $2) returning id`,
        [title, userId],
      )
    )[0]?.id ?? '';
  const play = (id: string) =>
    asOwner(db, `update public.song_requests set status = 'playing' where id = $1`, [id]);
  const outbox = (userId: string) =>
    asOwner<{ payload: { title: string; body: string }; sent_at: string | null }>(
      db,
      'select payload, sent_at from private.push_outbox where user_id = $1 order by id',
      [userId],
    );

  it("queues one message when a subscribed member's request starts playing, none otherwise", async () => {
    await act(db, cast.owner, subscribe('https://push.example.test/owner-2'));
    const mine = await newRequest(cast.owner.id, 'Push It');
    const theirs = await newRequest(cast.other.id, 'No Subscription');
    await play(mine);
    await play(theirs);
    // a change of something else while playing queues nothing more
    await asOwner(db, `update public.song_requests set vote_count = 3 where id = $1`, [mine]);
    expect(await outbox(cast.owner.id)).toEqual([
      {
        payload: expect.objectContaining({
          title: '🎶 Your Request Is Playing Now!',
          body: 'Push It by The Pushers is on right now',
          url: '/song-requests',
        }),
        sent_at: null,
      },
    ]);
    expect(await outbox(cast.other.id)).toEqual([]);
  });

  it('only the service role claims and completes; a claim is not handed out twice; gone endpoints go', async () => {
    for (const actor of [cast.owner, cast.admin, cast.visitor]) {
      expect(
        await attempt(db, actor, 'select * from public.claim_push_messages(10)'),
      ).toMatchObject({ ok: false, code: '42501' });
    }
    const claimed = await act<{
      message_id: number;
      payload: { title: string };
      subscriptions: { endpoint: string }[];
    }>(db, service, 'select * from public.claim_push_messages(10)');
    expect(claimed).toHaveLength(1);
    // every subscription of the member (the first test's removal was a probe, rolled back)
    expect(claimed[0]?.subscriptions.map((s) => s.endpoint)).toEqual([
      'https://push.example.test/owner-1',
      'https://push.example.test/owner-2',
    ]);
    // claimed: a second run gets nothing
    expect(await act(db, service, 'select * from public.claim_push_messages(10)')).toEqual([]);

    // the push service could not be reached: tried again on the next run
    await act(db, service, 'select public.complete_push_message($1, false, $2)', [
      claimed[0]?.message_id,
      [],
    ]);
    const again = await act<{ message_id: number }>(
      db,
      service,
      'select * from public.claim_push_messages(10)',
    );
    expect(again.map((m) => m.message_id)).toEqual([claimed[0]?.message_id]);
    // sent, and the push service said the endpoint is gone
    await act(db, service, 'select public.complete_push_message($1, true, $2)', [
      claimed[0]?.message_id,
      ['https://push.example.test/owner-2'],
    ]);
    expect((await outbox(cast.owner.id))[0]?.sent_at).not.toBeNull();
    expect(
      await asOwner(db, 'select endpoint from public.push_subscriptions where user_id = $1', [
        cast.owner.id,
      ]),
    ).toEqual([{ endpoint: 'https://push.example.test/owner-1' }]);
  });

  it('drops a message nobody could send within 10 minutes', async () => {
    await act(db, cast.other, subscribe('https://push.example.test/other-1'));
    const id = await newRequest(cast.other.id, 'Too Late');
    await play(id);
    await asOwner(
      db,
      `update private.push_outbox set created_at = now() - interval '11 minutes' where user_id = $1`,
      [cast.other.id],
    );
    expect(await act(db, service, 'select * from public.claim_push_messages(10)')).toEqual([]);
    expect((await outbox(cast.other.id)).every((m) => m.sent_at !== null)).toBe(true);
  });
});

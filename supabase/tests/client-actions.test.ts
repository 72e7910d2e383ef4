/**
 * Actions a device sends with its own id (a client id) are done once, on PGlite (one
 * connection: the calls queue up in it) and on PostgreSQL 15 (50 sessions at once, read
 * committed as PostgREST runs them): 50 concurrent replays of one song request leave one
 * request, of one vote one vote counted once; a vote replayed after its removal stays
 * removed; refusals keep their codes and texts and leave nothing behind.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Runner } from './support/engines';

type Answer = Record<string, unknown>;
/** The function's answer, or the refusal as 'code:message:detail'. */
type Result = Answer | string;
const answer = (rows: unknown[]) => (rows[0] as { r: Answer }).r;

const REQUEST = 'select public.lounge_request_song($1, $2, $3) as r';
const VOTE = 'select public.lounge_vote($1, $2) as r';
const UNVOTE = 'select public.lounge_remove_vote($1, $2) as r';

describe.each(engines({ sessions: 50, detail: true }))('%s', (_name, target) => {
  let db: Runner;
  /** A function's answer as the member, or its refusal. */
  const call = async (...args: Parameters<Runner['as']>): Promise<Result> => {
    const r = await db.as(...args);
    return typeof r === 'string' ? r : answer(r.rows);
  };

  beforeAll(async () => {
    if (target.available) db = await target.open();
  }, 180_000);
  afterAll(async () => {
    await target.close();
  });

  const newMembers = async (n: number): Promise<string[]> => {
    const ids = Array.from({ length: n }, () => randomUUID());
    await db.owner(
      `insert into auth.users (id, aud, role, email, raw_user_meta_data, email_confirmed_at)
       select id, 'authenticated', 'authenticated', 'q.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Queue"}', now()
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    return ids;
  };
  const newRequest = async (title: string): Promise<string> => {
    const [poster] = await newMembers(1);
    const [row] = await db.owner<{ id: string }>(
      `insert into public.song_requests (song_title, artist, user_id) values ($1, 'Band', $2)
       returning id`,
      [title, poster],
    );
    return row?.id ?? '';
  };
  const votes = async (requestId: string) =>
    (
      await db.owner<{ rows: number; vote_count: number }>(
        `select (select count(*)::int from public.song_votes v where v.song_request_id = r.id) as rows,
                r.vote_count from public.song_requests r where r.id = $1`,
        [requestId],
      )
    )[0];

  it.skipIf(!target.available)(
    'the same song request replayed 50 times at once is stored once',
    async () => {
      const [member = ''] = await newMembers(1);
      const clientId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 50 }, () =>
          call(member, REQUEST, [clientId, 'Replay Me', 'The Echoes']),
        ),
      );
      expect(results.every((r) => typeof r === 'object')).toBe(true);
      const answers = results as Answer[];
      expect(answers.filter((a) => a['outcome'] === 'created')).toHaveLength(50);
      expect(answers.filter((a) => a['replayed'] === true)).toHaveLength(49);
      const ids = new Set(answers.map((a) => (a['request'] as { id: string }).id));
      expect(ids.size).toBe(1);

      const rows = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.song_requests where user_id = $1`,
        [member],
      );
      expect(rows[0]?.n).toBe(1);
      // a new id is a new action: the same song again is the member's own request (already voted)
      const again = await call(member, REQUEST, [randomUUID(), 'Replay Me', 'The Echoes']);
      expect(again).toMatchObject({ outcome: 'voted' });
      expect(
        (
          await db.owner<{ n: number }>(
            'select count(*)::int as n from public.song_requests where user_id = $1',
            [member],
          )
        )[0]?.n,
      ).toBe(1);
    },
    120_000,
  );

  it.skipIf(!target.available)(
    'the same vote replayed 50 times at once counts once',
    async () => {
      const requestId = await newRequest('Count Me Once');
      const [member = ''] = await newMembers(1);
      const clientId = randomUUID();
      const results = await Promise.all(
        Array.from({ length: 50 }, () => call(member, VOTE, [clientId, requestId])),
      );
      expect(results.filter((r) => typeof r === 'string')).toEqual([]);
      expect((results as Answer[]).map((a) => a['outcome'])).toEqual(Array(50).fill('voted'));
      expect(await votes(requestId)).toEqual({ rows: 1, vote_count: 1 });
    },
    120_000,
  );

  it.skipIf(!target.available)(
    'a vote replayed after it was removed is not counted again',
    async () => {
      const requestId = await newRequest('Changed My Mind');
      const [member = ''] = await newMembers(1);
      const vote = randomUUID();
      const removal = randomUUID();
      expect(await call(member, VOTE, [vote, requestId])).toMatchObject({
        outcome: 'voted',
        vote_count: 1,
      });
      expect(await call(member, UNVOTE, [removal, requestId])).toMatchObject({
        outcome: 'removed',
        vote_count: 0,
      });
      // the device lost both answers and sends both again, in order
      expect(await call(member, VOTE, [vote, requestId])).toMatchObject({
        outcome: 'voted',
        replayed: true,
      });
      expect(await call(member, UNVOTE, [removal, requestId])).toMatchObject({
        outcome: 'removed',
        replayed: true,
      });
      expect(await votes(requestId)).toEqual({ rows: 0, vote_count: 0 });
      // a new vote (a new id) counts
      expect(await call(member, VOTE, [randomUUID(), requestId])).toMatchObject({
        outcome: 'voted',
        vote_count: 1,
      });
    },
    60_000,
  );

  it.skipIf(!target.available)(
    'refusals keep their codes and texts and leave no answer behind',
    async () => {
      const [member = ''] = await newMembers(1);
      const limitRows = await db.owner<{ n: number }>('select private.votes_per_night() as n');
      const limit = limitRows[0]?.n ?? 3;
      const requests: string[] = [];
      for (let i = 0; i <= limit; i += 1) requests.push(await newRequest(`Limit ${i}`));
      for (const id of requests.slice(0, limit)) {
        expect(await call(member, VOTE, [randomUUID(), id])).toMatchObject({
          outcome: 'voted',
        });
      }
      const over = randomUUID();
      const refused = `P0001:vote_limit_reached:You can only vote for ${limit} songs per night.`;
      expect(await call(member, VOTE, [over, requests[limit]])).toBe(refused);
      // nothing was kept under the refused id: its replay is refused again
      expect(await call(member, VOTE, [over, requests[limit]])).toBe(refused);

      // a vote on a request the staff declined meanwhile
      const declined = await newRequest('Not Tonight Song');
      await db.owner(`update public.song_requests set status = 'declined' where id = $1`, [
        declined,
      ]);
      const [other = ''] = await newMembers(1);
      expect(await call(other, VOTE, [randomUUID(), declined])).toBe(
        'P0001:song_request_closed:Votes are only taken on pending requests.',
      );
      // a request of a declined song answers 'unavailable', as public.request_song does
      expect(await call(other, REQUEST, [randomUUID(), 'Not Tonight Song', 'Band'])).toMatchObject({
        outcome: 'unavailable',
        request: null,
      });

      // profanity
      const profane = await call(other, REQUEST, [randomUUID(), 'Fuck this', 'Band']);
      expect(typeof profane === 'string' && profane.startsWith('P0001:profanity_detected')).toBe(
        true,
      );

      const [kept] = await db.owner<{ n: number }>(
        `select count(*)::int as n from private.client_actions where user_id = any($1::uuid[])`,
        [[member, other]],
      );
      // the member's 3 votes and the other's 'unavailable' request
      expect(kept?.n).toBe(limit + 1);
    },
    60_000,
  );

  it.skipIf(!target.available)(
    "a client id is the member's own: another member's same id is their own action; one id is one kind",
    async () => {
      const requestId = await newRequest('Shared Id');
      const [a = '', b = ''] = await newMembers(2);
      const clientId = randomUUID();
      expect(await call(a, VOTE, [clientId, requestId])).toMatchObject({ outcome: 'voted' });
      expect(await call(b, VOTE, [clientId, requestId])).toMatchObject({
        outcome: 'voted',
        vote_count: 2,
      });
      expect(await call(a, UNVOTE, [clientId, requestId])).toBe(
        '22023:client_id_reused:This client id was used for another action.',
      );
      expect(await votes(requestId)).toEqual({ rows: 2, vote_count: 2 });
    },
    60_000,
  );

  it.skipIf(!target.available)('visitors and anonymous sessions are refused', async () => {
    const requestId = await newRequest('Nobody');
    const [anon] = await newMembers(1);
    expect(await call(anon ?? '', VOTE, [randomUUID(), requestId], true)).toBe(
      '42501:not_signed_in:Sign in first.',
    );
    expect(await votes(requestId)).toEqual({ rows: 0, vote_count: 0 });
  });
});

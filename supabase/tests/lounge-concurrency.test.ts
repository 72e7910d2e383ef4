/**
 * The lounge's duplicate rule and request limit under concurrency, on PGlite
 * (one connection: the requests queue up in it) and on PostgreSQL 15 (50
 * sessions at once, read committed as PostgREST runs them): 50 identical
 * requests leave one request and a vote (or the vote limit's refusal) for
 * every other member; 50 different requests of one member leave 5.
 */
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { engines, type Runner } from './support/engines';

describe.each(engines({ sessions: 50 }))('%s', (_name, target) => {
  let db: Runner;

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
       select id, 'authenticated', 'authenticated', 'c.' || left(id::text, 8) || '@example.test',
              '{"first_name": "Rush"}', now()
       from unnest($1::uuid[]) as id`,
      [ids],
    );
    return ids;
  };

  it.skipIf(!target.available)(
    '50 concurrent identical requests: one request, the others votes or the vote limit',
    async () => {
      const members = await newMembers(50);
      // 10 members have used their 3 votes tonight already
      const poster = (await newMembers(1))[0] ?? '';
      const [filler] = await db.owner<{ ids: string[] }>(
        `with r as (
           insert into public.song_requests (song_title, artist, user_id)
           select 'Filler ' || g, 'Band', $1 from generate_series(1, 3) g returning id
         ) select array_agg(id) as ids from r`,
        [poster],
      );
      const exhausted = members.slice(0, 10);
      await db.owner(
        `insert into public.song_votes (song_request_id, user_id)
         select r, m from unnest($1::uuid[]) r cross join unnest($2::uuid[]) m`,
        [filler?.ids, exhausted],
      );

      const titles = ['Mr. Brightside', 'mr brightside', 'MR BRIGHTSIDE!', 'Mr  Brightside'];
      const artists = ['The Killers', 'killers', 'the killers', 'KILLERS'];
      const results = await Promise.all(
        members.map(async (id, i) => {
          const out = await db.as(id, 'select public.request_song($1, $2) as r', [
            titles[i % titles.length],
            artists[i % artists.length],
          ]);
          if (typeof out === 'string') return out;
          return (out.rows[0] as { r: { outcome: string } }).r.outcome;
        }),
      );
      const tally = (o: string) => results.filter((r) => r === o).length;
      expect(tally('created')).toBe(1);
      expect(tally('created') + tally('voted') + tally('vote_limit_reached')).toBe(50);
      // the exhausted members are refused a vote (one of them may have created the request)
      expect(tally('vote_limit_reached')).toBeGreaterThanOrEqual(9);
      expect(tally('vote_limit_reached')).toBeLessThanOrEqual(10);

      const rows = await db.owner<{ n: number; vote_count: number; votes: number }>(
        `select count(*)::int as n, max(r.vote_count)::int as vote_count,
                (select count(*)::int from public.song_votes v
                 join public.song_requests x on x.id = v.song_request_id
                 where x.song_key = private.song_key('Mr. Brightside', 'The Killers')) as votes
         from public.song_requests r
         where r.song_key = private.song_key('Mr. Brightside', 'The Killers')`,
      );
      expect(rows[0]).toEqual({ n: 1, vote_count: tally('voted'), votes: tally('voted') });
    },
    120_000,
  );

  it.skipIf(!target.available)(
    '50 concurrent different requests of one member: 5 tonight, the rest refused',
    async () => {
      const [member] = await newMembers(1);
      const results = await Promise.all(
        Array.from({ length: 50 }, async (_, i) => {
          const out = await db.as(member ?? '', 'select public.request_song($1, $2) as r', [
            `Burst ${i}`,
            'Band',
          ]);
          return typeof out === 'string'
            ? out
            : (out.rows[0] as { r: { outcome: string } }).r.outcome;
        }),
      );
      expect(results.filter((r) => r === 'created')).toHaveLength(5);
      expect(new Set(results.filter((r) => r !== 'created'))).toEqual(
        new Set(['P0001:request_limit_reached']),
      );
      const [row] = await db.owner<{ n: number }>(
        'select count(*)::int as n from public.song_requests where user_id = $1',
        [member],
      );
      expect(row?.n).toBe(5);
    },
    120_000,
  );
});

/**
 * The lounge's data for the API benches (api.bench.ts, processes.bench.ts): members with a
 * session and a token each, tonight's song requests, votes and DJ ratings, all written with SQL.
 */
import type { KeySet } from '../../../apps/backend/src/keys.js';

/** Anything that runs a script of SQL statements (the backend's Db, a pg client wrapper). */
export interface Exec {
  exec(sql: string): Promise<void>;
}

/** Tonight's business date (America/New_York, rolling over at 04:00) and the first active DJ. */
export async function loungeNight(
  query: (sql: string) => Promise<{ rows: unknown[] }>,
): Promise<{ tonight: string; djId: string }> {
  const [night] = (
    await query(
      `select (((now() at time zone 'America/New_York') - interval '4 hours')::date)::text as d`,
    )
  ).rows as { d: string }[];
  const [dj] = (
    await query('select id::text as id from public.djs where is_active order by name limit 1')
  ).rows as { id: string }[];
  if (!night || !dj) throw new Error('the seed has no active DJ');
  return { tonight: night.d, djId: dj.id };
}

export const memberId = (g: number) => `b0000000-0000-4000-8000-${String(g).padStart(12, '0')}`;

/** Bench members (auth users + profiles via the trigger + a session each), all in one go. */
export async function seedMembers(db: Exec, count: number): Promise<void> {
  await db.exec(`
    insert into auth.users (instance_id, id, aud, role, email, encrypted_password,
      email_confirmed_at, raw_app_meta_data, raw_user_meta_data, created_at, updated_at)
    select '00000000-0000-0000-0000-000000000000',
      ('b0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
      'authenticated', 'authenticated', 'lounge.member.' || g || '@example.com', null, now(),
      '{"provider": "email", "providers": ["email"]}'::jsonb,
      jsonb_build_object('first_name', 'Member' || g, 'last_name', 'Lounge'), now(), now()
    from generate_series(1, ${count}) as g;
    insert into auth.sessions (id, user_id, aal, refreshed_at)
    select ('c0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
      ('b0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid, 'aal1', now()
    from generate_series(1, ${count}) as g;`);
}

/**
 * Tonight's song requests: `rows` of them, created over the last 5 hours, and 3 votes per
 * member (vote_count kept consistent); 300 ratings of the live DJ tonight. Written with triggers
 * off (session_replication_role = replica) so that 10,000 rows take a second, not minutes.
 */
export async function seedTonight(
  db: Exec,
  tonight: string,
  djId: string,
  rows: number,
  members: number,
): Promise<void> {
  await db.exec(`
    begin;
    set local session_replication_role = replica;
    delete from public.song_votes where event_date = '${tonight}';
    delete from public.song_requests where event_date = '${tonight}';
    delete from public.dj_ratings where performance_date = '${tonight}';
    insert into public.song_requests (song_title, artist, user_id, requested_by_name, status,
      event_date, created_at, queue_position, song_key)
    select 'Song number ' || g, 'Artist ' || (g % 97), ('b0000000-0000-4000-8000-' ||
      lpad((1 + g % ${members})::text, 12, '0'))::uuid, 'Member' || (1 + g % ${members}),
      (array['pending', 'approved', 'played'])[1 + g % 3], '${tonight}',
      now() - (g % 18000) * interval '1 second',
      -- the approved ones (g % 3 = 1) are the queue, numbered 1, 2, 3...
      case when g % 3 = 1 then (g + 2) / 3 end,
      -- what the trigger (off here) would compute: one key per song and night
      private.song_key('Song number ' || g, 'Artist ' || (g % 97))
    from generate_series(1, ${rows}) as g;
    with r as (
      select id, (row_number() over (order by created_at) - 1) as k
      from public.song_requests where event_date = '${tonight}'
    )
    insert into public.song_votes (song_request_id, user_id, event_date, slot)
    select r.id, ('b0000000-0000-4000-8000-' || lpad(m::text, 12, '0'))::uuid, '${tonight}', s
    from generate_series(1, ${members}) as m
    cross join generate_series(1, 3) as s
    join r on r.k = (m * 3 + s * 7) % ${rows};
    update public.song_requests q set vote_count = v.n
    from (select song_request_id, count(*)::int as n from public.song_votes
          where event_date = '${tonight}' group by 1) as v
    where q.id = v.song_request_id;
    insert into public.dj_ratings (dj_id, user_id, rating, comment, performance_date, created_at)
    select '${djId}', ('b0000000-0000-4000-8000-' || lpad(g::text, 12, '0'))::uuid,
      1 + g % 5, case when g % 2 = 0 then 'Great set ' || g end, '${tonight}',
      now() - g * interval '10 seconds'
    from generate_series(1, least(300, ${members})) as g;
    commit;
    analyze public.song_requests;
    analyze public.song_votes;
    analyze public.dj_ratings;`);
}

/** Access tokens with exactly the claims the backend's password grant issues. */
export async function memberTokens(
  b: { url: string; keys: Pick<KeySet, 'sign'>; jwtExpiry: number },
  count: number,
) {
  const now = Math.floor(Date.now() / 1000);
  const out: { token: string; userId: string }[] = [];
  for (let g = 1; g <= count; g++) {
    const userId = memberId(g);
    const token = await b.keys.sign(
      {
        aud: 'authenticated',
        iss: `${b.url}/auth/v1`,
        sub: userId,
        email: `lounge.member.${g}@example.com`,
        phone: '',
        app_metadata: { provider: 'email', providers: ['email'] },
        user_metadata: { first_name: `Member${g}`, last_name: 'Lounge' },
        role: 'authenticated',
        aal: 'aal1',
        amr: [{ method: 'password', timestamp: now }],
        session_id: `c0000000-0000-4000-8000-${String(g).padStart(12, '0')}`,
        is_anonymous: false,
      },
      b.jwtExpiry,
    );
    out.push({ token, userId });
  }
  return out;
}

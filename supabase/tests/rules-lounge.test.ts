/** The lounge: song requests, profanity, votes, DJ ratings. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import {
  act,
  asOwner,
  attempt,
  createCast,
  createDb,
  createMember,
  type Actor,
  type Cast,
} from './support/db';

let db: PGlite;
let cast: Cast;
let dj: string;

/** Tonight's business date: America/New_York, rolling over at 04:00. */
const businessDate = (): string => {
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(new Date(Date.now() - 4 * 3600_000));
  return parts;
};

beforeAll(async () => {
  db = await createDb();
  cast = await createCast(db);
  const [d] = await asOwner<{ id: string }>(
    db,
    `insert into public.djs (name, bio) values ('DJ Lux', 'Deep cuts') returning id`,
  );
  dj = d?.id ?? '';
});
afterAll(async () => {
  await db?.close();
});

type Member = Actor & { kind: 'member' };

const request = (actor: Member, title: string, artist: string, name: string | null = 'Hacker') =>
  attempt<{
    id: string;
    song_title: string;
    artist: string;
    requested_by_name: string;
    event_date: string;
    status: string;
  }>(
    db,
    actor,
    `insert into public.song_requests (song_title, artist, user_id, requested_by_name) values ($1, $2, $3, $4)
     returning id, song_title, artist, requested_by_name, to_char(event_date, 'YYYY-MM-DD') as event_date, status`,
    [title, artist, actor.id, name],
  );

describe('song requests', () => {
  it('trims title and artist, names the requester from auth metadata and dates it tonight', async () => {
    const out = await request(cast.owner, '  Blinding Lights  ', ' The Weeknd ', 'Somebody Else');
    expect(out.ok && out.rows[0]).toMatchObject({
      song_title: 'Blinding Lights',
      artist: 'The Weeknd',
      requested_by_name: 'Olivia',
      event_date: businessDate(),
      status: 'pending',
    });
  });

  it("falls back to 'Anonymous' when the member has no first name", async () => {
    const m = await createMember(db, 'Nameless', { firstName: null });
    const out = await request(m, 'Levitating', 'Dua Lipa', 'Fake Name');
    expect(out.ok && out.rows[0]?.requested_by_name).toBe('Anonymous');
  });

  it("shows 'Anonymous' instead of a first name that is not clean", async () => {
    const m = await createMember(db, 'Rude', { firstName: 'Shithead' });
    const out = await request(m, 'Valerie', 'Amy Winehouse', 'Nice Name');
    expect(out.ok && out.rows[0]?.requested_by_name).toBe('Anonymous');
  });

  it.each([
    ['', 'Artist'],
    ['Title', '   '],
    ['  ', ''],
  ])('refuses empty title/artist after trimming (%j, %j) with 23514', async (t, a) => {
    expect(await request(cast.owner, t, a)).toMatchObject({ ok: false, code: '23514' });
  });

  it('refuses a member choosing the night or the status', async () => {
    const night = await attempt(
      db,
      cast.owner,
      `insert into public.song_requests (song_title, artist, user_id, event_date) values ('A', 'B', $1, date '2030-01-01')`,
      [cast.owner.id],
    );
    expect(night).toMatchObject({ ok: false, code: '42501' });
    const status = await attempt(
      db,
      cast.owner,
      `insert into public.song_requests (song_title, artist, user_id, status) values ('A', 'B', $1, 'approved')`,
      [cast.owner.id],
    );
    expect(status).toMatchObject({ ok: false, code: '42501' });
  });

  it.each(['approved', 'played', 'declined', 'pending'])(
    'lets an admin set status %s',
    async (s) => {
      // a song is requested once a night: each status gets its own song
      const [r] = await asOwner<{ id: string }>(
        db,
        `insert into public.song_requests (song_title, artist, user_id) values ($2, 'Song', $1) returning id`,
        [cast.owner.id, `Status ${s}`],
      );
      const rows = await act(
        db,
        cast.admin,
        'update public.song_requests set status = $2 where id = $1 returning status',
        [r?.id, s],
      );
      expect(rows).toEqual([{ status: s }]);
    },
  );

  it('refuses an unknown status (23514) and a member setting status (no row changes)', async () => {
    const [r] = await act<{ id: string }>(
      db,
      cast.owner,
      `insert into public.song_requests (song_title, artist, user_id) values ('Status2', 'Song', $1) returning id`,
      [cast.owner.id],
    );
    expect(
      await attempt(
        db,
        cast.admin,
        "update public.song_requests set status = 'skipped' where id = $1",
        [r?.id],
      ),
    ).toMatchObject({
      ok: false,
      code: '23514',
    });
    const member = await attempt(
      db,
      cast.owner,
      "update public.song_requests set status = 'played' where id = $1",
      [r?.id],
    );
    expect(member.ok && member.affected).toBe(0);
  });

  it("lists tonight's recent requests by votes, then age, for every member", async () => {
    const rows = await act<{ song_title: string }>(
      db,
      cast.other,
      `select song_title from public.song_requests
       where event_date = $1 and created_at >= now() - interval '6 hours'
       order by vote_count desc, created_at asc`,
      [businessDate()],
    );
    expect(rows.length).toBeGreaterThan(0);
  });
});

describe('profanity check', () => {
  it.each([
    ['Fuck You', 'CeeLo'],
    ['F U C K'.replace(/ /g, ''), 'x'],
    ['fuuuuuck this', 'Band'],
    ['Some SHIT', 'Band'],
    ['sh1t happens', 'Band'],
    ['Title', 'Big @ss Band'],
    ['Motherfucker', 'Band'],
    ['Bullsh!t', 'Band'],
    ['Biiitch better have', 'Band'],
    ['Song', 'the c0cks'],
    ['You ASSHOLE', 'Band'],
    ['Whore', 'Band'],
    ['Dickhead', 'Band'],
    ['Song', 'Niggaz'],
    ['Faggot', 'Band'],
    ['Pussy', 'Band'],
    ['Slutty', 'Band'],
    ['Cunt', 'Band'],
    ['Porn star', 'Band'],
    ['Blow job', 'Band'],
  ])('refuses %j by %j (P0001 profanity_detected)', async (title, artist) => {
    expect(await request(cast.owner, title, artist)).toMatchObject({
      ok: false,
      code: 'P0001',
      message: 'profanity_detected',
    });
  });

  it.each([
    ['Classic', 'Glass Animals'],
    ['Assume the Position', 'Band'],
    ['Scunthorpe Anthem', 'Local Band'],
    ['Shiny Happy People', 'R.E.M.'],
    ['Peacock', 'Katy Perry'],
    ['Cocktail Hour', 'Band'],
    ['Therapist', 'Band'],
    ['Grape Soda', 'Band'],
    ['Pass the Courvoisier', 'Busta Rhymes'],
    ['Hotel California', 'Eagles'],
    ['99 Problems', 'Jay-Z'],
    ['Sexy Back', 'Justin Timberlake'],
  ])('accepts %j by %j', async (title, artist) => {
    // a fresh member: the owner's requests tonight may have reached the nightly limit
    const out = await request(await createMember(db, 'Clean'), title, artist);
    expect(out.ok ? 'ok' : out.message).toBe('ok');
  });

  it('seeds a list large enough to mirror a general English profanity filter', async () => {
    const [row] = await asOwner<{ n: number }>(
      db,
      'select count(*)::int as n from private.profanity_terms',
    );
    expect(row?.n).toBeGreaterThanOrEqual(150);
  });

  it('checks renamed requests too', async () => {
    const [r] = await asOwner<{ id: string }>(
      db,
      `insert into public.song_requests (song_title, artist, user_id) values ('Clean', 'Song', $1) returning id`,
      [cast.owner.id],
    );
    await expect(
      asOwner(db, "update public.song_requests set song_title = 'shit' where id = $1", [r?.id]),
    ).rejects.toThrow('profanity_detected');
  });
});

describe('song votes', () => {
  // a song is requested once a night: every request here is a new song
  let tracks = 0;
  const newRequests = async (n: number, eventDate?: string): Promise<string[]> => {
    const ids: string[] = [];
    for (let i = 0; i < n; i++) {
      const [r] = await asOwner<{ id: string }>(
        db,
        `insert into public.song_requests (song_title, artist, user_id, event_date) values ($1, 'Artist', $2, coalesce($3::date, private.business_date())) returning id`,
        [`Track ${(tracks += 1)}`, cast.other.id, eventDate ?? null],
      );
      ids.push(r?.id ?? '');
    }
    return ids;
  };
  const vote = (m: Member, requestId: string | undefined) =>
    attempt(db, m, 'insert into public.song_votes (song_request_id, user_id) values ($1, $2)', [
      requestId,
      m.id,
    ]);
  const commitVote = (m: Member, requestId: string | undefined) =>
    act(db, m, 'insert into public.song_votes (song_request_id, user_id) values ($1, $2)', [
      requestId,
      m.id,
    ]);
  const count = async (requestId: string | undefined) =>
    (
      await asOwner<{ vote_count: number; n: number }>(
        db,
        'select vote_count, (select count(*)::int from public.song_votes v where v.song_request_id = r.id) as n from public.song_requests r where id = $1',
        [requestId],
      )
    )[0];

  it('allows 3 votes a night and refuses the 4th with P0001 vote_limit_reached', async () => {
    const m = await createMember(db, 'Voter');
    const reqs = await newRequests(4);
    for (const r of reqs.slice(0, 3)) await commitVote(m, r);
    expect(await vote(m, reqs[3])).toMatchObject({
      ok: false,
      code: 'P0001',
      message: 'vote_limit_reached',
    });
    expect(await count(reqs[3])).toEqual({ vote_count: 0, n: 0 });
  });

  it('refuses a second vote on the same request with 23505', async () => {
    const m = await createMember(db, 'Twice');
    const [r] = await newRequests(1);
    await commitVote(m, r);
    expect(await vote(m, r)).toMatchObject({ ok: false, code: '23505' });
  });

  it('keeps vote_count equal to the votes through insert and delete, and frees the slot', async () => {
    const a = await createMember(db, 'A');
    const b = await createMember(db, 'B');
    const reqs = await newRequests(4);
    await commitVote(a, reqs[0]);
    await commitVote(b, reqs[0]);
    expect(await count(reqs[0])).toEqual({ vote_count: 2, n: 2 });
    await commitVote(a, reqs[1]);
    await commitVote(a, reqs[2]);
    await act(db, a, 'delete from public.song_votes where song_request_id = $1 and user_id = $2', [
      reqs[0],
      a.id,
    ]);
    expect(await count(reqs[0])).toEqual({ vote_count: 1, n: 1 });
    await commitVote(a, reqs[3]);
    expect(await count(reqs[3])).toEqual({ vote_count: 1, n: 1 });
    expect(await vote(a, reqs[0])).toMatchObject({ ok: false, message: 'vote_limit_reached' });
  });

  it('counts votes per night: last night’s votes do not use up tonight’s', async () => {
    const m = await createMember(db, 'Regular');
    const lastNight = await newRequests(3, '2024-12-31');
    for (const r of lastNight) await commitVote(m, r);
    const tonight = await newRequests(3);
    for (const r of tonight) await commitVote(m, r);
    const [row] = await asOwner<{ n: number }>(
      db,
      'select count(*)::int as n from public.song_votes where user_id = $1',
      [m.id],
    );
    expect(row?.n).toBe(6);
  });

  it('refuses a vote in another member’s name and on an unknown request', async () => {
    const [r] = await newRequests(1);
    expect(
      await attempt(
        db,
        cast.owner,
        'insert into public.song_votes (song_request_id, user_id) values ($1, $2)',
        [r, cast.other.id],
      ),
    ).toMatchObject({ ok: false, code: '42501' });
    expect(await vote(cast.owner, '00000000-0000-4000-8000-000000000000')).toMatchObject({
      ok: false,
      code: '23503',
    });
  });

  it('removes votes with their request', async () => {
    const m = await createMember(db, 'Cascade');
    const [r] = await newRequests(1);
    await commitVote(m, r);
    await act(db, cast.admin, 'delete from public.song_requests where id = $1', [r]);
    const [row] = await asOwner<{ n: number }>(
      db,
      'select count(*)::int as n from public.song_votes where user_id = $1',
      [m.id],
    );
    expect(row?.n).toBe(0);
  });
});

describe('DJ ratings', () => {
  const rate = (m: Member, rating: number, date = '2026-01-10', comment: string | null = null) =>
    attempt<{ comment: string | null }>(
      db,
      m,
      `insert into public.dj_ratings (dj_id, user_id, rating, comment, performance_date) values ($1, $2, $3, $4, $5) returning comment`,
      [dj, m.id, rating, comment, date],
    );
  const djRow = async () =>
    (
      await asOwner<{ average_rating: string; total_ratings: number }>(
        db,
        'select average_rating::text, total_ratings from public.djs where id = $1',
        [dj],
      )
    )[0];

  it.each([0, 6, -1])('refuses a %i-star rating with 23514', async (n) => {
    expect(await rate(cast.owner, n)).toMatchObject({ ok: false, code: '23514' });
  });

  it('keeps one rating per member per DJ per performance date (23505) and keeps the average right', async () => {
    const a = await createMember(db, 'RaterA');
    const b = await createMember(db, 'RaterB');
    await act(
      db,
      a,
      `insert into public.dj_ratings (dj_id, user_id, rating, performance_date) values ($1, $2, 5, '2026-02-01')`,
      [dj, a.id],
    );
    expect(await rate(a, 3, '2026-02-01')).toMatchObject({ ok: false, code: '23505' });
    // one rating per DJ per night: the first was posted on an earlier night
    await asOwner(
      db,
      `update public.dj_ratings set rated_on = date '2026-02-01' where user_id = $1`,
      [a.id],
    );
    await act(
      db,
      a,
      `insert into public.dj_ratings (dj_id, user_id, rating, performance_date) values ($1, $2, 2, '2026-02-02')`,
      [dj, a.id],
    );
    await act(
      db,
      b,
      `insert into public.dj_ratings (dj_id, user_id, rating, performance_date) values ($1, $2, 4, '2026-02-01')`,
      [dj, b.id],
    );
    expect(await djRow()).toEqual({ average_rating: '3.67', total_ratings: 3 });
    await act(
      db,
      a,
      `delete from public.dj_ratings where user_id = $1 and performance_date = '2026-02-02'`,
      [a.id],
    );
    expect(await djRow()).toEqual({ average_rating: '4.50', total_ratings: 2 });
  });

  it('stores an empty comment as null and defaults the date to tonight', async () => {
    const m = await createMember(db, 'Commenter');
    const rows = await act<{ comment: string | null; d: string }>(
      db,
      m,
      `insert into public.dj_ratings (dj_id, user_id, rating, comment) values ($1, $2, 5, '   ') returning comment, to_char(performance_date, 'YYYY-MM-DD') as d`,
      [dj, m.id],
    );
    expect(rows).toEqual([{ comment: null, d: businessDate() }]);
  });

  it('refuses rating an inactive DJ', async () => {
    const [off] = await asOwner<{ id: string }>(
      db,
      `insert into public.djs (name, is_active) values ('Gone', false) returning id`,
    );
    const out = await attempt(
      db,
      cast.owner,
      'insert into public.dj_ratings (dj_id, user_id, rating) values ($1, $2, 5)',
      [off?.id, cast.owner.id],
    );
    expect(out).toMatchObject({ ok: false, code: '42501' });
  });

  it('shows members the 5 newest ratings of a DJ and active DJs by name', async () => {
    const rows = await act(
      db,
      cast.other,
      'select rating from public.dj_ratings where dj_id = $1 order by created_at desc limit 5',
      [dj],
    );
    expect(rows.length).toBeGreaterThan(0);
    const djs = await act<{ name: string }>(
      db,
      cast.other,
      'select name from public.djs where is_active order by name',
    );
    expect(djs.map((d) => d.name)).toEqual(['DJ Lux']);
  });
});

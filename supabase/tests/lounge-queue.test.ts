/**
 * The lounge's live queue, on PGlite and PostgreSQL 15: duplicate requests
 * become votes (public.request_song), the per-night request limit, the queue
 * states staff set (Up Next order, one Now Playing, Played Tonight, declined
 * hidden from members), the broadcasts the triggers file for the socket
 * server, and who may join which private topic.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';

interface Outcome {
  outcome: string;
  request: {
    id: string;
    song_title: string;
    vote_count: number;
    status: string;
  } | null;
}

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let admin: Member;
  const skip = !driver.available;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    admin = await newMember(db, { firstName: 'Ada', admin: true });
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const requestSong = async (who: Member, title: string, artist: string): Promise<Outcome> => {
    const [row] = await db.act<{ r: Outcome }>(who, 'select public.request_song($1, $2) as r', [
      title,
      artist,
    ]);
    if (!row) throw new Error('request_song returned nothing');
    return row.r;
  };
  const setStatus = (who: Member, id: string | undefined, status: string) =>
    db.act(who, 'select public.lounge_set_status($1, $2)', [id, status]);
  const state = async (id: string | undefined) =>
    (
      await db.owner<{ status: string; queue_position: number | null; played: boolean }>(
        'select status, queue_position, played_at is not null as played from public.song_requests where id = $1',
        [id],
      )
    )[0];
  let n = 0;
  const song = (label: string) => {
    n += 1;
    return `${label} ${n}`;
  };

  describe.skipIf(skip)('duplicates become votes', () => {
    it('matches case, accents, punctuation, a leading "the", feat. parts and spaces', async () => {
      const pairs: [string, string, string, string][] = [
        ['Mr. Brightside', 'The Killers', 'mr brightside', 'killers'],
        ['MR BRIGHTSIDE!!', 'the killers', 'Mr Brightside', '  The   Killers '],
        [
          'Despacito (feat. Justin Bieber)',
          'Luis Fonsi',
          'despacito',
          'Luis Fonsi ft. Justin Bieber',
        ],
        ['Café del Mar', 'Energy 52', 'cafe del mar', 'ENERGY 52'],
        ["Don't Stop Me Now", 'Queen', 'Dont Stop Me Now', 'queen'],
        ['Losing My Religion', 'R.E.M.', 'losing my religion', 'REM'],
      ];
      for (const [t1, a1, t2, a2] of pairs) {
        const [row] = await db.owner<{ same: boolean }>(
          'select private.song_key($1, $2) = private.song_key($3, $4) as same',
          [t1, a1, t2, a2],
        );
        expect(row?.same, `${t1} / ${a1} = ${t2} / ${a2}`).toBe(true);
      }
      const [diff] = await db.owner<{ same: boolean }>(
        "select private.song_key('Brightside', 'The Killers') = private.song_key('Mr. Brightside', 'The Killers') as same",
      );
      expect(diff?.same).toBe(false);
    });

    it('adds the vote to the existing request and tells the member what happened', async () => {
      const a = await newMember(db, { firstName: 'Ann' });
      const b = await newMember(db, { firstName: 'Ben' });
      const first = await requestSong(a, 'Mr. Brightside', 'The Killers');
      expect(first).toMatchObject({
        outcome: 'created',
        request: { song_title: 'Mr. Brightside', vote_count: 0, status: 'pending' },
      });
      const second = await requestSong(b, 'mr brightside', 'killers');
      expect(second).toMatchObject({
        outcome: 'voted',
        request: { id: first.request?.id, song_title: 'Mr. Brightside', vote_count: 1 },
      });
      expect(await requestSong(b, 'MR. BRIGHTSIDE', 'the killers')).toMatchObject({
        outcome: 'already_voted',
        request: { id: first.request?.id, vote_count: 1 },
      });
      const [rows] = await db.owner<{ n: number; votes: number }>(
        `select count(*)::int as n, sum(vote_count)::int as votes from public.song_requests
         where song_key = private.song_key('Mr. Brightside', 'The Killers')`,
      );
      expect(rows).toEqual({ n: 1, votes: 1 });
    });

    it('refuses a second row for the same song through a plain insert (23505)', async () => {
      const a = await newMember(db);
      const title = song('Plain');
      await db.act(
        a,
        'insert into public.song_requests (song_title, artist, user_id) values ($1, $2, $3)',
        [title, 'The Band', a.id],
      );
      expect(
        await db.attempt(
          a,
          'insert into public.song_requests (song_title, artist, user_id) values ($1, $2, $3)',
          [title.toUpperCase(), 'band', a.id],
        ),
      ).toMatchObject({ ok: false, code: '23505' });
    });

    it('reports the vote limit instead of voting, and closed or declined songs', async () => {
      const owner = await newMember(db);
      const voter = await newMember(db);
      const used = [song('Used'), song('Used'), song('Used')];
      for (const t of used) await requestSong(owner, t, 'Band');
      for (const t of used) expect((await requestSong(voter, t, 'Band')).outcome).toBe('voted');
      const target = song('Target');
      await requestSong(owner, target, 'Band');
      expect(await requestSong(voter, target, 'band')).toMatchObject({
        outcome: 'vote_limit_reached',
        request: { vote_count: 0 },
      });

      const other = await newMember(db);
      const up = await requestSong(other, song('Queued'), 'Band');
      await setStatus(admin, up.request?.id, 'approved');
      expect(await requestSong(owner, up.request?.song_title ?? '', 'Band')).toMatchObject({
        outcome: 'closed',
        request: { status: 'approved' },
      });
      const gone = await requestSong(other, song('Declined'), 'Band');
      await setStatus(admin, gone.request?.id, 'declined');
      expect(await requestSong(owner, gone.request?.song_title ?? '', 'Band')).toEqual({
        outcome: 'unavailable',
        request: null,
      });
    });

    it('refuses empty values, profanity and visitors', async () => {
      const m = await newMember(db);
      expect(await db.attempt(m, "select public.request_song('  ', 'Band')")).toMatchObject({
        ok: false,
        code: '23514',
      });
      expect(await db.attempt(m, "select public.request_song('Shit Song', 'Band')")).toMatchObject({
        ok: false,
        code: 'P0001',
        message: 'profanity_detected',
      });
      expect(await db.attempt(null, "select public.request_song('Song', 'Band')")).toMatchObject({
        ok: false,
        code: '42501',
      });
    });
  });

  describe.skipIf(skip)('requests per night', () => {
    it('takes 5 requests a night and refuses the 6th (P0001 request_limit_reached)', async () => {
      const m = await newMember(db);
      // last night's requests do not count
      await db.owner(
        `insert into public.song_requests (song_title, artist, user_id, event_date)
         select 'Yesterday ' || g, 'Band', $1, private.business_date() - 1 from generate_series(1, 5) g`,
        [m.id],
      );
      for (let i = 0; i < 5; i++) {
        expect((await requestSong(m, song('Mine'), 'Band')).outcome).toBe('created');
      }
      const sixth = await db.attempt(m, 'select public.request_song($1, $2)', [
        song('Mine'),
        'Band',
      ]);
      expect(sixth).toMatchObject({ ok: false, code: 'P0001', message: 'request_limit_reached' });
      const insert = await db.attempt(
        m,
        'insert into public.song_requests (song_title, artist, user_id) values ($1, $2, $3)',
        [song('Mine'), 'Band', m.id],
      );
      expect(insert).toMatchObject({ ok: false, code: 'P0001', message: 'request_limit_reached' });
      // a request for a song already on the list is a vote, not a request
      const other = await newMember(db);
      const theirs = await requestSong(other, song('Theirs'), 'Band');
      expect((await requestSong(m, theirs.request?.song_title ?? '', 'Band')).outcome).toBe(
        'voted',
      );
      // staff add songs without a limit
      for (let i = 0; i < 6; i++) {
        expect((await requestSong(admin, song('Staff pick'), 'Band')).outcome).toBe('created');
      }
    });
  });

  describe.skipIf(skip)('queue states', () => {
    it('keeps Up Next in the staff order, one Now Playing and Played Tonight', async () => {
      const m = await newMember(db);
      const ids: string[] = [];
      for (let i = 0; i < 4; i++) {
        const out = await requestSong(m, song('Queue'), 'Band');
        ids.push(out.request?.id ?? '');
      }
      const [a, b, c, d] = ids;
      for (const id of [a, b, c]) await setStatus(admin, id, 'approved');
      expect((await state(a))?.queue_position).toBeLessThan((await state(b))?.queue_position ?? 0);
      await db.act(admin, 'select public.lounge_move_up_next($1, -1)', [c]);
      const order = async () =>
        (
          await db.owner<{ id: string }>(
            `select id from public.song_requests where id = any($1::uuid[]) and status = 'approved'
             order by queue_position`,
            [ids],
          )
        ).map((r) => r.id);
      expect(await order()).toEqual([a, c, b]);
      await db.act(admin, 'select public.lounge_move_up_next($1, 1)', [a]);
      expect(await order()).toEqual([c, a, b]);
      // at the end nothing changes
      await db.act(admin, 'select public.lounge_move_up_next($1, 1)', [b]);
      expect(await order()).toEqual([c, a, b]);

      await setStatus(admin, c, 'playing');
      expect(await state(c)).toEqual({ status: 'playing', queue_position: null, played: false });
      await setStatus(admin, d, 'playing');
      expect(await state(c)).toEqual({ status: 'played', queue_position: null, played: true });
      expect(await state(d)).toMatchObject({ status: 'playing' });
      const [playing] = await db.owner<{ n: number }>(
        `select count(*)::int as n from public.song_requests where status = 'playing' and event_date = private.business_date()`,
      );
      expect(playing?.n).toBe(1);
      await setStatus(admin, d, 'played');
      expect(await state(d)).toMatchObject({ status: 'played', played: true });
      expect(
        await db.attempt(admin, 'select public.lounge_move_up_next($1, -1)', [d]),
      ).toMatchObject({ ok: false, code: 'P0001', message: 'not_up_next' });
    });

    it('lets only admins change the queue', async () => {
      const m = await newMember(db);
      const out = await requestSong(m, song('Mine'), 'Band');
      expect(
        await db.attempt(m, "select public.lounge_set_status($1, 'playing')", [out.request?.id]),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await db.attempt(m, 'select public.lounge_move_up_next($1, 1)', [out.request?.id]),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await db.attempt(admin, "select public.lounge_set_status($1, 'skipped')", [
          out.request?.id,
        ]),
      ).toMatchObject({ ok: false, code: '23514' });
    });

    it('hides declined requests from members, even the requester', async () => {
      const m = await newMember(db);
      const out = await requestSong(m, song('Nope'), 'Band');
      await setStatus(admin, out.request?.id, 'declined');
      const sql = 'select id from public.song_requests where id = $1';
      expect(await db.act(m, sql, [out.request?.id])).toEqual([]);
      expect(await db.act(admin, sql, [out.request?.id])).toHaveLength(1);
    });
  });

  describe.skipIf(skip)('broadcasts', () => {
    const messagesAfter = async (id: number) =>
      db.owner<{
        topic: string;
        event: string;
        payload: Record<string, unknown>;
        private: boolean;
      }>('select topic, event, payload, private from realtime.messages where id > $1 order by id', [
        id,
      ]);
    const lastId = async () =>
      (
        await db.owner<{ id: number }>(
          'select coalesce(max(id), 0)::int as id from realtime.messages',
        )
      )[0]?.id ?? 0;
    const publicKeys = [
      'artist',
      'created_at',
      'event_date',
      'id',
      'played_at',
      'queue_position',
      'requested_by_name',
      'song_key',
      'song_title',
      'status',
      'user_id',
      'vote_count',
    ];

    it('sends new requests and votes to the lounge with the public columns only', async () => {
      const m = await newMember(db, { firstName: 'Mia' });
      const voter = await newMember(db);
      const since = await lastId();
      const out = await requestSong(m, song('Live'), 'Band');
      await requestSong(voter, out.request?.song_title ?? '', 'band');
      const msgs = await messagesAfter(since);
      const upserts = msgs.filter((x) => x.event === 'request_upsert');
      expect(upserts.map((x) => x.topic)).toEqual(['lounge:requests', 'lounge:requests']);
      expect(upserts.every((x) => x.private)).toBe(true);
      const request = upserts[1]?.payload['request'] as Record<string, unknown>;
      expect(Object.keys(request).sort()).toEqual(publicKeys);
      expect(request).toMatchObject({ vote_count: 1, requested_by_name: 'Mia' });
      expect(JSON.stringify(msgs)).not.toContain(voter.id);
      expect(JSON.stringify(msgs)).not.toContain('@example.test');
    });

    it('sends only the id of a declined request, and the playing notice to its requester alone', async () => {
      const m = await newMember(db);
      const a = await requestSong(m, song('Declined Live'), 'Band');
      const b = await requestSong(m, song('Playing Live'), 'Band');
      const since = await lastId();
      await setStatus(admin, a.request?.id, 'declined');
      await setStatus(admin, b.request?.id, 'playing');
      const msgs = await messagesAfter(since);
      expect(msgs.find((x) => x.event === 'request_removed')).toEqual({
        topic: 'lounge:requests',
        event: 'request_removed',
        payload: { id: a.request?.id },
        private: true,
      });
      expect(JSON.stringify(msgs)).not.toContain(a.request?.song_title);
      const notice = msgs.filter((x) => x.event === 'request_playing');
      expect(notice.map((x) => x.topic)).toEqual([`user:${m.id}`]);
    });

    it('sends the DJ, new reviews and the admin counts', async () => {
      const [dj] = await db.owner<{ id: string }>(
        `insert into public.djs (name) values ('DJ Live') returning id`,
      );
      const m = await newMember(db);
      const since = await lastId();
      await db.act(m, 'insert into public.dj_ratings (dj_id, user_id, rating) values ($1, $2, 4)', [
        dj?.id,
        m.id,
      ]);
      const msgs = await messagesAfter(since);
      expect(msgs.map((x) => x.event)).toEqual(
        expect.arrayContaining(['review_added', 'dj_upsert']),
      );
      const djMsg = msgs.find((x) => x.event === 'dj_upsert');
      expect(djMsg?.payload['dj']).toMatchObject({ id: dj?.id, total_ratings: 1 });
      const counts = msgs.find((x) => x.topic === 'admin:counts');
      // rating a DJ changes no dashboard figure; a new member does
      expect(counts).toBeUndefined();
      const before = await lastId();
      await newMember(db);
      const after = await messagesAfter(before);
      expect(after.find((x) => x.topic === 'admin:counts')?.payload).toMatchObject({
        users: expect.any(Number),
        pendingEvents: expect.any(Number),
        pendingBookings: expect.any(Number),
        pendingPhotos: expect.any(Number),
      });
    });
  });

  describe.skipIf(skip)('who may join which topic', () => {
    const canJoin = async (who: Member | null, topic: string) => {
      // the socket server names the topic being joined in realtime.topic (a session setting here)
      await db.owner(`select set_config('realtime.topic', $1, false)`, [topic]);
      try {
        const out = await db.attempt<{ n: number }>(
          who,
          'select count(*)::int as n from realtime.messages',
        );
        return out.ok ? (out.rows[0]?.n ?? 0) > 0 : false;
      } finally {
        await db.owner(`select set_config('realtime.topic', '', false)`);
      }
    };

    beforeAll(async () => {
      if (skip) return;
      // one message of each topic, so a join check has a row to read
      await db.owner(
        `select realtime.send('{}'::jsonb, 'probe', t, true)
         from unnest(array['lounge:requests', 'admin:counts', 'user:' || $1::text]) t`,
        [admin.id],
      );
    });

    it('lets members join the lounge and their own topic, and admins the counts', async () => {
      const m = await newMember(db);
      await db.owner(`select realtime.send('{}'::jsonb, 'probe', 'user:' || $1::text, true)`, [
        m.id,
      ]);
      expect(await canJoin(m, 'lounge:requests')).toBe(true);
      expect(await canJoin(m, `user:${m.id}`)).toBe(true);
      expect(await canJoin(m, `user:${admin.id}`)).toBe(false);
      expect(await canJoin(m, 'admin:counts')).toBe(false);
      expect(await canJoin(admin, 'admin:counts')).toBe(true);
      expect(await canJoin(null, 'lounge:requests')).toBe(false);
    });

    it('refuses messages sent from a client', async () => {
      const m = await newMember(db);
      expect(
        await db.attempt(
          m,
          `insert into realtime.messages (topic, event, payload) values ('lounge:requests', 'request_upsert', '{}')`,
        ),
      ).toMatchObject({ ok: false, code: '42501' });
      expect(
        await db.attempt(m, `select realtime.send('{}'::jsonb, 'x', 'lounge:requests', true)`),
      ).toMatchObject({ ok: false, code: '42501' });
    });
  });
});

/**
 * Business rules the database holds whatever a client sends, on PGlite and on
 * PostgreSQL 15: one DJ rating per DJ per member per night and none for a
 * future night; a birthday the member sets once; redemptions the member
 * cannot undo; votes only on open requests; requester names from the
 * profile; profanity seen through disguises; length limits on free text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { drivers, newMember, type Member, type RulesDb } from './support/drivers';
import { disguised, ordinary } from './support/profanity-cases';

describe.each(drivers.map((d) => [d.name, d] as const))('%s', (_name, driver) => {
  let db: RulesDb;
  let member: Member;
  let other: Member;
  let admin: Member;
  let dj: string;

  beforeAll(async () => {
    if (!driver.available) return;
    db = await driver.open();
    member = await newMember(db, { firstName: 'Olivia' });
    other = await newMember(db, { firstName: 'Oscar' });
    admin = await newMember(db, { firstName: 'Ada', admin: true });
    const [d] = await db.owner<{ id: string }>(
      `insert into public.djs (name) values ('DJ Lux') returning id`,
    );
    dj = d?.id ?? '';
  }, 180_000);
  afterAll(async () => {
    await db?.close();
  });

  const skip = !driver.available;

  describe.skipIf(skip)('DJ ratings', () => {
    const rate = (who: Member, date: string) =>
      db.attempt(
        who,
        'insert into public.dj_ratings (dj_id, user_id, rating, performance_date) values ($1, $2, 5, $3::date) returning id',
        [dj, who.id, date],
      );

    it('takes one rating per DJ per member per night, whatever performance date is chosen', async () => {
      const rater = await newMember(db);
      const tonight = await db.owner<{ d: string }>(`select private.business_date()::text as d`);
      await db.act(
        rater,
        'insert into public.dj_ratings (dj_id, user_id, rating, performance_date) values ($1, $2, 4, $3::date)',
        [dj, rater.id, tonight[0]?.d],
      );
      for (const date of ['2025-01-01', '2025-06-30', '2024-12-24']) {
        expect(await rate(rater, date)).toMatchObject({ ok: false, code: '23505' });
      }
      // another member, or another DJ, is a different rating
      expect((await rate(other, '2025-01-01')).ok).toBe(true);
    });

    it('refuses a future night with 23514 performance_date_in_future', async () => {
      const rater = await newMember(db);
      for (const offset of ['1 day', '30 days']) {
        const [row] = await db.owner<{ d: string }>(
          `select (private.business_date() + interval '${offset}')::date::text as d`,
        );
        expect(await rate(rater, row?.d ?? '')).toMatchObject({
          ok: false,
          code: '23514',
          message: 'performance_date_in_future',
        });
      }
      expect((await rate(rater, '2025-03-01')).ok).toBe(true);
    });

    it('stamps the night itself, whatever the client sends', async () => {
      const rater = await newMember(db);
      const out = await db.attempt(
        rater,
        `insert into public.dj_ratings (dj_id, user_id, rating, performance_date, rated_on)
         values ($1, $2, 3, date '2025-02-01', date '2020-01-01')`,
        [dj, rater.id],
      );
      expect(out).toMatchObject({ ok: false, code: '42501' });
    });
  });

  describe.skipIf(skip)('birthday', () => {
    const setBirthday = (who: Member, target: Member, date: string) =>
      db.attempt(
        who,
        'update public.profiles set birthday = $2::date where user_id = $1 returning birthday::text',
        [target.id, date],
      );

    it('lets the member set it once; a change after that is refused (42501)', async () => {
      const m = await newMember(db);
      await db.act(
        m,
        `update public.profiles set birthday = date '1990-05-01' where user_id = $1`,
        [m.id],
      );
      expect(await setBirthday(m, m, '1990-11-23')).toMatchObject({ ok: false, code: '42501' });
      // clearing it to set it again is a change too
      expect(
        await db.attempt(m, 'update public.profiles set birthday = null where user_id = $1', [
          m.id,
        ]),
      ).toMatchObject({ ok: false, code: '42501' });
      // the other contact fields stay editable
      expect(
        (
          await db.attempt(
            m,
            `update public.profiles set phone = '555-0101' where user_id = $1 returning phone`,
            [m.id],
          )
        ).ok,
      ).toBe(true);
    });

    it('cannot be reset by deleting and re-creating the profile', async () => {
      const m = await newMember(db);
      await db.act(
        m,
        `update public.profiles set birthday = date '1990-05-01' where user_id = $1`,
        [m.id],
      );
      const del = await db.attempt(
        m,
        'delete from public.profiles where user_id = $1 returning user_id',
        [m.id],
      );
      expect(del.ok && del.affected).toBe(0);
    });

    it('lets an admin change it', async () => {
      const m = await newMember(db);
      await db.act(
        m,
        `update public.profiles set birthday = date '1990-05-01' where user_id = $1`,
        [m.id],
      );
      expect(await setBirthday(admin, m, '1991-05-01')).toMatchObject({
        ok: true,
        rows: [{ birthday: '1991-05-01' }],
      });
    });
  });

  describe.skipIf(skip)('redemptions', () => {
    let offer: string;
    beforeAll(async () => {
      if (skip) return;
      const [o] = await db.owner<{ id: string }>(
        `insert into public.offers (title, offer_type) values ('Two for one', 'exclusive') returning id`,
      );
      offer = o?.id ?? '';
    });

    const usage = async () =>
      (
        await db.owner<{ n: number }>('select usage_count as n from public.offers where id = $1', [
          offer,
        ])
      )[0]?.n;

    it('cannot be undone by the member: redeem, delete, redeem again changes nothing', async () => {
      const m = await newMember(db);
      await db.act(m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
        m.id,
        offer,
      ]);
      const before = await usage();
      await db.act(m, 'select public.increment_offer_usage($1)', [offer]);
      expect(await usage()).toBe((before ?? 0) + 1);

      const del = await db.attempt(
        m,
        'delete from public.user_offers where user_id = $1 and offer_id = $2 returning id',
        [m.id, offer],
      );
      expect(del.ok && del.affected).toBe(0);
      await db.act(m, 'delete from public.user_offers where user_id = $1', [m.id]);

      expect(
        await db.attempt(m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
          m.id,
          offer,
        ]),
      ).toMatchObject({ ok: false, code: '23505' });
      await db.act(m, 'select public.increment_offer_usage($1)', [offer]);
      expect(await usage()).toBe((before ?? 0) + 1);
    });

    it('admins can still delete a redemption', async () => {
      const m = await newMember(db);
      await db.act(m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
        m.id,
        offer,
      ]);
      const del = await db.attempt(
        admin,
        'delete from public.user_offers where user_id = $1 returning id',
        [m.id],
      );
      expect(del.ok && del.affected).toBe(1);
    });

    it("account deletion still removes the member's data, redemptions included", async () => {
      const m = await newMember(db);
      await db.act(m, 'insert into public.user_offers (user_id, offer_id) values ($1, $2)', [
        m.id,
        offer,
      ]);
      await db.act(m, 'select public.delete_my_account_data()');
      const [left] = await db.owner<{ offers: number; profiles: number }>(
        `select (select count(*)::int from public.user_offers where user_id = $1) as offers,
                (select count(*)::int from public.profiles where user_id = $1) as profiles`,
        [m.id],
      );
      expect(left).toEqual({ offers: 0, profiles: 0 });
      expect(await db.attempt(null, 'select public.delete_my_account_data()')).toMatchObject({
        ok: false,
        code: '42501',
      });
    });
  });

  describe.skipIf(skip)('votes and requester names', () => {
    // a song is requested once a night (a second request is a vote): each test requests its own
    let songs = 0;
    const newRequest = async (who: Member, extra = '') => {
      songs += 1;
      const [r] = await db.act<{ id: string; requested_by_name: string }>(
        who,
        `insert into public.song_requests (song_title, artist, user_id${extra ? ', requested_by_name' : ''})
         values ('Blue Monday ' || ${songs}, 'New Order', $1${extra ? ', $2' : ''}) returning id, requested_by_name`,
        extra ? [who.id, extra] : [who.id],
      );
      return r ?? { id: '', requested_by_name: '' };
    };

    it.each(['approved', 'played', 'declined'])(
      'refuses a vote on a %s request (P0001 song_request_closed)',
      async (status) => {
        const r = await newRequest(member);
        await db.act(admin, 'update public.song_requests set status = $2 where id = $1', [
          r.id,
          status,
        ]);
        expect(
          await db.attempt(
            other,
            'insert into public.song_votes (song_request_id, user_id) values ($1, $2)',
            [r.id, other.id],
          ),
        ).toMatchObject({ ok: false, code: 'P0001', message: 'song_request_closed' });
      },
    );

    it('takes a vote on a pending request', async () => {
      const r = await newRequest(member);
      const out = await db.attempt(
        other,
        'insert into public.song_votes (song_request_id, user_id) values ($1, $2) returning song_request_id',
        [r.id, other.id],
      );
      expect(out.ok).toBe(true);
    });

    it('names the requester from the profile, never from what the client sends', async () => {
      const m = await newMember(db, { firstName: 'Nova' });
      await db.act(m, `update public.profiles set first_name = 'Nina' where user_id = $1`, [m.id]);
      expect((await newRequest(m, 'DJ Nova (staff)')).requested_by_name).toBe('Nina');
      await db.act(m, `update public.profiles set first_name = null where user_id = $1`, [m.id]);
      expect((await newRequest(m)).requested_by_name).toBe('Anonymous');
    });
  });

  describe.skipIf(skip)('profanity', () => {
    it.each(disguised.map((t) => [t]))('refuses %j', async (title) => {
      expect(
        await db.attempt(
          member,
          `insert into public.song_requests (song_title, artist, user_id) values ($1, 'Band', $2)`,
          [title, member.id],
        ),
      ).toMatchObject({ ok: false, code: 'P0001', message: 'profanity_detected' });
    });

    it.each(ordinary.map((t) => [t]))('accepts %j', async (title) => {
      const out = await db.attempt(
        member,
        `insert into public.song_requests (song_title, artist, user_id) values ($1, 'Band', $2) returning id`,
        [title, member.id],
      );
      expect(out.ok ? 'ok' : out.message).toBe('ok');
    });
  });

  describe.skipIf(skip)('length limits', () => {
    const booking = (specialRequests: string) =>
      db.attempt(
        member,
        `insert into public.event_bookings (user_id, name, email, phone, special_requests, event_date)
         values ($1, 'Olivia', 'o@example.test', '1', $2, '2031-05-02T23:00:00Z') returning id`,
        [member.id, specialRequests],
      );

    it('takes 2,000 characters of special requests and refuses more, naming the limit', async () => {
      expect((await booking('x'.repeat(2000))).ok).toBe(true);
      const out = await booking('x'.repeat(2001));
      expect(out).toMatchObject({ ok: false, code: '23514' });
      expect(out.ok ? '' : out.message).toContain('event_bookings_special_requests_length');
      expect((await booking('x'.repeat(1_000_000))).ok).toBe(false);
    });

    it.each([
      ['profiles', 'first_name', 201, 'profiles_first_name_length'],
      ['profiles', 'last_name', 201, 'profiles_last_name_length'],
      ['profiles', 'phone', 51, 'profiles_phone_length'],
    ])('refuses %s.%s of %i characters', async (table, column, n, constraint) => {
      const out = await db.attempt(
        member,
        `update public.${table} set ${column} = $2 where user_id = $1 returning user_id`,
        [member.id, 'y'.repeat(n)],
      );
      expect(out).toMatchObject({ ok: false, code: '23514' });
      expect(out.ok ? '' : out.message).toContain(constraint);
    });

    it.each([
      ['events', 'description', 5001, 'events_description_length'],
      ['offers', 'description', 2001, 'offers_description_length'],
      ['djs', 'bio', 2001, 'djs_bio_length'],
    ])('refuses an admin writing %s.%s of %i characters', async (table, column, n, constraint) => {
      const [row] = await db.owner<{ id: string }>(`select id from public.${table} limit 1`);
      const id =
        row?.id ??
        (
          await db.owner<{ id: string }>(
            `insert into public.events (title, event_date, is_approved) values ('Gala', now(), true) returning id`,
          )
        )[0]?.id;
      const out = await db.attempt(
        admin,
        `update public.${table} set ${column} = $2 where id = $1 returning id`,
        [id, 'z'.repeat(n)],
      );
      expect(out).toMatchObject({ ok: false, code: '23514' });
      expect(out.ok ? '' : out.message).toContain(constraint);
    });
  });
});

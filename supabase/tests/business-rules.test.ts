/**
 * The business numbers live in the database (public.business_rules() and the
 * CHECK constraints); the app's libs/data/src/business-rules.ts is generated
 * from them and must match. The numbers are the ones the rules enforce.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { clientFile, clientModule, rulesFromDb } from '../business-rules/generate';
import { venue } from '../functions/_shared/venue';
import { act, attempt, createDb, createMember, visitor } from './support/db';

let db: PGlite;

beforeAll(async () => {
  db = await createDb();
});
afterAll(async () => {
  await db?.close();
});

describe('business rules', () => {
  it("the app's business-rules.ts is what the database generates", async () => {
    const fresh = clientModule(await rulesFromDb(db));
    expect(
      readFileSync(clientFile, 'utf8') === fresh,
      'business-rules.ts drifted: run node --import tsx supabase/business-rules/generate.ts',
    ).toBe(true);
  });

  it("the edge functions' mails and .ics use the database's time zone", async () => {
    const { rules } = await rulesFromDb(db);
    expect(venue.timeZone).toBe(rules['venue_time_zone']);
  });

  it('anyone reads them, visitors too', async () => {
    const [read] = await act<{ rules: Record<string, unknown> }>(
      db,
      visitor,
      'select public.business_rules() as rules',
    );
    expect(read?.rules).toMatchObject({
      votes_per_night: 3,
      requests_per_night: 5,
      booking_guests_min: 1,
      booking_guests_max: 20,
      rating_stars_max: 5,
      birthday_offer_days: 7,
      business_day_rollover_hour: 4,
      venue_time_zone: 'America/New_York',
    });
  });

  it('the constraints and policies call the same functions', async () => {
    const defs = await db.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
       where conname in ('event_bookings_number_of_guests_check', 'dj_ratings_rating_check', 'song_votes_slot_check')
       order by 1`,
    );
    expect(defs.rows.map((r) => r.def)).toEqual([
      expect.stringContaining('private.rating_stars_max()'),
      expect.stringMatching(/private\.booking_guests_min\(\).*private\.booking_guests_max\(\)/),
      expect.stringContaining('private.votes_per_night()'),
    ]);
    const offer = await db.query<{ src: string }>(
      `select prosrc as src from pg_proc where proname = 'can_see_offer_type'`,
    );
    expect(offer.rows[0]?.src).toContain('private.birthday_offer_days()');
  });

  it('a booking outside the guest range is refused at the number the app shows', async () => {
    const member = await createMember(db, 'Guests');
    const outcomes: [number, boolean, string][] = [];
    for (const guests of [0, 1, 20, 21]) {
      const res = await attempt(
        db,
        member,
        `insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_date)
         values ($1, 'Guest', 'g@example.test', '555', $2, now() + interval '30 days') returning id`,
        [member.id, guests],
      );
      outcomes.push([guests, res.ok, res.ok ? '' : `${res.code} ${res.message}`]);
    }
    expect(outcomes).toEqual([
      [0, false, expect.stringMatching(/^23514 .*event_bookings_number_of_guests_check/)],
      [1, true, ''],
      [20, true, ''],
      [21, false, expect.stringMatching(/^23514 .*event_bookings_number_of_guests_check/)],
    ]);
  });

  it('would notice a changed number (the drift check can fail)', async () => {
    await db.exec(`create or replace function private.votes_per_night() returns integer
                   language sql immutable set search_path = '' as $$ select 4 $$`);
    const changed = clientModule(await rulesFromDb(db));
    expect(changed).toContain('votes_per_night: 4,');
    expect(changed).not.toBe(readFileSync(clientFile, 'utf8'));
  });
});

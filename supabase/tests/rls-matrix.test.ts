/**
 * Every table and verb for the four actors (visitor, the member who owns the
 * row, another member, an admin), allowed and denied. Each probe runs as the
 * actor (role + JWT claims, as the REST layer does) and is rolled back, so all
 * probes see the same fixture.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PGlite } from '@electric-sql/pglite';
import { asOwner, attempt, createCast, createDb, createMember, type Actor, type Cast } from './support/db';

type Who = 'visitor' | 'owner' | 'other' | 'admin';
type Expect = Record<Who, boolean>;

const only = (...who: Who[]): Expect => ({
  visitor: who.includes('visitor'),
  owner: who.includes('owner'),
  other: who.includes('other'),
  admin: who.includes('admin'),
});
const nobody = only();
const everyone = only('visitor', 'owner', 'other', 'admin');

interface Ids {
  cast: Cast;
  newbie: Actor & { kind: 'member' };
  victim: Actor & { kind: 'member' };
  approvedEvent: string;
  pendingEvent: string;
  booking: string;
  exclusiveOffer: string;
  surpriseOffer: string;
  redemption: string;
  pendingPhoto: string;
  approvedPhoto: string;
  analyticsRow: string;
  activeDj: string;
  inactiveDj: string;
  rating: string;
  request: string;
  otherRequest: string;
  vote: string;
}

interface Case {
  name: string;
  expect: Expect;
  /** SQL and params; `me` is the acting user's id (null for visitors). */
  sql: (ids: Ids, me: string | null) => [string, unknown[]];
  /** the actor playing "owner" (defaults to the cast's owner) */
  owner?: (ids: Ids) => Actor;
  /** what counts as allowed for a select: the row is returned */
  kind?: 'read' | 'write';
}

let db: PGlite;
let ids: Ids;

beforeAll(async () => {
  db = await createDb();
  const cast = await createCast(db);
  const newbie = await createMember(db, 'Newbie');
  await asOwner(db, 'delete from public.profiles where user_id = $1', [newbie.id]);
  const victim = await createMember(db, 'Victim');
  const one = async (sql: string, params: unknown[] = []): Promise<string> => {
    const rows = await asOwner<{ id: string }>(db, sql, params);
    const id = rows[0]?.id;
    if (!id) throw new Error(`fixture failed: ${sql}`);
    return id;
  };
  const o = cast.owner.id;
  await asOwner(db, `insert into public.user_roles (user_id, role) values ($1, 'user')`, [o]);
  const approvedEvent = await one(
    `insert into public.events (title, event_date, is_approved, created_by) values ('Open night', now() + interval '2 days', true, $1) returning id`,
    [cast.admin.id],
  );
  const pendingEvent = await one(
    `insert into public.events (title, event_date, is_approved) values ('Maybe night', now() + interval '5 days', false) returning id`,
  );
  const booking = await one(
    `insert into public.event_bookings (user_id, name, email, phone, event_title, number_of_guests) values ($1, 'Olivia', 'o@example.test', '555-0101', 'Open night', 2) returning id`,
    [o],
  );
  const exclusiveOffer = await one(
    `insert into public.offers (title, offer_type, valid_until) values ('Ten off', 'exclusive', now() + interval '9 days') returning id`,
  );
  const surpriseOffer = await one(
    `insert into public.offers (title, offer_type, valid_until) values ('Surprise', 'surprise', now() + interval '9 days') returning id`,
  );
  const redemption = await one(`insert into public.user_offers (user_id, offer_id) values ($1, $2) returning id`, [
    o,
    exclusiveOffer,
  ]);
  const pendingPhoto = await one(
    `insert into public.photo_wall (user_id, image_url, caption) values ($1, 'https://img.test/p.jpg', 'Victory moment!') returning id`,
    [o],
  );
  const approvedPhoto = await one(
    `insert into public.photo_wall (user_id, image_url, is_approved, approved_at) values ($1, 'https://img.test/a.jpg', true, now()) returning id`,
    [o],
  );
  const analyticsRow = await one(
    `insert into public.analytics (user_id, event_type, event_data) values ($1, 'photo_uploaded', '{}') returning id`,
    [o],
  );
  const activeDj = await one(`insert into public.djs (name, genre_specialties) values ('DJ Test', '{House}') returning id`);
  const inactiveDj = await one(`insert into public.djs (name, is_active) values ('DJ Retired', false) returning id`);
  const rating = await one(`insert into public.dj_ratings (dj_id, user_id, rating) values ($1, $2, 4) returning id`, [
    activeDj,
    o,
  ]);
  const request = await one(
    `insert into public.song_requests (song_title, artist, user_id) values ('Song A', 'Artist A', $1) returning id`,
    [o],
  );
  const otherRequest = await one(
    `insert into public.song_requests (song_title, artist, user_id) values ('Song B', 'Artist B', $1) returning id`,
    [cast.other.id],
  );
  await asOwner(db, `insert into public.song_votes (song_request_id, user_id) values ($1, $2)`, [request, o]);
  await asOwner(db, `insert into storage.objects (bucket_id, name) values ('photo-wall', $1)`, [`${o}/1.jpg`]);
  ids = {
    cast,
    newbie,
    victim,
    approvedEvent,
    pendingEvent,
    booking,
    exclusiveOffer,
    surpriseOffer,
    redemption,
    pendingPhoto,
    approvedPhoto,
    analyticsRow,
    activeDj,
    inactiveDj,
    rating,
    request,
    otherRequest,
    vote: request,
  };
});

afterAll(async () => {
  await db?.close();
});

const tables: Record<string, Case[]> = {
  profiles: [
    {
      name: "reads the owner's profile",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select user_id from public.profiles where user_id = $1', [i.cast.owner.id]],
    },
    {
      name: 'inserts a profile for the owner (upsert path)',
      owner: (i) => i.newbie,
      expect: only('owner'),
      sql: (i) => ["insert into public.profiles (user_id, first_name) values ($1, 'New') returning user_id", [i.newbie.id]],
    },
    {
      name: "updates the owner's contact fields",
      expect: only('owner', 'admin'),
      sql: (i) => ["update public.profiles set first_name = 'Liv', phone = '555' where user_id = $1", [i.cast.owner.id]],
    },
    {
      name: "sets the owner's vip_status",
      expect: only('admin'),
      sql: (i) => ['update public.profiles set vip_status = true where user_id = $1', [i.cast.owner.id]],
    },
    {
      name: "sets the owner's total_bookings",
      expect: nobody,
      sql: (i) => ['update public.profiles set total_bookings = 99 where user_id = $1', [i.cast.owner.id]],
    },
    {
      name: "deletes the owner's profile",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.profiles where user_id = $1', [i.cast.owner.id]],
    },
  ],
  user_roles: [
    {
      name: "reads the owner's roles",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select id from public.user_roles where user_id = $1', [i.cast.owner.id]],
    },
    {
      name: 'grants the owner admin (self-promotion for the owner)',
      expect: only('admin'),
      sql: (i) => ["insert into public.user_roles (user_id, role) values ($1, 'admin')", [i.cast.owner.id]],
    },
    {
      name: "changes the owner's role",
      expect: nobody,
      sql: (i) => ["update public.user_roles set role = 'admin' where user_id = $1", [i.cast.owner.id]],
    },
    {
      name: "deletes the owner's role",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.user_roles where user_id = $1', [i.cast.owner.id]],
    },
    {
      name: "revokes the admin's admin role",
      expect: only('admin'),
      sql: (i) => ["delete from public.user_roles where user_id = $1 and role = 'admin'", [i.cast.admin.id]],
    },
  ],
  events: [
    {
      name: 'reads an approved event',
      kind: 'read',
      expect: everyone,
      sql: (i) => ['select id from public.events where id = $1', [i.approvedEvent]],
    },
    {
      name: 'reads a pending event',
      kind: 'read',
      expect: only('admin'),
      sql: (i) => ['select id from public.events where id = $1', [i.pendingEvent]],
    },
    {
      name: 'creates an event',
      expect: only('admin'),
      sql: (_i, me) => [
        "insert into public.events (title, description, event_date, created_by, is_approved) values ('New', 'x', now() + interval '1 day', $1, true)",
        [me],
      ],
    },
    {
      name: 'approves a pending event',
      expect: only('admin'),
      sql: (i) => ['update public.events set is_approved = true where id = $1', [i.pendingEvent]],
    },
    {
      name: 'deletes an event',
      expect: only('admin'),
      sql: (i) => ['delete from public.events where id = $1', [i.approvedEvent]],
    },
  ],
  event_bookings: [
    {
      name: "reads the owner's booking",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select id from public.event_bookings where id = $1', [i.booking]],
    },
    {
      name: 'books for the owner',
      expect: only('owner'),
      sql: (i) => [
        "insert into public.event_bookings (user_id, name, email, phone, number_of_guests) values ($1, 'N', 'n@example.test', '555', 3)",
        [i.cast.owner.id],
      ],
    },
    {
      name: 'books for the owner as already approved',
      expect: nobody,
      sql: (i) => [
        "insert into public.event_bookings (user_id, name, email, phone, status) values ($1, 'N', 'n@example.test', '555', 'approved')",
        [i.cast.owner.id],
      ],
    },
    {
      name: "approves the owner's booking with notes",
      expect: only('admin'),
      sql: (i, me) => [
        "update public.event_bookings set status = 'approved', admin_notes = 'See you', approved_at = now(), approved_by = $2 where id = $1",
        [i.booking, me],
      ],
    },
    {
      name: "changes the guests of the owner's booking",
      expect: nobody,
      sql: (i) => ['update public.event_bookings set number_of_guests = 5 where id = $1', [i.booking]],
    },
    {
      name: "deletes the owner's booking",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.event_bookings where id = $1', [i.booking]],
    },
  ],
  offers: [
    {
      name: 'reads an active exclusive offer',
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: (i) => ['select id from public.offers where id = $1', [i.exclusiveOffer]],
    },
    {
      name: 'creates an offer',
      expect: only('admin'),
      sql: () => ["insert into public.offers (title, offer_type, valid_until) values ('New', 'vip', now() + interval '1 day')", []],
    },
    {
      name: 'edits an offer',
      expect: only('admin'),
      sql: (i) => ['update public.offers set discount_percentage = 30 where id = $1', [i.exclusiveOffer]],
    },
    {
      name: "sets an offer's usage_count",
      expect: nobody,
      sql: (i) => ['update public.offers set usage_count = 1000 where id = $1', [i.exclusiveOffer]],
    },
    {
      name: 'deletes an offer',
      expect: only('admin'),
      sql: (i) => ['delete from public.offers where id = $1', [i.surpriseOffer]],
    },
  ],
  user_offers: [
    {
      name: "reads the owner's redemption",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select id from public.user_offers where id = $1', [i.redemption]],
    },
    {
      name: 'redeems an offer for the owner',
      expect: only('owner'),
      sql: (i) => ['insert into public.user_offers (user_id, offer_id) values ($1, $2)', [i.cast.owner.id, i.surpriseOffer]],
    },
    {
      name: "marks the owner's redemption as counted",
      expect: nobody,
      sql: (i) => ['update public.user_offers set usage_counted = true where id = $1', [i.redemption]],
    },
    {
      name: "deletes the owner's redemption",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.user_offers where id = $1', [i.redemption]],
    },
  ],
  photo_wall: [
    {
      name: "reads the owner's pending photo",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select id from public.photo_wall where id = $1', [i.pendingPhoto]],
    },
    {
      name: "reads the owner's approved photo",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: (i) => ['select id from public.photo_wall where id = $1', [i.approvedPhoto]],
    },
    {
      name: 'uploads a photo for the owner',
      expect: only('owner'),
      sql: (i) => [
        "insert into public.photo_wall (user_id, image_url, caption) values ($1, 'https://img.test/n.jpg', 'Victory moment!')",
        [i.cast.owner.id],
      ],
    },
    {
      name: 'uploads a photo for the owner as approved',
      expect: nobody,
      sql: (i) => [
        "insert into public.photo_wall (user_id, image_url, is_approved) values ($1, 'https://img.test/n.jpg', true)",
        [i.cast.owner.id],
      ],
    },
    {
      name: "approves the owner's photo",
      expect: only('admin'),
      sql: (i, me) => [
        'update public.photo_wall set is_approved = true, approved_at = now(), approved_by = $2 where id = $1',
        [i.pendingPhoto, me],
      ],
    },
    {
      name: "features the owner's approved photo",
      expect: only('admin'),
      sql: (i) => ['update public.photo_wall set is_featured = true where id = $1', [i.approvedPhoto]],
    },
    {
      name: "edits the owner's caption",
      expect: nobody,
      sql: (i) => ["update public.photo_wall set caption = 'edited' where id = $1", [i.approvedPhoto]],
    },
    {
      name: "deletes the owner's photo",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.photo_wall where id = $1', [i.pendingPhoto]],
    },
  ],
  analytics: [
    {
      name: "reads the owner's analytics event",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select id from public.analytics where id = $1', [i.analyticsRow]],
    },
    {
      name: 'records an event for the owner',
      expect: only('owner'),
      sql: (i) => [
        `insert into public.analytics (user_id, event_type, event_data) values ($1, 'booking_created', '{"guests": 2}')`,
        [i.cast.owner.id],
      ],
    },
    {
      name: "edits the owner's analytics event",
      expect: nobody,
      sql: (i) => ["update public.analytics set event_type = 'offer_redeemed' where id = $1", [i.analyticsRow]],
    },
    {
      name: "deletes the owner's analytics event",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.analytics where id = $1', [i.analyticsRow]],
    },
  ],
  djs: [
    {
      name: 'reads an active DJ',
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: (i) => ['select id from public.djs where id = $1', [i.activeDj]],
    },
    {
      name: 'reads an inactive DJ',
      kind: 'read',
      expect: only('admin'),
      sql: (i) => ['select id from public.djs where id = $1', [i.inactiveDj]],
    },
    {
      name: 'adds a DJ',
      expect: only('admin'),
      sql: () => ["insert into public.djs (name, bio, genre_specialties) values ('DJ New', 'b', '{Jazz}')", []],
    },
    {
      name: "edits a DJ's bio",
      expect: only('admin'),
      sql: (i) => ["update public.djs set bio = 'new bio' where id = $1", [i.activeDj]],
    },
    {
      name: "sets a DJ's average_rating",
      expect: nobody,
      sql: (i) => ['update public.djs set average_rating = 5 where id = $1', [i.activeDj]],
    },
    {
      name: 'deletes a DJ',
      expect: only('admin'),
      sql: (i) => ['delete from public.djs where id = $1', [i.inactiveDj]],
    },
  ],
  dj_ratings: [
    {
      name: "reads the owner's rating",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: (i) => ['select id from public.dj_ratings where id = $1', [i.rating]],
    },
    {
      name: 'rates a DJ for the owner',
      expect: only('owner'),
      sql: (i) => [
        "insert into public.dj_ratings (dj_id, user_id, rating, comment, performance_date) values ($1, $2, 5, null, date '2025-01-01')",
        [i.activeDj, i.cast.owner.id],
      ],
    },
    {
      name: "changes the owner's rating",
      expect: nobody,
      sql: (i) => ['update public.dj_ratings set rating = 1 where id = $1', [i.rating]],
    },
    {
      name: "deletes the owner's rating",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.dj_ratings where id = $1', [i.rating]],
    },
  ],
  song_requests: [
    {
      name: "reads the owner's request",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: (i) => ['select id from public.song_requests where id = $1', [i.request]],
    },
    {
      name: 'requests a song for the owner',
      expect: only('owner'),
      sql: (i) => [
        "insert into public.song_requests (song_title, artist, user_id, requested_by_name) values ('Song C', 'Artist C', $1, 'Olivia')",
        [i.cast.owner.id],
      ],
    },
    {
      name: "changes the status of the owner's request",
      expect: only('admin'),
      sql: (i) => ["update public.song_requests set status = 'played' where id = $1", [i.request]],
    },
    {
      name: "sets the owner's request vote_count",
      expect: nobody,
      sql: (i) => ['update public.song_requests set vote_count = 50 where id = $1', [i.request]],
    },
    {
      name: "renames the owner's request",
      expect: nobody,
      sql: (i) => ["update public.song_requests set song_title = 'Other' where id = $1", [i.request]],
    },
    {
      name: "deletes the owner's request",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.song_requests where id = $1', [i.request]],
    },
  ],
  song_votes: [
    {
      name: "reads the owner's vote",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: (i) => ['select user_id from public.song_votes where song_request_id = $1 and user_id = $2', [i.vote, i.cast.owner.id]],
    },
    {
      name: 'votes for the owner',
      expect: only('owner'),
      sql: (i) => ['insert into public.song_votes (song_request_id, user_id) values ($1, $2)', [i.otherRequest, i.cast.owner.id]],
    },
    {
      name: "moves the owner's vote",
      expect: nobody,
      sql: (i) => [
        'update public.song_votes set song_request_id = $1 where song_request_id = $2 and user_id = $3',
        [i.otherRequest, i.vote, i.cast.owner.id],
      ],
    },
    {
      name: "removes the owner's vote",
      expect: only('owner', 'admin'),
      sql: (i) => ['delete from public.song_votes where song_request_id = $1 and user_id = $2', [i.vote, i.cast.owner.id]],
    },
  ],
  'storage.objects': [
    {
      name: "reads the owner's photo file",
      kind: 'read',
      expect: everyone,
      sql: (i) => ["select id from storage.objects where bucket_id = 'photo-wall' and name = $1", [`${i.cast.owner.id}/1.jpg`]],
    },
    {
      name: "uploads into the owner's photo-wall folder",
      expect: only('owner'),
      sql: (i) => ["insert into storage.objects (bucket_id, name) values ('photo-wall', $1)", [`${i.cast.owner.id}/2.jpg`]],
    },
    {
      name: 'uploads an event image outside any member folder',
      expect: only('admin'),
      sql: () => ["insert into storage.objects (bucket_id, name) values ('event-images', 'events/flyer.png')", []],
    },
    {
      name: "uploads a booking image into the owner's event-images folder",
      expect: only('owner', 'admin'),
      sql: (i) => ["insert into storage.objects (bucket_id, name) values ('event-images', $1)", [`${i.cast.owner.id}/b.png`]],
    },
    {
      name: "replaces the owner's photo file",
      expect: only('owner'),
      sql: (i) => [
        "update storage.objects set metadata = '{\"size\": 1}' where bucket_id = 'photo-wall' and name = $1",
        [`${i.cast.owner.id}/1.jpg`],
      ],
    },
    {
      name: "deletes the owner's photo file",
      expect: only('owner', 'admin'),
      sql: (i) => ["delete from storage.objects where bucket_id = 'photo-wall' and name = $1", [`${i.cast.owner.id}/1.jpg`]],
    },
  ],
  'rpc functions': [
    {
      name: "counts usage of the owner's redeemed offer (increment_offer_usage)",
      expect: only('owner'),
      sql: (i) => ['select public.increment_offer_usage($1) as n', [i.exclusiveOffer]],
    },
    {
      name: 'deletes a member account (admin_delete_user)',
      expect: only('admin'),
      sql: (i, me) => ['select public.admin_delete_user($1, $2)', [i.victim.id, me]],
    },
  ],
};

const actorsOf = (c: Case): Record<Who, Actor> => ({
  visitor: ids.cast.visitor,
  owner: c.owner ? c.owner(ids) : ids.cast.owner,
  other: ids.cast.other,
  admin: ids.cast.admin,
});

describe.each(Object.entries(tables))('%s', (_table, cases) => {
  const rows = cases.flatMap((c) =>
    (['visitor', 'owner', 'other', 'admin'] as const).map((who) => ({ c, who, allowed: c.expect[who] })),
  );
  it.each(rows.map((r) => [`${r.who} ${r.allowed ? 'may' : 'may not'}: ${r.c.name}`, r] as const))(
    '%s',
    async (_title, { c, who, allowed }) => {
      const actor = actorsOf(c)[who];
      const me = actor.kind === 'member' ? actor.id : null;
      const [sql, params] = c.sql(ids, me);
      const out = await attempt(db, actor, sql, params);
      const succeeded = c.kind === 'read' ? out.ok && out.rows.length === 1 : out.ok && out.affected > 0;
      if (allowed) {
        expect(out.ok ? 'ok' : `${out.code}: ${out.message}`).toBe('ok');
      }
      expect(succeeded).toBe(allowed);
    },
  );
});

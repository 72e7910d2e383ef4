/**
 * The RLS matrix: every table and verb, for the four actors (visitor, the
 * member who owns the row, another member, an admin), allowed or denied.
 * Each case has a SQL form (run in PGlite as the actor, rolled back) and a
 * supabase-js form (run against the backend's REST/storage API, with the
 * fixture restored before every probe). Both test files share the fixture.
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export type Who = 'visitor' | 'owner' | 'other' | 'admin';
export type Expect = Record<Who, boolean>;

export const only = (...who: Who[]): Expect => ({
  visitor: who.includes('visitor'),
  owner: who.includes('owner'),
  other: who.includes('other'),
  admin: who.includes('admin'),
});
export const nobody = only();
export const everyone = only('visitor', 'owner', 'other', 'admin');

/** Fixed ids, so the fixture can be restored between API probes. */
export const ids = {
  owner: 'b1000000-0000-4000-8000-000000000001',
  other: 'b1000000-0000-4000-8000-000000000002',
  admin: 'b1000000-0000-4000-8000-000000000003',
  newbie: 'b1000000-0000-4000-8000-000000000004',
  victim: 'b1000000-0000-4000-8000-000000000005',
  approvedEvent: 'b2000000-0000-4000-8000-000000000001',
  pendingEvent: 'b2000000-0000-4000-8000-000000000002',
  booking: 'b3000000-0000-4000-8000-000000000001',
  exclusiveOffer: 'b4000000-0000-4000-8000-000000000001',
  surpriseOffer: 'b4000000-0000-4000-8000-000000000002',
  redemption: 'b5000000-0000-4000-8000-000000000001',
  pendingPhoto: 'b6000000-0000-4000-8000-000000000001',
  approvedPhoto: 'b6000000-0000-4000-8000-000000000002',
  analyticsRow: 'b7000000-0000-4000-8000-000000000001',
  activeDj: 'b8000000-0000-4000-8000-000000000001',
  inactiveDj: 'b8000000-0000-4000-8000-000000000002',
  rating: 'b9000000-0000-4000-8000-000000000001',
  request: 'ba000000-0000-4000-8000-000000000001',
  otherRequest: 'ba000000-0000-4000-8000-000000000002',
  approvedEventImage: 'bb000000-0000-4000-8000-000000000001',
  pendingEventImage: 'bb000000-0000-4000-8000-000000000002',
} as const;

export const password = 'matrix-password-1';
export const emailOf = (who: 'owner' | 'other' | 'admin' | 'newbie'): string =>
  `${who}.matrix@example.test`;
export const ownerFile = `${ids.owner}/1.png`;

/** Creates the matrix users once (owner, other, admin, newbie can sign in). */
export const usersSql = `
insert into auth.users (id, aud, role, email, encrypted_password, email_confirmed_at, raw_user_meta_data, raw_app_meta_data)
select u.id::uuid, 'authenticated', 'authenticated', u.email,
       extensions.crypt('${password}', extensions.gen_salt('bf', 4)), now(),
       jsonb_build_object('first_name', u.first_name), '{"provider": "email", "providers": ["email"]}'
from (values
  ('${ids.owner}', '${emailOf('owner')}', 'Olivia'),
  ('${ids.other}', '${emailOf('other')}', 'Oscar'),
  ('${ids.admin}', '${emailOf('admin')}', 'Ada'),
  ('${ids.newbie}', '${emailOf('newbie')}', 'Nia')
) as u (id, email, first_name)
on conflict (id) do nothing;
insert into auth.identities (provider_id, user_id, identity_data, provider)
select id::text, id, jsonb_build_object('sub', id::text, 'email', email, 'email_verified', true), 'email'
from auth.users where id in ('${ids.owner}', '${ids.other}', '${ids.admin}', '${ids.newbie}')
on conflict do nothing;
`;

/** Restores the fixture: wipes the app tables and writes the known rows. */
export const fixtureSql = `
truncate public.song_votes, public.song_requests, public.dj_ratings, public.djs, public.analytics,
  public.photo_wall, public.user_offers, public.offers, public.event_bookings, public.event_images,
  public.events, private.booking_mails, private.booking_cancel_tokens,
  public.table_mail_outbox, public.table_request_bottles, public.table_requests,
  public.lounge_table_minimums, public.guest_list_entries, public.guest_lists;
delete from storage.objects where bucket_id in ('photo-wall', 'event-images');
insert into auth.users (id, aud, role, email, raw_user_meta_data)
values ('${ids.victim}', 'authenticated', 'authenticated', 'victim.matrix@example.test', '{"first_name": "Vic"}')
on conflict (id) do nothing;
insert into public.profiles (user_id, first_name, email)
select id, raw_user_meta_data ->> 'first_name', email from auth.users
where id in ('${ids.owner}', '${ids.other}', '${ids.admin}', '${ids.victim}')
on conflict (user_id) do nothing;
update public.profiles set vip_status = false, total_bookings = 0, first_name = 'Olivia', phone = null
where user_id = '${ids.owner}';
delete from public.profiles where user_id = '${ids.newbie}';
delete from public.user_roles where user_id in ('${ids.owner}', '${ids.other}', '${ids.admin}', '${ids.newbie}', '${ids.victim}');
insert into public.user_roles (user_id, role) values ('${ids.owner}', 'user'), ('${ids.admin}', 'admin');
insert into public.events (id, title, event_date, is_approved, created_by) values
  ('${ids.approvedEvent}', 'Open night', now() + interval '2 days', true, '${ids.admin}'),
  ('${ids.pendingEvent}', 'Maybe night', now() + interval '5 days', false, null);
insert into public.event_images (id, event_id, image_url, alt_text, position) values
  ('${ids.approvedEventImage}', '${ids.approvedEvent}', 'https://img.test/e1.webp', 'Stage lights', 0),
  ('${ids.pendingEventImage}', '${ids.pendingEvent}', 'https://img.test/e2.webp', 'Rooftop', 0);
insert into public.event_bookings (id, user_id, name, email, phone, event_title, number_of_guests)
values ('${ids.booking}', '${ids.owner}', 'Olivia', 'o@example.test', '555-0101', 'Open night', 2);
insert into public.offers (id, title, offer_type, valid_until) values
  ('${ids.exclusiveOffer}', 'Ten off', 'exclusive', now() + interval '9 days'),
  ('${ids.surpriseOffer}', 'Surprise', 'surprise', now() + interval '9 days');
insert into public.user_offers (id, user_id, offer_id) values ('${ids.redemption}', '${ids.owner}', '${ids.exclusiveOffer}');
insert into public.photo_wall (id, user_id, image_url, caption, is_approved, approved_at) values
  ('${ids.pendingPhoto}', '${ids.owner}', 'https://img.test/p.jpg', 'Victory moment!', false, null),
  ('${ids.approvedPhoto}', '${ids.owner}', 'https://img.test/a.jpg', null, true, now());
insert into public.analytics (id, user_id, event_type) values ('${ids.analyticsRow}', '${ids.owner}', 'photo_uploaded');
insert into public.djs (id, name, genre_specialties, is_active) values
  ('${ids.activeDj}', 'DJ Test', '{House}', true),
  ('${ids.inactiveDj}', 'DJ Retired', '{}', false);
insert into public.dj_ratings (id, dj_id, user_id, rating, performance_date) values ('${ids.rating}', '${ids.activeDj}', '${ids.owner}', 4, date '2025-06-01');
-- posted that night (the trigger stamps tonight), so tonight's rating is still open
update public.dj_ratings set rated_on = date '2025-06-01' where id = '${ids.rating}';
insert into public.song_requests (id, song_title, artist, user_id) values
  ('${ids.request}', 'Song A', 'Artist A', '${ids.owner}'),
  ('${ids.otherRequest}', 'Song B', 'Artist B', '${ids.other}');
insert into public.song_votes (song_request_id, user_id) values ('${ids.request}', '${ids.owner}');
insert into storage.objects (bucket_id, name, owner_id, metadata)
values ('photo-wall', '${ownerFile}', '${ids.owner}', '{"mimetype": "image/png", "size": 68}');
`;

/** A 1x1 PNG, for storage probes. */
export const png = (): Blob =>
  new Blob(
    [
      Buffer.from(
        'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
        'base64',
      ),
    ],
    { type: 'image/png' },
  );

/** What an API probe returns, normalised. */
export interface ApiResult {
  error: { code?: string; message: string } | null;
  rows: number;
}

type ApiProbe = (c: SupabaseClient, me: string | null) => PromiseLike<ApiResult>;

export interface Case {
  name: string;
  expect: Expect;
  /** 'read' cases pass when the row comes back; others when a row was written/affected */
  kind?: 'read' | 'write';
  /** the signed-in user playing "owner" (default the owner) */
  ownerIs?: 'newbie';
  sql: (me: string | null) => [string, unknown[]];
  api: ApiProbe;
}

/** Normalises a supabase-js response ({ data, error }) into rows + error. */
export const res = (r: {
  data: unknown;
  error: { code?: string; message: string } | null;
}): ApiResult => ({
  error: r.error,
  rows: Array.isArray(r.data) ? r.data.length : r.data === null || r.data === undefined ? 0 : 1,
});

/** An RPC that returns void succeeds with no data: count it as one affected call. */
const rpcRes = (r: { error: { code?: string; message: string } | null }): ApiResult => ({
  error: r.error,
  rows: r.error ? 0 : 1,
});

const storageRes = (r: {
  data: unknown;
  error: { message: string; statusCode?: string } | null;
}): ApiResult => ({
  error: r.error ? { code: r.error.statusCode ?? 'storage', message: r.error.message } : null,
  rows: r.error ? 0 : Array.isArray(r.data) ? r.data.length : 1,
});

const now = () => new Date().toISOString();
const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString();

/**
 * A case that changes one row, found by its key, to the values given (or computed from the
 * signed-in user's id): the same change as SQL (the values as parameters) and through the API,
 * so the two probes cannot drift apart.
 */
const updates = (
  name: string,
  expect: Expect,
  table: string,
  id: string,
  values: Record<string, unknown> | ((me: string | null) => Record<string, unknown>),
  key = 'id',
): Case => {
  const valuesFor = (me: string | null) => (typeof values === 'function' ? values(me) : values);
  return {
    name,
    expect,
    sql: (me) => {
      const v = valuesFor(me);
      const columns = Object.keys(v);
      const set = columns.map((column, i) => `${column} = $${i + 2}`).join(', ');
      return [
        `update public.${table} set ${set} where ${key} = $1`,
        [id, ...columns.map((c) => v[c])],
      ];
    },
    api: (c, me) => c.from(table).update(valuesFor(me)).eq(key, id).select(key).then(res),
  };
};

/** A case that deletes one row, found by its key, as SQL and through the API. */
const deletes = (
  name: string,
  expect: Expect,
  table: string,
  id: string,
  key = 'id',
  select = key,
): Case => ({
  name,
  expect,
  sql: () => [`delete from public.${table} where ${key} = $1`, [id]],
  api: (c) => c.from(table).delete().eq(key, id).select(select).then(res),
});

/** A case that reads one row, found by its key, as SQL and through the API. */
const reads = (
  name: string,
  expect: Expect,
  table: string,
  id: string,
  key = 'id',
  select = key,
): Case => ({
  name,
  kind: 'read',
  expect,
  sql: () => [`select ${select} from public.${table} where ${key} = $1`, [id]],
  api: (c) => c.from(table).select(select).eq(key, id).then(res),
});

export const matrix: Record<string, Case[]> = {
  profiles: [
    reads("reads the owner's profile", only('owner', 'admin'), 'profiles', ids.owner, 'user_id'),
    {
      name: 'inserts (upserts) a profile for the owner',
      ownerIs: 'newbie',
      expect: only('owner'),
      sql: () => [
        "insert into public.profiles (user_id, first_name) values ($1, 'New') returning user_id",
        [ids.newbie],
      ],
      api: (c) =>
        c
          .from('profiles')
          .upsert({
            user_id: ids.newbie,
            first_name: 'New',
            last_name: 'Member',
            email: 'n@example.test',
            phone: '1',
          })
          .select('user_id')
          .then(res),
    },
    updates(
      "updates the owner's contact fields",
      only('owner', 'admin'),
      'profiles',
      ids.owner,
      { first_name: 'Liv', phone: '555' },
      'user_id',
    ),
    updates(
      "sets the owner's vip_status",
      only('admin'),
      'profiles',
      ids.owner,
      { vip_status: true },
      'user_id',
    ),
    updates(
      "sets the owner's total_bookings",
      nobody,
      'profiles',
      ids.owner,
      { total_bookings: 99 },
      'user_id',
    ),
    // only account deletion (delete_my_account_data) removes it for a member
    deletes("deletes the owner's profile", only('admin'), 'profiles', ids.owner, 'user_id'),
  ],
  user_roles: [
    reads(
      "reads the owner's roles",
      only('owner', 'admin'),
      'user_roles',
      ids.owner,
      'user_id',
      'id',
    ),
    {
      name: 'grants the owner admin (self-promotion for the owner)',
      expect: only('admin'),
      sql: () => [
        "insert into public.user_roles (user_id, role) values ($1, 'admin')",
        [ids.owner],
      ],
      api: (c) =>
        c.from('user_roles').insert({ user_id: ids.owner, role: 'admin' }).select('id').then(res),
    },
    {
      name: "changes the owner's role",
      expect: nobody,
      sql: () => ["update public.user_roles set role = 'admin' where user_id = $1", [ids.owner]],
      api: (c) =>
        c
          .from('user_roles')
          .update({ role: 'admin' })
          .eq('user_id', ids.owner)
          .select('id')
          .then(res),
    },
    deletes(
      "deletes the owner's role",
      only('owner', 'admin'),
      'user_roles',
      ids.owner,
      'user_id',
      'id',
    ),
    {
      name: "revokes the admin's admin role",
      expect: only('admin'),
      sql: () => [
        "delete from public.user_roles where user_id = $1 and role = 'admin'",
        [ids.admin],
      ],
      api: (c) =>
        c
          .from('user_roles')
          .delete()
          .eq('user_id', ids.admin)
          .eq('role', 'admin')
          .select('id')
          .then(res),
    },
  ],
  events: [
    reads('reads an approved event', everyone, 'events', ids.approvedEvent),
    reads('reads a pending event', only('admin'), 'events', ids.pendingEvent),
    {
      name: 'creates an event',
      expect: only('admin'),
      sql: (me) => [
        "insert into public.events (title, description, event_date, created_by, is_approved) values ('New', 'x', now() + interval '1 day', $1, true)",
        [me],
      ],
      api: (c, me) =>
        c
          .from('events')
          .insert({
            title: 'New',
            description: 'x',
            event_date: inDays(1),
            featured_image_url: null,
            created_by: me,
            is_approved: true,
          })
          .select('id')
          .then(res),
    },
    updates('approves a pending event', only('admin'), 'events', ids.pendingEvent, {
      is_approved: true,
    }),
    deletes('deletes an event', only('admin'), 'events', ids.approvedEvent),
  ],
  event_images: [
    reads("reads an approved event's image", everyone, 'event_images', ids.approvedEventImage),
    reads("reads a pending event's image", only('admin'), 'event_images', ids.pendingEventImage),
    {
      name: 'adds an image to an event',
      expect: only('admin'),
      sql: () => [
        "insert into public.event_images (event_id, image_url, alt_text, position) values ($1, 'https://img.test/n.webp', 'New', 1)",
        [ids.approvedEvent],
      ],
      api: (c) =>
        c
          .from('event_images')
          .insert({
            event_id: ids.approvedEvent,
            image_url: 'https://img.test/n.webp',
            alt_text: 'New',
            position: 1,
          })
          .select('id')
          .then(res),
    },
    updates("reorders an event's image", only('admin'), 'event_images', ids.approvedEventImage, {
      position: 5,
    }),
    deletes("removes an event's image", only('admin'), 'event_images', ids.approvedEventImage),
  ],
  event_bookings: [
    reads("reads the owner's booking", only('owner', 'admin'), 'event_bookings', ids.booking),
    {
      name: 'books for the owner',
      expect: only('owner'),
      sql: () => [
        "insert into public.event_bookings (user_id, name, email, phone, number_of_guests, event_date) values ($1, 'N', 'n@example.test', '555', 3, now() + interval '2 days')",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('event_bookings')
          .insert({
            user_id: ids.owner,
            event_date: inDays(2),
            event_title: 'Open night',
            name: 'N',
            email: 'n@example.test',
            phone: '555',
            number_of_guests: 3,
            special_requests: null,
            event_image_url: null,
          })
          .select('id')
          .then(res),
    },
    {
      name: 'books for the owner as already approved',
      expect: nobody,
      sql: () => [
        "insert into public.event_bookings (user_id, name, email, phone, status) values ($1, 'N', 'n@example.test', '555', 'approved')",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('event_bookings')
          .insert({
            user_id: ids.owner,
            name: 'N',
            email: 'n@example.test',
            phone: '555',
            status: 'approved',
          })
          .select('id')
          .then(res),
    },
    updates(
      "approves the owner's booking with notes (the trigger stamps it)",
      only('admin'),
      'event_bookings',
      ids.booking,
      { status: 'approved', admin_notes: 'See you' },
    ),
    updates(
      "writes the approval stamps of the owner's booking",
      nobody,
      'event_bookings',
      ids.booking,
      (me) => ({ approved_at: now(), approved_by: me }),
    ),
    updates("changes the guests of the owner's booking", nobody, 'event_bookings', ids.booking, {
      number_of_guests: 5,
    }),
    deletes("deletes the owner's booking", only('owner', 'admin'), 'event_bookings', ids.booking),
  ],
  offers: [
    reads(
      'reads an active exclusive offer',
      only('owner', 'other', 'admin'),
      'offers',
      ids.exclusiveOffer,
    ),
    {
      name: 'creates an offer',
      expect: only('admin'),
      sql: () => [
        "insert into public.offers (title, offer_type, valid_until) values ('New', 'vip', now() + interval '1 day')",
        [],
      ],
      api: (c) =>
        c
          .from('offers')
          .insert({ title: 'New', offer_type: 'vip', valid_until: inDays(1) })
          .select('id')
          .then(res),
    },
    updates('edits an offer', only('admin'), 'offers', ids.exclusiveOffer, {
      discount_percentage: 30,
    }),
    updates("sets an offer's usage_count", nobody, 'offers', ids.exclusiveOffer, {
      usage_count: 1000,
    }),
    deletes('deletes an offer', only('admin'), 'offers', ids.surpriseOffer),
  ],
  user_offers: [
    reads("reads the owner's redemption", only('owner', 'admin'), 'user_offers', ids.redemption),
    {
      // an embed must not reveal rows the embedded table's policies hide
      name: "reads the owner's redemption through an !inner embed on offers",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => [
        `select o.id from public.offers o join public.user_offers uo on uo.offer_id = o.id
         where uo.id = $1`,
        [ids.redemption],
      ],
      api: (c) =>
        c
          .from('offers')
          .select('id, user_offers!inner(id)')
          .eq('user_offers.id', ids.redemption)
          .then(res),
    },
    {
      // count=exact counts only the rows the caller may read (no oracle)
      name: "counts the owner's redemptions (count=exact, head)",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.user_offers where user_id = $1', [ids.owner]],
      api: (c) =>
        c
          .from('user_offers')
          .select('id', { count: 'exact', head: true })
          .eq('user_id', ids.owner)
          .then((r) => ({ error: r.error, rows: r.count ?? 0 })),
    },
    {
      name: 'redeems an offer for the owner',
      expect: only('owner'),
      sql: () => [
        'insert into public.user_offers (user_id, offer_id) values ($1, $2)',
        [ids.owner, ids.surpriseOffer],
      ],
      api: (c) =>
        c
          .from('user_offers')
          .insert({ user_id: ids.owner, offer_id: ids.surpriseOffer })
          .select('id')
          .then(res),
    },
    updates("marks the owner's redemption as counted", nobody, 'user_offers', ids.redemption, {
      usage_counted: true,
    }),
    // a redemption cannot be undone by the member
    deletes("deletes the owner's redemption", only('admin'), 'user_offers', ids.redemption),
  ],
  photo_wall: [
    reads(
      "reads the owner's pending photo",
      only('owner', 'admin'),
      'photo_wall',
      ids.pendingPhoto,
    ),
    reads(
      "reads the owner's approved photo",
      only('owner', 'other', 'admin'),
      'photo_wall',
      ids.approvedPhoto,
    ),
    {
      name: 'uploads a photo for the owner',
      expect: only('owner'),
      sql: () => [
        "insert into public.photo_wall (user_id, image_url, caption) values ($1, 'https://img.test/n.jpg', 'Victory moment!')",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .insert({
            user_id: ids.owner,
            image_url: 'https://img.test/n.jpg',
            caption: 'Victory moment!',
          })
          .select('id')
          .then(res),
    },
    {
      name: 'uploads a photo for the owner as approved',
      expect: nobody,
      sql: () => [
        "insert into public.photo_wall (user_id, image_url, is_approved) values ($1, 'https://img.test/n.jpg', true)",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .insert({ user_id: ids.owner, image_url: 'https://img.test/n.jpg', is_approved: true })
          .select('id')
          .then(res),
    },
    updates(
      "approves the owner's photo (the trigger stamps it)",
      only('admin'),
      'photo_wall',
      ids.pendingPhoto,
      { is_approved: true },
    ),
    updates(
      "rejects the owner's pending photo (the trigger stamps it)",
      only('admin'),
      'photo_wall',
      ids.pendingPhoto,
      { rejected_at: now() },
    ),
    updates(
      "writes the approval stamps of the owner's photo",
      nobody,
      'photo_wall',
      ids.pendingPhoto,
      (me) => ({ approved_at: now(), approved_by: me }),
    ),
    updates("features the owner's approved photo", only('admin'), 'photo_wall', ids.approvedPhoto, {
      is_featured: true,
    }),
    updates("edits the owner's caption", nobody, 'photo_wall', ids.approvedPhoto, {
      caption: 'edited',
    }),
    deletes("deletes the owner's photo", only('owner', 'admin'), 'photo_wall', ids.pendingPhoto),
  ],
  analytics: [
    reads(
      "reads the owner's analytics event",
      only('owner', 'admin'),
      'analytics',
      ids.analyticsRow,
    ),
    {
      name: 'records an event for the owner',
      expect: only('owner'),
      sql: () => [
        `insert into public.analytics (user_id, event_type, event_data) values ($1, 'offer_redeemed', '{"offer_title": "Happy hour"}')`,
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('analytics')
          .insert({
            user_id: ids.owner,
            event_type: 'offer_redeemed',
            event_data: { offer_title: 'Happy hour' },
          })
          .select('id')
          .then(res),
    },
    updates("edits the owner's analytics event", nobody, 'analytics', ids.analyticsRow, {
      event_type: 'offer_redeemed',
    }),
    deletes(
      "deletes the owner's analytics event",
      only('owner', 'admin'),
      'analytics',
      ids.analyticsRow,
    ),
  ],
  djs: [
    reads('reads an active DJ', only('owner', 'other', 'admin'), 'djs', ids.activeDj),
    reads('reads an inactive DJ', only('admin'), 'djs', ids.inactiveDj),
    {
      name: 'adds a DJ',
      expect: only('admin'),
      sql: () => [
        "insert into public.djs (name, bio, genre_specialties) values ('DJ New', 'b', '{Jazz}')",
        [],
      ],
      api: (c) =>
        c
          .from('djs')
          .insert({ name: 'DJ New', bio: 'b', genre_specialties: ['Jazz'] })
          .select('id')
          .then(res),
    },
    updates("edits a DJ's bio", only('admin'), 'djs', ids.activeDj, { bio: 'new bio' }),
    updates("sets a DJ's average_rating", nobody, 'djs', ids.activeDj, { average_rating: 5 }),
    deletes('deletes a DJ', only('admin'), 'djs', ids.inactiveDj),
  ],
  dj_ratings: [
    reads("reads the owner's rating", only('owner', 'other', 'admin'), 'dj_ratings', ids.rating),
    {
      name: 'rates a DJ for the owner',
      expect: only('owner'),
      sql: () => [
        "insert into public.dj_ratings (dj_id, user_id, rating, comment, performance_date) values ($1, $2, 5, null, date '2025-01-01')",
        [ids.activeDj, ids.owner],
      ],
      api: (c) =>
        c
          .from('dj_ratings')
          .insert({
            dj_id: ids.activeDj,
            user_id: ids.owner,
            rating: 5,
            comment: null,
            performance_date: '2025-01-01',
          })
          .select('id')
          .then(res),
    },
    updates("changes the owner's rating", nobody, 'dj_ratings', ids.rating, { rating: 1 }),
    deletes("deletes the owner's rating", only('owner', 'admin'), 'dj_ratings', ids.rating),
  ],
  song_requests: [
    reads(
      "reads the owner's request",
      only('owner', 'other', 'admin'),
      'song_requests',
      ids.request,
    ),
    {
      name: 'requests a song for the owner',
      expect: only('owner'),
      sql: () => [
        "insert into public.song_requests (song_title, artist, user_id, requested_by_name) values ('Song C', 'Artist C', $1, 'Olivia')",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('song_requests')
          .insert({
            song_title: 'Song C',
            artist: 'Artist C',
            user_id: ids.owner,
            requested_by_name: 'Olivia',
          })
          .select('id')
          .then(res),
    },
    updates(
      "changes the status of the owner's request",
      only('admin'),
      'song_requests',
      ids.request,
      { status: 'played' },
    ),
    updates("sets the owner's request vote_count", nobody, 'song_requests', ids.request, {
      vote_count: 50,
    }),
    updates("renames the owner's request", nobody, 'song_requests', ids.request, {
      song_title: 'Other',
    }),
    deletes("deletes the owner's request", only('owner', 'admin'), 'song_requests', ids.request),
  ],
  song_votes: [
    {
      name: "reads the owner's vote",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => [
        'select user_id from public.song_votes where song_request_id = $1 and user_id = $2',
        [ids.request, ids.owner],
      ],
      api: (c) =>
        c
          .from('song_votes')
          .select('song_request_id')
          .eq('song_request_id', ids.request)
          .eq('user_id', ids.owner)
          .then(res),
    },
    {
      // votes stay private when embedded under the (shared) song request
      name: "reads the owner's vote through an embed on song_requests",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => [
        `select sv.user_id from public.song_requests sr
         join public.song_votes sv on sv.song_request_id = sr.id
         where sr.id = $1 and sv.user_id = $2`,
        [ids.request, ids.owner],
      ],
      api: async (c) => {
        const r = await c
          .from('song_requests')
          .select('id, song_votes(user_id)')
          .eq('id', ids.request)
          .eq('song_votes.user_id', ids.owner);
        const rows = (r.data ?? []) as { song_votes: unknown[] }[];
        return { error: r.error, rows: rows.reduce((n, x) => n + x.song_votes.length, 0) };
      },
    },
    {
      name: 'votes for the owner',
      expect: only('owner'),
      sql: () => [
        'insert into public.song_votes (song_request_id, user_id) values ($1, $2)',
        [ids.otherRequest, ids.owner],
      ],
      api: (c) =>
        c
          .from('song_votes')
          .insert({ song_request_id: ids.otherRequest, user_id: ids.owner })
          .select('user_id')
          .then(res),
    },
    {
      name: "moves the owner's vote",
      expect: nobody,
      sql: () => [
        'update public.song_votes set song_request_id = $1 where song_request_id = $2 and user_id = $3',
        [ids.otherRequest, ids.request, ids.owner],
      ],
      api: (c) =>
        c
          .from('song_votes')
          .update({ song_request_id: ids.otherRequest })
          .eq('song_request_id', ids.request)
          .eq('user_id', ids.owner)
          .select('user_id')
          .then(res),
    },
    {
      name: "removes the owner's vote",
      expect: only('owner', 'admin'),
      sql: () => [
        'delete from public.song_votes where song_request_id = $1 and user_id = $2',
        [ids.request, ids.owner],
      ],
      api: (c) =>
        c
          .from('song_votes')
          .delete()
          .eq('song_request_id', ids.request)
          .eq('user_id', ids.owner)
          .select('user_id')
          .then(res),
    },
  ],
  'storage.objects': [
    {
      name: "reads the owner's photo file (no approved photo shows it: uploader and admins only)",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => [
        "select id from storage.objects where bucket_id = 'photo-wall' and name = $1",
        [ownerFile],
      ],
      api: (c) => c.storage.from('photo-wall').list(ids.owner).then(storageRes),
    },
    {
      name: "uploads into the owner's photo-wall folder",
      expect: only('owner'),
      sql: () => [
        "insert into storage.objects (bucket_id, name) values ('photo-wall', $1)",
        [`${ids.owner}/2.png`],
      ],
      api: (c) =>
        c.storage
          .from('photo-wall')
          .upload(`${ids.owner}/2.png`, png(), { contentType: 'image/png' })
          .then(storageRes),
    },
    {
      name: 'uploads an event image outside any member folder',
      expect: only('admin'),
      sql: () => [
        "insert into storage.objects (bucket_id, name) values ('event-images', 'events/flyer.png')",
        [],
      ],
      api: (c) =>
        c.storage
          .from('event-images')
          .upload('events/flyer.png', png(), { contentType: 'image/png' })
          .then(storageRes),
    },
    {
      name: "uploads a booking image into the owner's event-images folder",
      expect: only('owner', 'admin'),
      sql: () => [
        "insert into storage.objects (bucket_id, name) values ('event-images', $1)",
        [`${ids.owner}/b.png`],
      ],
      api: (c) =>
        c.storage
          .from('event-images')
          .upload(`${ids.owner}/b.png`, png(), { contentType: 'image/png' })
          .then(storageRes),
    },
    {
      name: "replaces the owner's photo file",
      expect: only('owner'),
      sql: () => [
        "update storage.objects set metadata = '{\"size\": 1}' where bucket_id = 'photo-wall' and name = $1",
        [ownerFile],
      ],
      api: (c) =>
        c.storage
          .from('photo-wall')
          .update(ownerFile, png(), { contentType: 'image/png' })
          .then(storageRes),
    },
    {
      name: "deletes the owner's photo file",
      expect: only('owner', 'admin'),
      sql: () => [
        "delete from storage.objects where bucket_id = 'photo-wall' and name = $1",
        [ownerFile],
      ],
      api: (c) => c.storage.from('photo-wall').remove([ownerFile]).then(storageRes),
    },
  ],
  'rpc functions': [
    {
      name: "counts usage of the owner's redeemed offer (increment_offer_usage)",
      expect: only('owner'),
      sql: () => ['select public.increment_offer_usage($1) as n', [ids.exclusiveOffer]],
      api: (c) => c.rpc('increment_offer_usage', { offer_id: ids.exclusiveOffer }).then(rpcRes),
    },
    {
      name: 'deletes a member account (admin_delete_user)',
      expect: only('admin'),
      sql: (me) => ['select public.admin_delete_user($1, $2)', [ids.victim, me]],
      api: (c, me) =>
        c.rpc('admin_delete_user', { _user_id: ids.victim, _admin_id: me }).then(rpcRes),
    },
  ],
};

export const whos: readonly Who[] = ['visitor', 'owner', 'other', 'admin'];

/** Flattens the matrix into one row per (case, actor). */
export function probes(cases: Case[]): { title: string; c: Case; who: Who; allowed: boolean }[] {
  return cases.flatMap((c) =>
    whos.map((who) => ({
      title: `${who} ${c.expect[who] ? 'may' : 'may not'}: ${c.name}`,
      c,
      who,
      allowed: c.expect[who],
    })),
  );
}

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

export const matrix: Record<string, Case[]> = {
  profiles: [
    {
      name: "reads the owner's profile",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select user_id from public.profiles where user_id = $1', [ids.owner]],
      api: (c) => c.from('profiles').select('user_id').eq('user_id', ids.owner).then(res),
    },
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
    {
      name: "updates the owner's contact fields",
      expect: only('owner', 'admin'),
      sql: () => [
        "update public.profiles set first_name = 'Liv', phone = '555' where user_id = $1",
        [ids.owner],
      ],
      api: (c) =>
        c
          .from('profiles')
          .update({ first_name: 'Liv', phone: '555' })
          .eq('user_id', ids.owner)
          .select('user_id')
          .then(res),
    },
    {
      name: "sets the owner's vip_status",
      expect: only('admin'),
      sql: () => ['update public.profiles set vip_status = true where user_id = $1', [ids.owner]],
      api: (c) =>
        c
          .from('profiles')
          .update({ vip_status: true })
          .eq('user_id', ids.owner)
          .select('user_id')
          .then(res),
    },
    {
      name: "sets the owner's total_bookings",
      expect: nobody,
      sql: () => ['update public.profiles set total_bookings = 99 where user_id = $1', [ids.owner]],
      api: (c) =>
        c
          .from('profiles')
          .update({ total_bookings: 99 })
          .eq('user_id', ids.owner)
          .select('user_id')
          .then(res),
    },
    {
      // only account deletion (delete_my_account_data) removes it for a member
      name: "deletes the owner's profile",
      expect: only('admin'),
      sql: () => ['delete from public.profiles where user_id = $1', [ids.owner]],
      api: (c) => c.from('profiles').delete().eq('user_id', ids.owner).select('user_id').then(res),
    },
  ],
  user_roles: [
    {
      name: "reads the owner's roles",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.user_roles where user_id = $1', [ids.owner]],
      api: (c) => c.from('user_roles').select('id').eq('user_id', ids.owner).then(res),
    },
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
    {
      name: "deletes the owner's role",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.user_roles where user_id = $1', [ids.owner]],
      api: (c) => c.from('user_roles').delete().eq('user_id', ids.owner).select('id').then(res),
    },
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
    {
      name: 'reads an approved event',
      kind: 'read',
      expect: everyone,
      sql: () => ['select id from public.events where id = $1', [ids.approvedEvent]],
      api: (c) => c.from('events').select('id').eq('id', ids.approvedEvent).then(res),
    },
    {
      name: 'reads a pending event',
      kind: 'read',
      expect: only('admin'),
      sql: () => ['select id from public.events where id = $1', [ids.pendingEvent]],
      api: (c) => c.from('events').select('id').eq('id', ids.pendingEvent).then(res),
    },
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
    {
      name: 'approves a pending event',
      expect: only('admin'),
      sql: () => ['update public.events set is_approved = true where id = $1', [ids.pendingEvent]],
      api: (c) =>
        c
          .from('events')
          .update({ is_approved: true })
          .eq('id', ids.pendingEvent)
          .select('id')
          .then(res),
    },
    {
      name: 'deletes an event',
      expect: only('admin'),
      sql: () => ['delete from public.events where id = $1', [ids.approvedEvent]],
      api: (c) => c.from('events').delete().eq('id', ids.approvedEvent).select('id').then(res),
    },
  ],
  event_images: [
    {
      name: "reads an approved event's image",
      kind: 'read',
      expect: everyone,
      sql: () => ['select id from public.event_images where id = $1', [ids.approvedEventImage]],
      api: (c) => c.from('event_images').select('id').eq('id', ids.approvedEventImage).then(res),
    },
    {
      name: "reads a pending event's image",
      kind: 'read',
      expect: only('admin'),
      sql: () => ['select id from public.event_images where id = $1', [ids.pendingEventImage]],
      api: (c) => c.from('event_images').select('id').eq('id', ids.pendingEventImage).then(res),
    },
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
    {
      name: "reorders an event's image",
      expect: only('admin'),
      sql: () => [
        'update public.event_images set position = 5 where id = $1',
        [ids.approvedEventImage],
      ],
      api: (c) =>
        c
          .from('event_images')
          .update({ position: 5 })
          .eq('id', ids.approvedEventImage)
          .select('id')
          .then(res),
    },
    {
      name: "removes an event's image",
      expect: only('admin'),
      sql: () => ['delete from public.event_images where id = $1', [ids.approvedEventImage]],
      api: (c) =>
        c.from('event_images').delete().eq('id', ids.approvedEventImage).select('id').then(res),
    },
  ],
  event_bookings: [
    {
      name: "reads the owner's booking",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.event_bookings where id = $1', [ids.booking]],
      api: (c) => c.from('event_bookings').select('id').eq('id', ids.booking).then(res),
    },
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
    {
      name: "approves the owner's booking with notes (the trigger stamps it)",
      expect: only('admin'),
      sql: () => [
        "update public.event_bookings set status = 'approved', admin_notes = 'See you' where id = $1",
        [ids.booking],
      ],
      api: (c) =>
        c
          .from('event_bookings')
          .update({ status: 'approved', admin_notes: 'See you' })
          .eq('id', ids.booking)
          .select('id')
          .then(res),
    },
    {
      name: "writes the approval stamps of the owner's booking",
      expect: nobody,
      sql: (me) => [
        'update public.event_bookings set approved_at = now(), approved_by = $2 where id = $1',
        [ids.booking, me],
      ],
      api: (c, me) =>
        c
          .from('event_bookings')
          .update({ approved_at: now(), approved_by: me })
          .eq('id', ids.booking)
          .select('id')
          .then(res),
    },
    {
      name: "changes the guests of the owner's booking",
      expect: nobody,
      sql: () => [
        'update public.event_bookings set number_of_guests = 5 where id = $1',
        [ids.booking],
      ],
      api: (c) =>
        c
          .from('event_bookings')
          .update({ number_of_guests: 5 })
          .eq('id', ids.booking)
          .select('id')
          .then(res),
    },
    {
      name: "deletes the owner's booking",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.event_bookings where id = $1', [ids.booking]],
      api: (c) => c.from('event_bookings').delete().eq('id', ids.booking).select('id').then(res),
    },
  ],
  offers: [
    {
      name: 'reads an active exclusive offer',
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: () => ['select id from public.offers where id = $1', [ids.exclusiveOffer]],
      api: (c) => c.from('offers').select('id').eq('id', ids.exclusiveOffer).then(res),
    },
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
    {
      name: 'edits an offer',
      expect: only('admin'),
      sql: () => [
        'update public.offers set discount_percentage = 30 where id = $1',
        [ids.exclusiveOffer],
      ],
      api: (c) =>
        c
          .from('offers')
          .update({ discount_percentage: 30 })
          .eq('id', ids.exclusiveOffer)
          .select('id')
          .then(res),
    },
    {
      name: "sets an offer's usage_count",
      expect: nobody,
      sql: () => [
        'update public.offers set usage_count = 1000 where id = $1',
        [ids.exclusiveOffer],
      ],
      api: (c) =>
        c
          .from('offers')
          .update({ usage_count: 1000 })
          .eq('id', ids.exclusiveOffer)
          .select('id')
          .then(res),
    },
    {
      name: 'deletes an offer',
      expect: only('admin'),
      sql: () => ['delete from public.offers where id = $1', [ids.surpriseOffer]],
      api: (c) => c.from('offers').delete().eq('id', ids.surpriseOffer).select('id').then(res),
    },
  ],
  user_offers: [
    {
      name: "reads the owner's redemption",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.user_offers where id = $1', [ids.redemption]],
      api: (c) => c.from('user_offers').select('id').eq('id', ids.redemption).then(res),
    },
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
    {
      name: "marks the owner's redemption as counted",
      expect: nobody,
      sql: () => [
        'update public.user_offers set usage_counted = true where id = $1',
        [ids.redemption],
      ],
      api: (c) =>
        c
          .from('user_offers')
          .update({ usage_counted: true })
          .eq('id', ids.redemption)
          .select('id')
          .then(res),
    },
    {
      // a redemption cannot be undone by the member
      name: "deletes the owner's redemption",
      expect: only('admin'),
      sql: () => ['delete from public.user_offers where id = $1', [ids.redemption]],
      api: (c) => c.from('user_offers').delete().eq('id', ids.redemption).select('id').then(res),
    },
  ],
  photo_wall: [
    {
      name: "reads the owner's pending photo",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.photo_wall where id = $1', [ids.pendingPhoto]],
      api: (c) => c.from('photo_wall').select('id').eq('id', ids.pendingPhoto).then(res),
    },
    {
      name: "reads the owner's approved photo",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: () => ['select id from public.photo_wall where id = $1', [ids.approvedPhoto]],
      api: (c) => c.from('photo_wall').select('id').eq('id', ids.approvedPhoto).then(res),
    },
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
    {
      name: "approves the owner's photo (the trigger stamps it)",
      expect: only('admin'),
      sql: () => [
        'update public.photo_wall set is_approved = true where id = $1',
        [ids.pendingPhoto],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .update({ is_approved: true })
          .eq('id', ids.pendingPhoto)
          .select('id')
          .then(res),
    },
    {
      name: "rejects the owner's pending photo (the trigger stamps it)",
      expect: only('admin'),
      sql: () => [
        'update public.photo_wall set rejected_at = now() where id = $1',
        [ids.pendingPhoto],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .update({ rejected_at: now() })
          .eq('id', ids.pendingPhoto)
          .select('id')
          .then(res),
    },
    {
      name: "writes the approval stamps of the owner's photo",
      expect: nobody,
      sql: (me) => [
        'update public.photo_wall set approved_at = now(), approved_by = $2 where id = $1',
        [ids.pendingPhoto, me],
      ],
      api: (c, me) =>
        c
          .from('photo_wall')
          .update({ approved_at: now(), approved_by: me })
          .eq('id', ids.pendingPhoto)
          .select('id')
          .then(res),
    },
    {
      name: "features the owner's approved photo",
      expect: only('admin'),
      sql: () => [
        'update public.photo_wall set is_featured = true where id = $1',
        [ids.approvedPhoto],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .update({ is_featured: true })
          .eq('id', ids.approvedPhoto)
          .select('id')
          .then(res),
    },
    {
      name: "edits the owner's caption",
      expect: nobody,
      sql: () => [
        "update public.photo_wall set caption = 'edited' where id = $1",
        [ids.approvedPhoto],
      ],
      api: (c) =>
        c
          .from('photo_wall')
          .update({ caption: 'edited' })
          .eq('id', ids.approvedPhoto)
          .select('id')
          .then(res),
    },
    {
      name: "deletes the owner's photo",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.photo_wall where id = $1', [ids.pendingPhoto]],
      api: (c) => c.from('photo_wall').delete().eq('id', ids.pendingPhoto).select('id').then(res),
    },
  ],
  analytics: [
    {
      name: "reads the owner's analytics event",
      kind: 'read',
      expect: only('owner', 'admin'),
      sql: () => ['select id from public.analytics where id = $1', [ids.analyticsRow]],
      api: (c) => c.from('analytics').select('id').eq('id', ids.analyticsRow).then(res),
    },
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
    {
      name: "edits the owner's analytics event",
      expect: nobody,
      sql: () => [
        "update public.analytics set event_type = 'offer_redeemed' where id = $1",
        [ids.analyticsRow],
      ],
      api: (c) =>
        c
          .from('analytics')
          .update({ event_type: 'offer_redeemed' })
          .eq('id', ids.analyticsRow)
          .select('id')
          .then(res),
    },
    {
      name: "deletes the owner's analytics event",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.analytics where id = $1', [ids.analyticsRow]],
      api: (c) => c.from('analytics').delete().eq('id', ids.analyticsRow).select('id').then(res),
    },
  ],
  djs: [
    {
      name: 'reads an active DJ',
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: () => ['select id from public.djs where id = $1', [ids.activeDj]],
      api: (c) => c.from('djs').select('id').eq('id', ids.activeDj).then(res),
    },
    {
      name: 'reads an inactive DJ',
      kind: 'read',
      expect: only('admin'),
      sql: () => ['select id from public.djs where id = $1', [ids.inactiveDj]],
      api: (c) => c.from('djs').select('id').eq('id', ids.inactiveDj).then(res),
    },
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
    {
      name: "edits a DJ's bio",
      expect: only('admin'),
      sql: () => ["update public.djs set bio = 'new bio' where id = $1", [ids.activeDj]],
      api: (c) =>
        c.from('djs').update({ bio: 'new bio' }).eq('id', ids.activeDj).select('id').then(res),
    },
    {
      name: "sets a DJ's average_rating",
      expect: nobody,
      sql: () => ['update public.djs set average_rating = 5 where id = $1', [ids.activeDj]],
      api: (c) =>
        c.from('djs').update({ average_rating: 5 }).eq('id', ids.activeDj).select('id').then(res),
    },
    {
      name: 'deletes a DJ',
      expect: only('admin'),
      sql: () => ['delete from public.djs where id = $1', [ids.inactiveDj]],
      api: (c) => c.from('djs').delete().eq('id', ids.inactiveDj).select('id').then(res),
    },
  ],
  dj_ratings: [
    {
      name: "reads the owner's rating",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: () => ['select id from public.dj_ratings where id = $1', [ids.rating]],
      api: (c) => c.from('dj_ratings').select('id').eq('id', ids.rating).then(res),
    },
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
    {
      name: "changes the owner's rating",
      expect: nobody,
      sql: () => ['update public.dj_ratings set rating = 1 where id = $1', [ids.rating]],
      api: (c) =>
        c.from('dj_ratings').update({ rating: 1 }).eq('id', ids.rating).select('id').then(res),
    },
    {
      name: "deletes the owner's rating",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.dj_ratings where id = $1', [ids.rating]],
      api: (c) => c.from('dj_ratings').delete().eq('id', ids.rating).select('id').then(res),
    },
  ],
  song_requests: [
    {
      name: "reads the owner's request",
      kind: 'read',
      expect: only('owner', 'other', 'admin'),
      sql: () => ['select id from public.song_requests where id = $1', [ids.request]],
      api: (c) => c.from('song_requests').select('id').eq('id', ids.request).then(res),
    },
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
    {
      name: "changes the status of the owner's request",
      expect: only('admin'),
      sql: () => ["update public.song_requests set status = 'played' where id = $1", [ids.request]],
      api: (c) =>
        c
          .from('song_requests')
          .update({ status: 'played' })
          .eq('id', ids.request)
          .select('id')
          .then(res),
    },
    {
      name: "sets the owner's request vote_count",
      expect: nobody,
      sql: () => ['update public.song_requests set vote_count = 50 where id = $1', [ids.request]],
      api: (c) =>
        c
          .from('song_requests')
          .update({ vote_count: 50 })
          .eq('id', ids.request)
          .select('id')
          .then(res),
    },
    {
      name: "renames the owner's request",
      expect: nobody,
      sql: () => [
        "update public.song_requests set song_title = 'Other' where id = $1",
        [ids.request],
      ],
      api: (c) =>
        c
          .from('song_requests')
          .update({ song_title: 'Other' })
          .eq('id', ids.request)
          .select('id')
          .then(res),
    },
    {
      name: "deletes the owner's request",
      expect: only('owner', 'admin'),
      sql: () => ['delete from public.song_requests where id = $1', [ids.request]],
      api: (c) => c.from('song_requests').delete().eq('id', ids.request).select('id').then(res),
    },
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

-- Demo data for local runs (data only; the schema lives in migrations/).
-- Logins (password for all: password123):
--   admin@example.com  admin
--   maya@example.com   member, VIP, birthday in a few days (birthday offer shows)
--   leo@example.com    member
-- Dates are relative to now() so events stay upcoming and requests are tonight's.
-- Safe to run once on a fresh database; re-running skips rows that exist.

-- The seed's pictures are files of supabase/seed-storage (original artwork drawn
-- by tools/seed-art.mjs). Rows name them by their public URL on the default API
-- address; the app reads the bucket and path out of a storage URL and asks its own
-- API for them, so the same rows serve whatever address the API has.
create or replace function pg_temp.seed_image_url(object_path text)
returns text
language sql
immutable
as $$ select 'http://127.0.0.1:54321/storage/v1/object/public/' || object_path $$;

-- Accounts: auth users (e-mail confirmed) with their e-mail identities.
-- Profiles are created by the on_auth_user_created trigger.
insert into auth.users (
  instance_id, id, aud, role, email, encrypted_password, email_confirmed_at,
  raw_app_meta_data, raw_user_meta_data, created_at, updated_at,
  confirmation_token, recovery_token, email_change_token_new, email_change
)
select
  '00000000-0000-0000-0000-000000000000'::uuid, u.id, 'authenticated', 'authenticated', u.email,
  extensions.crypt('password123', extensions.gen_salt('bf')), now(),
  '{"provider": "email", "providers": ["email"]}'::jsonb,
  jsonb_build_object('first_name', u.first_name, 'last_name', u.last_name),
  now() - u.member_for, now() - u.member_for,
  '', '', '', ''
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, 'admin@example.com', 'Avery', 'Admin', interval '400 days'),
  ('a0000000-0000-4000-8000-000000000002'::uuid, 'maya@example.com', 'Maya', 'Brooks', interval '120 days'),
  ('a0000000-0000-4000-8000-000000000003'::uuid, 'leo@example.com', 'Leo', 'Martinez', interval '30 days')
) as u (id, email, first_name, last_name, member_for)
on conflict (id) do nothing;

insert into auth.identities (id, provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
select u.id, u.id::text, u.id,
  jsonb_build_object('sub', u.id::text, 'email', u.email, 'email_verified', true, 'phone_verified', false),
  'email', now(), now(), now()
from auth.users u
where u.id in (
  'a0000000-0000-4000-8000-000000000001',
  'a0000000-0000-4000-8000-000000000002',
  'a0000000-0000-4000-8000-000000000003'
)
on conflict do nothing;

-- Profile details (the trigger filled names and e-mail).
update public.profiles p
set phone = v.phone,
    birthday = v.birthday,
    vip_status = v.vip
from (values
  ('a0000000-0000-4000-8000-000000000001'::uuid, '(216) 555-0100', date '1985-03-02', false),
  ('a0000000-0000-4000-8000-000000000002'::uuid, '(216) 555-0142',
    ((now() at time zone private.venue_time_zone())::date - interval '29 years' + interval '3 days')::date, true),
  ('a0000000-0000-4000-8000-000000000003'::uuid, '(216) 555-0187', date '1994-06-14', false)
) as v (user_id, phone, birthday, vip)
where p.user_id = v.user_id;

insert into public.user_roles (user_id, role)
values ('a0000000-0000-4000-8000-000000000001', 'admin')
on conflict (user_id, role) do nothing;

-- Events: upcoming approved ones and one waiting for approval, at evening
-- hours on the venue's clock (Cleveland, America/New_York) and on the weekday
-- their names promise. All count from the first Friday at least two days
-- ahead, so the order of the list is the same whatever day the seed runs:
-- Friday, the Wednesday after (Jazz & Small Plates, six seats at the
-- counter), Thursday, the Saturday after, and the Sunday after that.
insert into public.events (id, title, description, event_date, featured_image_url, is_approved, capacity, created_by, created_at)
select v.id, v.title, v.description,
  ((base.friday + v.days_after) + v.starts) at time zone private.venue_time_zone(),
  pg_temp.seed_image_url('event-images/seed/' || v.slug || '-1.webp'),
  v.approved, v.capacity, v.created_by, now() - v.created_ago
from (
  select d + 2 + ((5 - extract(isodow from d + 2)::int + 7) % 7) as friday
  from (select (now() at time zone private.venue_time_zone())::date as d) as today
) as base,
(values
  ('e0000000-0000-4000-8000-000000000001'::uuid, 'Friday Night Neon',
   'Glow paint, neon cocktails and DJ Nova on the decks from 10 PM until close.',
   0, time '22:00', true, null::integer, 'a0000000-0000-4000-8000-000000000001'::uuid, interval '10 days', 'friday-night-neon'),
  ('e0000000-0000-4000-8000-000000000002', 'Jazz & Small Plates',
   'A live trio in the bistro at 7:30 PM with a five-course small-plates menu. Six seats at the chef''s counter.',
   5, time '19:30', true, 6, 'a0000000-0000-4000-8000-000000000001', interval '9 days', 'jazz-small-plates'),
  ('e0000000-0000-4000-8000-000000000003', 'Throwback Thursday',
   '90s and 2000s hits from 9 PM, request your favourites in the app.',
   6, time '21:00', true, 80, 'a0000000-0000-4000-8000-000000000001', interval '8 days', 'throwback-thursday'),
  ('e0000000-0000-4000-8000-000000000004', 'Latin Heat Saturday',
   'Salsa lesson at 9 PM, then reggaeton and bachata with DJ Sol.',
   8, time '21:00', true, 120, 'a0000000-0000-4000-8000-000000000001', interval '7 days', 'latin-heat-saturday'),
  ('e0000000-0000-4000-8000-000000000005', 'Rooftop Silent Disco',
   'Three channels, one rooftop, from 8 PM. Waiting for the weather and the go-ahead.',
   16, time '20:00', false, null, 'a0000000-0000-4000-8000-000000000002', interval '1 day', 'rooftop-silent-disco')
) as v (id, title, description, days_after, starts, approved, capacity, created_by, created_ago, slug)
on conflict (id) do nothing;

-- Offers of every type: the app offers run through the 30th day from today
-- (to midnight, venue time); the surprise is for tonight only and ends with
-- the night (4 AM). Their texts leave the dates out: the app writes the
-- validity from valid_until, with the same formatter everywhere.
insert into public.offers (id, title, description, offer_type, discount_percentage, is_active, valid_until)
select v.id, v.title, v.description,
  v.offer_type::public.offer_type, v.discount, true, v.valid_until
from (
  select
    ((now() at time zone private.venue_time_zone())::date + 31)::timestamp at time zone private.venue_time_zone() as month_end,
    (private.business_date() + 1 + time '04:00') at time zone private.venue_time_zone() as night_end
) as base,
lateral (values
  ('0f000000-0000-4000-8000-000000000001'::uuid, 'App Exclusive: 15% Off Dinner',
   'Show this in the app for 15% off your food bill, Sunday to Thursday.', 'exclusive', 15, base.month_end),
  ('0f000000-0000-4000-8000-000000000002', 'VIP Bottle Service',
   '20% off bottle service and a reserved lounge booth for VIP members.', 'vip', 20, base.month_end),
  ('0f000000-0000-4000-8000-000000000003', 'Birthday Dessert on Us',
   'A free dessert and 25% off your table during your birthday week.', 'birthday', 25, base.month_end),
  ('0f000000-0000-4000-8000-000000000004', 'Surprise: Half-Price Appetizers',
   'Half-price appetizers at the bar, for app members.', 'surprise', 50, base.night_end)
) as v (id, title, description, offer_type, discount, valid_until)
on conflict (id) do nothing;

-- Bookings: the counter at Jazz & Small Plates is nearly full (Maya's approved
-- four and Avery's pending one take 5 of 6 seats), so Leo's party of two is
-- waitlisted by the database; Leo also waits for approval on Friday and Maya
-- is approved for Thursday. Inserted one by one so the waitlist order is the
-- order here, and only for upcoming events that have no such booking yet.
-- Demo bookings send no mails: their outbox rows are removed.
do $$
declare
  r record;
begin
  for r in
    select * from (values
      (1, 'b0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000002',
       'Maya Brooks', 'maya@example.com', '(216) 555-0142', 4, 'approved', 'Book club night out', 'One vegetarian, please.'),
      (2, 'b0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000001', 'e0000000-0000-4000-8000-000000000002',
       'Avery Admin', 'admin@example.com', '(216) 555-0100', 1, 'pending', null, null),
      (3, 'b0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000002',
       'Leo Martinez', 'leo@example.com', '(216) 555-0187', 2, 'pending', null, 'Anniversary, a quiet corner if possible.'),
      (4, 'b0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000003', 'e0000000-0000-4000-8000-000000000001',
       'Leo Martinez', 'leo@example.com', '(216) 555-0187', 3, 'pending', null, null),
      (5, 'b0000000-0000-4000-8000-000000000005', 'a0000000-0000-4000-8000-000000000002', 'e0000000-0000-4000-8000-000000000003',
       'Maya Brooks', 'maya@example.com', '(216) 555-0142', 2, 'approved', null, null)
    ) as v (ord, id, user_id, event_id, name, email, phone, guests, status, occasion, special_requests)
    order by ord
  loop
    insert into public.event_bookings (
      id, user_id, event_id, name, email, phone, number_of_guests, status, occasion, special_requests,
      approved_at, approved_by, created_at
    )
    select r.id::uuid, r.user_id::uuid, r.event_id::uuid, r.name, r.email, r.phone, r.guests, r.status,
      r.occasion, r.special_requests,
      case when r.status = 'approved' then now() - interval '1 day' end,
      case when r.status = 'approved' then 'a0000000-0000-4000-8000-000000000001'::uuid end,
      now() - interval '3 days' + r.ord * interval '1 hour'
    where not exists (select 1 from public.event_bookings b where b.id = r.id::uuid)
      and exists (select 1 from public.events e
                  where e.id = r.event_id::uuid and e.is_approved and e.event_date > now());
    delete from private.booking_mails m where m.booking_id = r.id::uuid and m.sent_at is null;
  end loop;
end
$$;

-- DJs.
insert into public.djs (id, name, bio, genre_specialties, is_active)
values
  ('d0000000-0000-4000-8000-000000000001', 'DJ Nova',
   'Resident DJ and open-format specialist who reads a room in two songs.', array['Hip-Hop', 'R&B', 'Top 40'], true),
  ('d0000000-0000-4000-8000-000000000002', 'DJ Sol',
   'Brings the heat from Miami: reggaeton, salsa and Latin house.', array['Reggaeton', 'Salsa', 'Latin House'], true),
  ('d0000000-0000-4000-8000-000000000003', 'Midnight Marcus',
   'Deep house and disco edits for the late crowd.', array['House', 'Disco', 'Funk'], true),
  ('d0000000-0000-4000-8000-000000000004', 'Lady Vinyl',
   'Throwback queen with a crate of 90s and 2000s classics.', array['90s', '2000s', 'Throwback'], true)
on conflict (id) do nothing;

-- Pictures: the storage objects of supabase/seed-storage (the backend copies a
-- file into its store when a row here names it and the store has no bytes for
-- it), three images per event (the first is its cover), a portrait per DJ and
-- four approved photos on the wall, two of them featured on the home page.
insert into storage.objects (bucket_id, name, owner, owner_id, metadata)
select v.bucket_id, v.name, v.owner, v.owner::text,
  jsonb_build_object('mimetype', 'image/webp', 'cacheControl', 'max-age=3600')
from (values
  ('event-images', 'seed/friday-night-neon-1.webp', null::uuid),
  ('event-images', 'seed/friday-night-neon-2.webp', null),
  ('event-images', 'seed/friday-night-neon-3.webp', null),
  ('event-images', 'seed/jazz-small-plates-1.webp', null),
  ('event-images', 'seed/jazz-small-plates-2.webp', null),
  ('event-images', 'seed/jazz-small-plates-3.webp', null),
  ('event-images', 'seed/throwback-thursday-1.webp', null),
  ('event-images', 'seed/throwback-thursday-2.webp', null),
  ('event-images', 'seed/throwback-thursday-3.webp', null),
  ('event-images', 'seed/latin-heat-saturday-1.webp', null),
  ('event-images', 'seed/latin-heat-saturday-2.webp', null),
  ('event-images', 'seed/latin-heat-saturday-3.webp', null),
  ('event-images', 'seed/rooftop-silent-disco-1.webp', null),
  ('event-images', 'seed/rooftop-silent-disco-2.webp', null),
  ('event-images', 'seed/rooftop-silent-disco-3.webp', null),
  ('event-images', 'seed/djs/dj-nova.webp', null),
  ('event-images', 'seed/djs/dj-sol.webp', null),
  ('event-images', 'seed/djs/midnight-marcus.webp', null),
  ('event-images', 'seed/djs/lady-vinyl.webp', null),
  ('photo-wall', 'a0000000-0000-4000-8000-000000000002/seed-cocktails.webp', 'a0000000-0000-4000-8000-000000000002'),
  ('photo-wall', 'a0000000-0000-4000-8000-000000000002/seed-skyline.webp', 'a0000000-0000-4000-8000-000000000002'),
  ('photo-wall', 'a0000000-0000-4000-8000-000000000003/seed-dance-floor.webp', 'a0000000-0000-4000-8000-000000000003'),
  ('photo-wall', 'a0000000-0000-4000-8000-000000000003/seed-dinner.webp', 'a0000000-0000-4000-8000-000000000003')
) as v (bucket_id, name, owner)
on conflict (bucket_id, name) do nothing;

insert into public.event_images (event_id, image_url, alt_text, position)
select e.id, pg_temp.seed_image_url('event-images/seed/' || v.slug || '-' || v.n || '.webp'), v.alt_text, v.n - 1
from (values
  ('e0000000-0000-4000-8000-000000000001'::uuid, 'friday-night-neon', 1, 'Neon rings and glowing lines in pink, cyan and violet'),
  ('e0000000-0000-4000-8000-000000000001', 'friday-night-neon', 2, 'Neon squiggles over a dark violet dance floor'),
  ('e0000000-0000-4000-8000-000000000001', 'friday-night-neon', 3, 'Glow-paint dots and neon loops'),
  ('e0000000-0000-4000-8000-000000000002', 'jazz-small-plates', 1, 'A brass saxophone, small plates and piano keys in amber light'),
  ('e0000000-0000-4000-8000-000000000002', 'jazz-small-plates', 2, 'Small plates above the keys of a piano'),
  ('e0000000-0000-4000-8000-000000000002', 'jazz-small-plates', 3, 'Warm light over the bistro''s small plates'),
  ('e0000000-0000-4000-8000-000000000003', 'throwback-thursday', 1, 'A cassette tape among 90s shapes and squiggles'),
  ('e0000000-0000-4000-8000-000000000003', 'throwback-thursday', 2, 'A tilted cassette on a pastel pattern'),
  ('e0000000-0000-4000-8000-000000000003', 'throwback-thursday', 3, 'Triangles, circles and a mixtape'),
  ('e0000000-0000-4000-8000-000000000004', 'latin-heat-saturday', 1, 'Palm trees against a blazing sunset'),
  ('e0000000-0000-4000-8000-000000000004', 'latin-heat-saturday', 2, 'A tropical sun over waves of red and violet'),
  ('e0000000-0000-4000-8000-000000000004', 'latin-heat-saturday', 3, 'Palms and a setting sun in orange and pink'),
  ('e0000000-0000-4000-8000-000000000005', 'rooftop-silent-disco', 1, 'Cleveland''s skyline at night with glowing headphones on the roof'),
  ('e0000000-0000-4000-8000-000000000005', 'rooftop-silent-disco', 2, 'Terminal Tower under the stars, headphones in three colours'),
  ('e0000000-0000-4000-8000-000000000005', 'rooftop-silent-disco', 3, 'A rooftop under the moon with red, green and blue headphones')
) as v (event_id, slug, n, alt_text)
join public.events e on e.id = v.event_id
where not exists (select 1 from public.event_images i where i.event_id = v.event_id and i.position = v.n - 1);

update public.djs d
set image_url = pg_temp.seed_image_url('event-images/seed/djs/' || v.slug || '.webp')
from (values
  ('d0000000-0000-4000-8000-000000000001'::uuid, 'dj-nova'),
  ('d0000000-0000-4000-8000-000000000002', 'dj-sol'),
  ('d0000000-0000-4000-8000-000000000003', 'midnight-marcus'),
  ('d0000000-0000-4000-8000-000000000004', 'lady-vinyl')
) as v (id, slug)
where d.id = v.id and d.image_url is null;

insert into public.photo_wall (id, user_id, image_url, caption, is_approved, is_featured, created_at, approved_at, approved_by)
select v.id, v.user_id, pg_temp.seed_image_url('photo-wall/' || v.user_id || '/' || v.file), v.caption,
  true, v.featured, now() - v.ago, now() - v.ago + interval '2 hours', 'a0000000-0000-4000-8000-000000000001'
from (values
  ('c0000000-0000-4000-8000-000000000001'::uuid, 'a0000000-0000-4000-8000-000000000002'::uuid, 'seed-cocktails.webp',
   'Neon Mule, Ultra Violet and a Spicy Margarita at the bar', true, interval '6 days'),
  ('c0000000-0000-4000-8000-000000000002', 'a0000000-0000-4000-8000-000000000003', 'seed-dance-floor.webp',
   'The dance floor lit up after midnight', true, interval '5 days'),
  ('c0000000-0000-4000-8000-000000000003', 'a0000000-0000-4000-8000-000000000002', 'seed-skyline.webp',
   'Downtown from the lounge window', false, interval '4 days'),
  ('c0000000-0000-4000-8000-000000000004', 'a0000000-0000-4000-8000-000000000003', 'seed-dinner.webp',
   'Small plates before the show', false, interval '3 days')
) as v (id, user_id, file, caption, featured, ago)
on conflict (id) do nothing;

-- Tonight's song requests (requested_by_name and event_date are set by the
-- trigger and the column default) and a few votes.
insert into public.song_requests (id, song_title, artist, user_id, created_at)
values
  ('50000000-0000-4000-8000-000000000001', 'Blinding Lights', 'The Weeknd', 'a0000000-0000-4000-8000-000000000002', now() - interval '50 minutes'),
  ('50000000-0000-4000-8000-000000000002', 'Titi Me Pregunto', 'Bad Bunny', 'a0000000-0000-4000-8000-000000000003', now() - interval '40 minutes'),
  ('50000000-0000-4000-8000-000000000003', 'Crazy in Love', 'Beyonce', 'a0000000-0000-4000-8000-000000000002', now() - interval '25 minutes'),
  ('50000000-0000-4000-8000-000000000004', 'September', 'Earth, Wind & Fire', 'a0000000-0000-4000-8000-000000000003', now() - interval '10 minutes')
on conflict (id) do nothing;

-- (votes are taken on open requests only: a second run, after the queue below
-- has moved two of them on, skips the votes already cast)
insert into public.song_votes (song_request_id, user_id)
select v.request_id, v.user_id
from (values
  ('50000000-0000-4000-8000-000000000001'::uuid, 'a0000000-0000-4000-8000-000000000003'::uuid),
  ('50000000-0000-4000-8000-000000000003'::uuid, 'a0000000-0000-4000-8000-000000000003'::uuid),
  ('50000000-0000-4000-8000-000000000001'::uuid, 'a0000000-0000-4000-8000-000000000002'::uuid)
) as v (request_id, user_id)
join public.song_requests r on r.id = v.request_id and r.status = 'pending'
where not exists (
  select 1 from public.song_votes x where x.song_request_id = v.request_id and x.user_id = v.user_id
);

-- Tonight's queue, so the lounge looks alive: Blinding Lights is playing and
-- Crazy in Love is up next; the other two stay open for votes. The statuses
-- are set by update, as staff set them, so the queue trigger places them.
-- (The backend's app-call tests read exactly these four requests.)
update public.song_requests set status = 'playing'
where id = '50000000-0000-4000-8000-000000000001' and status = 'pending';
update public.song_requests set status = 'approved'
where id = '50000000-0000-4000-8000-000000000003' and status = 'pending';

-- A couple of ratings for tonight's DJ (the trigger updates the averages).
insert into public.dj_ratings (dj_id, user_id, rating, comment)
values
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000002', 5, 'Packed dance floor all night!'),
  ('d0000000-0000-4000-8000-000000000001', 'a0000000-0000-4000-8000-000000000003', 4, null)
on conflict do nothing;

-- A date with other hours twelve days ahead (venue time): a private buyout of
-- the lounge in the afternoon, open again for the night.
insert into public.venue_hour_exceptions (on_date, label, is_closed, opens_at, closes_at)
values (
  (now() at time zone 'America/New_York')::date + 12,
  'Private buyout until 6PM',
  false,
  '18:00',
  '01:00'
)
on conflict (on_date) do nothing;

-- The menu: seven sections and their items (prices in cents, tags from
-- private.menu_tags()). Skipped where a section or an item of the same name exists.
insert into public.menu_sections (slug, title, note, position) values
  ('small-plates', 'Small Plates', 'Made for sharing.', 1),
  ('mains', 'Mains', '', 2),
  ('desserts', 'Desserts', '', 3),
  ('cocktails', 'Cocktails', 'Every cocktail can be made zero-proof.', 4),
  ('wine', 'Wine', 'By the glass; ask for the bottle list.', 5),
  ('beer', 'Beer', 'Local drafts rotate with the season.', 6),
  ('bottle-service', 'Bottle Service', 'In the lounge, with mixers, a sparkler and a reserved section. 21+.', 7)
on conflict (slug) do nothing;

insert into public.menu_items (section_id, name, description, price_cents, unit, tags, position)
select s.id, v.name, v.description, v.price_cents, v.unit, v.tags::text[], v.position
from (values
  ('small-plates', 'Crispy Calamari', 'Lemon aioli, pickled cherry peppers.', 1400, '', '{contains-shellfish}', 1),
  ('small-plates', 'Truffle Fries', 'Parmesan, herbs, white truffle oil.', 900, '', '{vegetarian}', 2),
  ('small-plates', 'Lake Erie Perch Tacos', 'Cornmeal-crusted perch, lime slaw, chipotle crema.', 1500, '', '{spicy}', 3),
  ('small-plates', 'Potato & Cheddar Pierogi', 'Pan-seared, caramelized onion, sour cream.', 1200, '', '{vegetarian}', 4),
  ('small-plates', 'Korean BBQ Wings', 'Gochujang glaze, sesame, scallion.', 1400, '', '{spicy,dairy-free}', 5),
  ('small-plates', 'Whipped Ricotta Toast', 'Hot honey, pistachio, grilled sourdough.', 1100, '', '{vegetarian,contains-nuts}', 6),
  ('small-plates', 'Charred Brussels Sprouts', 'Maple-chili glaze, toasted pecans.', 1000, '', '{vegan,gluten-free,contains-nuts,spicy}', 7),
  ('small-plates', 'Shrimp Ceviche', 'Lime, avocado, jalapeño, tortilla chips.', 1500, '', '{contains-shellfish,gluten-free,dairy-free,spicy}', 8),
  ('mains', 'Lakeshore Burger', 'Two smashed patties, aged cheddar, house sauce, fries.', 1800, '', '{}', 1),
  ('mains', 'Blackened Salmon', 'Cajun spice, dirty rice, charred lemon.', 2700, '', '{gluten-free,spicy}', 2),
  ('mains', 'Wild Mushroom Risotto', 'Parmesan, thyme, truffle.', 2200, '', '{vegetarian,gluten-free}', 3),
  ('mains', 'Braised Short Rib', 'Eight hours in red wine, horseradish mash.', 3200, '', '{gluten-free}', 4),
  ('mains', 'Roasted Half Chicken', 'Herb jus, garlic potatoes, green beans.', 2400, '', '{gluten-free,dairy-free}', 5),
  ('mains', 'Cauliflower Steak', 'Romesco, crispy chickpeas, salsa verde.', 2000, '', '{vegan,gluten-free,contains-nuts}', 6),
  ('mains', 'Shrimp & Grits', 'Cheddar grits, andouille, Cajun butter.', 2600, '', '{contains-shellfish,gluten-free,spicy}', 7),
  ('mains', 'Polish Boy', 'Kielbasa, fries, slaw and barbecue sauce on a bun: a Cleveland classic.', 1600, '', '{}', 8),
  ('desserts', 'Cassata Cake', 'Cleveland-style: strawberries, custard, whipped cream.', 1000, '', '{vegetarian}', 1),
  ('desserts', 'Chocolate Lava Cake', 'Warm center, vanilla bean ice cream.', 1100, '', '{vegetarian}', 2),
  ('desserts', 'Bourbon Pecan Tart', 'Brown butter crust, chantilly cream.', 1000, '', '{vegetarian,contains-nuts}', 3),
  ('desserts', 'Coconut Panna Cotta', 'Passion fruit, toasted coconut.', 900, '', '{vegan,gluten-free}', 4),
  ('desserts', 'Late-Night Donut Holes', 'Cinnamon sugar, chocolate dip.', 800, '', '{vegetarian}', 5),
  ('cocktails', 'Neon Mule', 'Vodka, ginger beer, lime, butterfly pea flower.', 1300, '', '{dairy-free}', 1),
  ('cocktails', 'Cuyahoga Old Fashioned', 'Bourbon, demerara, orange and cherry bitters.', 1500, '', '{}', 2),
  ('cocktails', 'Midnight Espresso Martini', 'Vodka, cold brew, coffee liqueur.', 1400, '', '{}', 3),
  ('cocktails', 'Lakeshore Spritz', 'Bitter aperitivo, prosecco, orange.', 1200, '', '{}', 4),
  ('cocktails', 'Spicy Margarita', 'Tequila, jalapeño, lime, chili-salt rim.', 1300, '', '{spicy}', 5),
  ('cocktails', 'Ultra Violet', 'Gin, crème de violette, lemon, egg white.', 1400, '', '{}', 6),
  ('cocktails', 'Garden Party', 'Zero-proof: cucumber, mint, lime, tonic.', 800, '', '{non-alcoholic,vegan}', 7),
  ('cocktails', 'Ginger Citrus Fizz', 'Zero-proof: ginger, grapefruit, soda.', 800, '', '{non-alcoholic,vegan}', 8),
  ('wine', 'Prosecco, Veneto', 'Crisp, green apple.', 1100, 'glass', '{}', 1),
  ('wine', 'Sauvignon Blanc, Marlborough', 'Citrus, passion fruit.', 1200, 'glass', '{}', 2),
  ('wine', 'Riesling, Lake Erie', 'Off-dry, from Ohio''s north coast.', 1100, 'glass', '{}', 3),
  ('wine', 'Chardonnay, Sonoma Coast', 'Lightly oaked, stone fruit.', 1400, 'glass', '{}', 4),
  ('wine', 'Pinot Noir, Willamette Valley', 'Cherry, earth, soft tannins.', 1500, 'glass', '{}', 5),
  ('wine', 'Cabernet Sauvignon, Paso Robles', 'Blackcurrant, cedar.', 1500, 'glass', '{}', 6),
  ('beer', 'House Lager', 'Crisp and clean, brewed in Cleveland.', 700, '16 oz draft', '{}', 1),
  ('beer', 'West Side IPA', 'Citrus and pine, local.', 800, '16 oz draft', '{}', 2),
  ('beer', 'Seasonal Stout', 'Coffee and dark chocolate.', 800, '16 oz draft', '{}', 3),
  ('beer', 'Hazy Pale Ale', 'Soft, tropical.', 700, 'can', '{}', 4),
  ('beer', 'Alcohol-Free Lager', 'All of the crisp, none of the proof.', 600, 'bottle', '{non-alcoholic}', 5),
  ('bottle-service', 'Premium Vodka', '750 ml with mixers.', 32500, 'bottle', '{}', 1),
  ('bottle-service', 'Small-Batch Bourbon', '750 ml with mixers.', 37500, 'bottle', '{}', 2),
  ('bottle-service', 'Añejo Tequila', '750 ml with mixers and citrus.', 40000, 'bottle', '{}', 3),
  ('bottle-service', 'Champagne Brut', '750 ml, on ice.', 19000, 'bottle', '{}', 4),
  ('bottle-service', 'Rosé Champagne', '750 ml, on ice.', 26000, 'bottle', '{}', 5)
) as v(slug, name, description, price_cents, unit, tags, position)
join public.menu_sections s on s.slug = v.slug
where not exists (select 1 from public.menu_items i where i.name = v.name);

-- The bottle service items are the lounge's bottle list (chosen ahead with a VIP table).
update public.menu_items i set is_bottle = true
from public.menu_sections s
where s.id = i.section_id and s.slug = 'bottle-service' and not i.is_bottle;

-- Promotions on the home page: two that always run, one for this month.
insert into public.promotions (title, body, starts_on, ends_on, position)
select v.title, v.body, v.starts_on, v.ends_on, v.position
from (values
  ('Happy Hour', 'Weekdays 4 to 7PM: half-price house cocktails and small plates.',
   (now() at time zone 'America/New_York')::date - 30, null::date, 1),
  ('Late-Night Bites', 'From 11PM until close, Thursday to Saturday: the late-night menu at the bar.',
   (now() at time zone 'America/New_York')::date - 30, null::date, 2),
  ('Holiday Party Packages', 'Book a reserved lounge section for your team: bottle service, a custom menu and a DJ set.',
   (now() at time zone 'America/New_York')::date - 1, (now() at time zone 'America/New_York')::date + 35, 3)
) as v (title, body, starts_on, ends_on, position)
where not exists (select 1 from public.promotions p where p.title = v.title);

-- A weekly night the admin can generate the next 8 Fridays of (pending approval).
insert into public.event_templates (title, description, weekday, start_time, capacity)
select 'Friday Night Neon', 'Glow paint, neon cocktails and a resident DJ until close. 21+ after 9PM.', 5, '22:00', 120
where not exists (select 1 from public.event_templates where title = 'Friday Night Neon');

-- Length limits on the free-text columns members and admins write, so one
-- request cannot store megabytes that every later query and pattern match has
-- to read. Each limit is a named CHECK constraint: an over-long value is
-- refused with 23514 naming the constraint (<table>_<column>_length). The
-- limits sit above what the app's forms accept. NOT VALID: rows stored before
-- this migration are not rechecked, every new or changed row is.

alter table public.profiles
  add constraint profiles_first_name_length check (length(first_name) <= 200) not valid,
  add constraint profiles_last_name_length check (length(last_name) <= 200) not valid,
  add constraint profiles_email_length check (length(email) <= 320) not valid,
  add constraint profiles_phone_length check (length(phone) <= 50) not valid;

alter table public.events
  add constraint events_description_length check (length(description) <= 5000) not valid,
  add constraint events_featured_image_url_length check (length(featured_image_url) <= 2048) not valid;

alter table public.event_bookings
  add constraint event_bookings_event_title_length check (length(event_title) <= 200) not valid,
  add constraint event_bookings_special_requests_length check (length(special_requests) <= 2000) not valid,
  add constraint event_bookings_admin_notes_length check (length(admin_notes) <= 2000) not valid,
  add constraint event_bookings_event_image_url_length check (length(event_image_url) <= 2048) not valid;

alter table public.offers
  add constraint offers_description_length check (length(description) <= 2000) not valid;

alter table public.djs
  add constraint djs_bio_length check (length(bio) <= 2000) not valid,
  add constraint djs_genre_specialties_length
    check (cardinality(genre_specialties) <= 20 and length(array_to_string(genre_specialties, '')) <= 1000) not valid;

alter table public.song_requests
  add constraint song_requests_requested_by_name_length check (length(requested_by_name) <= 60) not valid;

-- The admin's Bookings tab filters by status and event and searches by name,
-- e-mail or booking code over thousands of bookings. pg_trgm is not loaded
-- by the project's embedded database, so searches are case-insensitive
-- prefix matches served by btree indexes on lower(...) (text_pattern_ops
-- makes "like 'abc%'" use them in any collation); the code has its unique
-- index, and (status, created_at) serves the newest-first list per status.

create index event_bookings_lower_name_idx on public.event_bookings (lower(name) text_pattern_ops);
create index event_bookings_lower_email_idx on public.event_bookings (lower(email) text_pattern_ops);
create index event_bookings_status_created_at_idx on public.event_bookings (status, created_at desc);

-- The admin Users tab pages profiles newest first with user_id breaking ties
-- (order=created_at.desc,user_id.asc, 25 a page). An index in exactly that
-- order serves a page by reading 25 index entries instead of sorting every
-- profile; it replaces the created_at-only index, which it covers.
--
-- Trigram indexes for the tab's ILIKE search were measured too and left out:
-- under row-level security Postgres only uses an index for leakproof
-- operators, and ILIKE is not one, so every search stays a sequential scan.

create index profiles_created_at_user_id_idx on public.profiles (created_at desc, user_id);
drop index public.profiles_created_at_idx;

-- The venue's settings, declared once for the database: its time zone (the
-- business night and the birthday window are counted in it) and how many
-- song votes a member has per night. Every rule that needs them calls these
-- functions instead of repeating the values.

create or replace function private.venue_time_zone()
returns text
language sql
immutable
set search_path = ''
as $$
  select 'America/New_York'::text
$$;

create or replace function private.votes_per_night()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 3
$$;

revoke execute on function private.venue_time_zone() from public;
revoke execute on function private.votes_per_night() from public;
grant execute on function private.venue_time_zone() to anon, authenticated, service_role;
grant execute on function private.votes_per_night() to anon, authenticated, service_role;

-- Tonight's business date for the lounge: the venue's wall-clock date, rolling
-- over at 04:00 (the lounge is open until 1 AM). Four wall-clock hours are
-- subtracted, so a DST change never shifts the rollover.
create or replace function private.business_date()
returns date
language sql
stable
set search_path = ''
as $$
  select ((now() at time zone private.venue_time_zone()) - interval '4 hours')::date
$$;

-- True when the caller's birthday is within _days days of today (venue time).
create or replace function private.birthday_within(_days integer)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.birthday_distance(p.birthday, (now() at time zone private.venue_time_zone())::date) <= _days
    from public.profiles p
    where p.user_id = auth.uid() and p.birthday is not null
  ), false)
$$;

-- Every business number the rules use is declared once, as a function here or
-- in venue_settings (the time zone, votes per night) and song_request_queue
-- (requests per night); the constraints, policies and triggers call them.
-- public.business_rules() hands them all out together, to anyone (they are
-- shown to visitors too), and libs/data's business-rules.ts is generated from
-- it (supabase/business-rules/generate.mjs), so the app's copies are never
-- typed a second time. A booking's own "can it still be cancelled" is the
-- computed column event_bookings.cancellable, the database's rule itself.

-- Guests per booking.
create or replace function private.booking_guests_min()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 1
$$;

create or replace function private.booking_guests_max()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 20
$$;

-- Stars of a DJ rating.
create or replace function private.rating_stars_max()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 5
$$;

-- Birthday offers show within this many days of the member's birthday.
create or replace function private.birthday_offer_days()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 7
$$;

-- The wall-clock hour at which the venue's business night rolls over to the
-- next date (the lounge is open until 1 AM).
create or replace function private.business_day_rollover_hour()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 4
$$;

revoke execute on function private.booking_guests_min() from public;
revoke execute on function private.booking_guests_max() from public;
revoke execute on function private.rating_stars_max() from public;
revoke execute on function private.birthday_offer_days() from public;
revoke execute on function private.business_day_rollover_hour() from public;
-- The constraints below call them as the writing role.
grant execute on function private.booking_guests_min() to anon, authenticated, service_role;
grant execute on function private.booking_guests_max() to anon, authenticated, service_role;
grant execute on function private.rating_stars_max() to anon, authenticated, service_role;
grant execute on function private.birthday_offer_days() to anon, authenticated, service_role;
grant execute on function private.business_day_rollover_hour() to anon, authenticated, service_role;

-- The constraints keep their names (clients map errors on them).
alter table public.event_bookings drop constraint event_bookings_number_of_guests_check;
alter table public.event_bookings
  add constraint event_bookings_number_of_guests_check
  check (number_of_guests between private.booking_guests_min() and private.booking_guests_max());

alter table public.dj_ratings drop constraint dj_ratings_rating_check;
alter table public.dj_ratings
  add constraint dj_ratings_rating_check check (rating between 1 and private.rating_stars_max());

create or replace function private.can_see_offer_type(_type public.offer_type)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select case _type
    when 'exclusive' then true
    when 'surprise' then true
    when 'vip' then private.is_vip()
    when 'birthday' then private.birthday_within(private.birthday_offer_days())
    else false
  end
$$;

revoke execute on function private.can_see_offer_type(public.offer_type) from public;
grant execute on function private.can_see_offer_type(public.offer_type) to authenticated, service_role;

-- The business date of an instant: the venue's wall-clock date, where the
-- hours before the rollover still belong to the previous night. Wall-clock
-- hours are subtracted, so a DST change never shifts the rollover.
create or replace function private.business_date_of(_at timestamptz)
returns date
language sql
stable
set search_path = ''
as $$
  select ((_at at time zone private.venue_time_zone())
          - make_interval(hours => private.business_day_rollover_hour()))::date
$$;

revoke execute on function private.business_date_of(timestamptz) from public;
grant execute on function private.business_date_of(timestamptz) to anon, authenticated, service_role;

create or replace function private.business_date()
returns date
language sql
stable
set search_path = ''
as $$
  select private.business_date_of(now())
$$;

create or replace function private.check_in_booking(code text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
  tz constant text := private.venue_time_zone();
begin
  b := private.booking_by_code(code);
  if b.checked_in_at is not null then
    raise exception 'Already checked in at %',
      to_char(b.checked_in_at at time zone tz, 'FMHH12:MI AM') using errcode = 'P0001';
  end if;
  if b.status = 'cancelled' then
    raise exception 'This booking was cancelled' using errcode = 'P0001';
  end if;
  if b.status = 'rejected' then
    raise exception 'This booking was rejected' using errcode = 'P0001';
  end if;
  if b.status <> 'approved' then
    raise exception 'This booking is not approved' using errcode = 'P0001';
  end if;
  if b.event_date is null then
    raise exception 'This booking has no date, not tonight' using errcode = 'P0001';
  end if;
  if private.business_date_of(b.event_date) <> private.business_date() then
    raise exception 'This booking is for %, not tonight',
      to_char(b.event_date at time zone tz, 'FMDay, FMMonth FMDD, YYYY') using errcode = 'P0001';
  end if;
  update public.event_bookings x
  set checked_in_at = now(), checked_in_by = auth.uid()
  where x.id = b.id
  returning * into b;
  return private.booking_door_json(b);
end
$$;

revoke execute on function private.check_in_booking(text) from public;
grant execute on function private.check_in_booking(text) to authenticated;

-- Whether the guest can still cancel the booking, as private.booking_cancellable
-- decides it (a pending, approved or waitlisted booking whose event has not
-- started): a computed column, `select=*,cancellable`. The screens show the
-- Cancel button from it instead of deciding again.
grant execute on function private.booking_cancellable(public.event_bookings) to authenticated, service_role;

create or replace function public.cancellable(public.event_bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  select private.booking_cancellable($1)
$$;

revoke execute on function public.cancellable(public.event_bookings) from public, anon, authenticated;
grant execute on function public.cancellable(public.event_bookings) to authenticated, service_role;

-- All the numbers, for the app's generated copy and for anyone who asks.
create or replace function public.business_rules()
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'venue_time_zone', private.venue_time_zone(),
    'business_day_rollover_hour', private.business_day_rollover_hour(),
    'votes_per_night', private.votes_per_night(),
    'requests_per_night', private.requests_per_night(),
    'booking_guests_min', private.booking_guests_min(),
    'booking_guests_max', private.booking_guests_max(),
    'rating_stars_max', private.rating_stars_max(),
    'birthday_offer_days', private.birthday_offer_days()
  )
$$;

revoke execute on function public.business_rules() from public;
grant execute on function public.business_rules() to anon, authenticated, service_role;

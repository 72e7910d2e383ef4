-- No-shows: after a night is over (at a time of the next morning the venue sets, 4 AM by
-- default), approved event bookings that nobody checked in and booked dinner reservations
-- nobody arrived for are marked no-show by the backend's job (private.mark_no_shows). The
-- admin reads a guest's arrivals and no-shows (private.guest_door_history).

alter table public.venue_settings
  add column no_shows_at time not null default '04:00';

comment on column public.venue_settings.no_shows_at is
  'Venue time on the morning after a night when its unarrived bookings are marked no-show.';

grant update (no_shows_at) on table public.venue_settings to authenticated;

alter table public.event_bookings add column no_show_at timestamptz;

comment on column public.event_bookings.no_show_at is
  'When the booking was marked a no-show: approved, never checked in, the night over.';

-- Whether a night is over for no-shows: its next morning's no-show time has passed.
create or replace function private.night_over(_night date)
returns boolean
language sql
stable
set search_path = ''
as $$
  select ((_night + 1) + coalesce((select s.no_shows_at from public.venue_settings s), time '04:00'))
    at time zone private.venue_time_zone() <= now()
$$;

revoke execute on function private.night_over(date) from public;

-- Marks the no-shows of every night that is over; answers how many rows were marked.
-- Run by the backend's job (the service role); a second run marks nothing new.
create or replace function private.mark_no_shows()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  _bookings integer;
  _reservations integer;
begin
  update public.event_bookings b
  set no_show_at = now()
  where b.status = 'approved'
    and b.checked_in_at is null
    and b.no_show_at is null
    and b.event_date is not null
    and b.event_date < now()
    and private.night_over(private.business_date_of(b.event_date));
  get diagnostics _bookings = row_count;

  with marked as (
    update public.reservations r
    set status = 'no_show', updated_at = now()
    where r.status = 'booked'
      and r.starts_at < now()
      and private.night_over(r.business_date)
    returning r.id
  ), freed as (
    -- a past night's tables are simply freed (nobody waits for them any more)
    delete from public.reservation_tables t using marked m where t.reservation_id = m.id
  )
  select count(*) into _reservations from marked;

  return _bookings + _reservations;
end
$$;

revoke execute on function private.mark_no_shows() from public;
grant execute on function private.mark_no_shows() to service_role;

-- A member's history at the door, newest first: event bookings and dinner reservations they
-- arrived for or did not (admins only).
create or replace function private.guest_door_history(_user_id uuid)
returns table (kind text, source_id uuid, title text, happened_at timestamptz, outcome text, people integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  return query
  select h.kind, h.source_id, h.title, h.happened_at, h.outcome, h.people from (
    select 'event_booking'::text as kind, b.id as source_id,
      coalesce(b.event_title, b.occasion, 'Event booking') as title,
      b.event_date as happened_at,
      case when b.checked_in_at is not null then 'arrived' else 'no_show' end as outcome,
      b.number_of_guests as people
    from public.event_bookings b
    where b.user_id = _user_id and (b.checked_in_at is not null or b.no_show_at is not null)
    union all
    select 'dinner_reservation', r.id, 'Dinner' || case when r.occasion <> '' then ' · ' || r.occasion else '' end,
      r.starts_at,
      case when r.status = 'no_show' then 'no_show' else 'arrived' end,
      r.party_size::integer
    from public.reservations r
    where r.user_id = _user_id and r.status in ('arrived', 'seated', 'finished', 'no_show')
  ) h
  order by h.happened_at desc nulls last
  limit 200;
end
$$;

revoke execute on function private.guest_door_history(uuid) from public;
grant execute on function private.guest_door_history(uuid) to authenticated, service_role;

create or replace function public.guest_door_history(_user_id uuid)
returns table (kind text, source_id uuid, title text, happened_at timestamptz, outcome text, people integer)
language sql
stable
set search_path = ''
as $$
  select * from private.guest_door_history(_user_id)
$$;

revoke execute on function public.guest_door_history(uuid) from public, anon;
grant execute on function public.guest_door_history(uuid) to authenticated, service_role;

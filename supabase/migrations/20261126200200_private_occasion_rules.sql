-- A private-occasion request (a booking without an event) is for a night to come, and
-- "Events Booked" counts event bookings only: a request for a private occasion holds no seat of
-- an event, so it is no event booked.

create or replace function private.check_private_occasion()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.event_id is null and private.member_is_writing()
     and (tg_op = 'INSERT' or new.event_date is distinct from old.event_date)
     and (new.event_date is null or new.event_date <= now())
  then
    raise exception 'A private occasion needs a date in the future' using errcode = 'P0001';
  end if;
  return new;
end
$$;

revoke execute on function private.check_private_occasion() from public;

create trigger event_bookings_check_private_occasion
  before insert or update of event_date on public.event_bookings
  for each row execute function private.check_private_occasion();

create or replace function private.sync_total_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.event_id is not null
     and private.booking_holds_seats(old.status) then
    update public.profiles p
    set total_bookings = greatest(p.total_bookings - 1, 0)
    where p.user_id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.event_id is not null
     and private.booking_holds_seats(new.status) then
    update public.profiles p
    set total_bookings = p.total_bookings + 1
    where p.user_id = new.user_id;
  end if;
  return null;
end
$$;

revoke execute on function private.sync_total_bookings() from public;

-- the trigger also fires when a booking's event is removed (deleted events set it to null)
drop trigger if exists event_bookings_sync_total_bookings on public.event_bookings;
create trigger event_bookings_sync_total_bookings
  after insert or delete or update of status, event_id on public.event_bookings
  for each row execute function private.sync_total_bookings();

update public.profiles p
set total_bookings = (
  select count(*) from public.event_bookings b
  where b.user_id = p.user_id and b.event_id is not null and private.booking_holds_seats(b.status)
);

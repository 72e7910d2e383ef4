-- A booking checked in at the door has been used: its guest can no longer cancel it (from
-- the app or by the mail's cancel link), whatever its event's time.

create or replace function private.booking_cancellable(_b public.event_bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  select _b.status in ('pending', 'approved', 'waitlisted')
     and _b.checked_in_at is null
     and (_b.event_date is null or _b.event_date > now())
$$;

revoke execute on function private.booking_cancellable(public.event_bookings) from public;

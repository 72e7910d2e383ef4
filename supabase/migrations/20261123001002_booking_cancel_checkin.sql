-- Cancelling and the door, for bookings as reservations: a member cancels
-- their own booking until the event starts, from the app or by the cancel
-- link in a booking mail (a random token per mail, stored hashed, good for
-- nothing but cancelling that booking); admins look a booking up by its code
-- and check it in, once, for tonight only.

-- Whether a booking can still be cancelled by its guest: it holds or waits
-- for seats and its event has not started.
create or replace function private.booking_cancellable(_b public.event_bookings)
returns boolean
language sql
stable
set search_path = ''
as $$
  select _b.status in ('pending', 'approved', 'waitlisted')
     and (_b.event_date is null or _b.event_date > now())
$$;

revoke execute on function private.booking_cancellable(public.event_bookings) from public;

-- A member cancels their own booking until the event starts.
create or replace function private.cancel_booking(booking_id uuid)
returns public.event_bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
begin
  if auth.uid() is null then
    raise exception 'Sign in required' using errcode = '42501';
  end if;
  select * into b from public.event_bookings x
  where x.id = booking_id and x.user_id = auth.uid()
  for update;
  if not found or not private.booking_cancellable(b) then
    raise exception 'This booking can no longer be cancelled' using errcode = 'P0001';
  end if;
  update public.event_bookings x set status = 'cancelled' where x.id = b.id returning * into b;
  return b;
end
$$;

revoke execute on function private.cancel_booking(uuid) from public;
grant execute on function private.cancel_booking(uuid) to authenticated;

-- Cancel links: one random token per mail, stored only as its SHA-256 hash;
-- a token does nothing but cancel its one booking.
create table private.booking_cancel_tokens (
  token_hash text primary key,
  booking_id uuid not null references public.event_bookings (id) on delete cascade,
  created_at timestamptz not null default now()
);

create index booking_cancel_tokens_booking_id_idx on private.booking_cancel_tokens (booking_id);

revoke all on table private.booking_cancel_tokens from public;

create or replace function private.token_hash(_token text)
returns text
language sql
immutable
set search_path = ''
as $$
  select encode(extensions.digest(convert_to(_token, 'UTF8'), 'sha256'), 'hex')
$$;

revoke execute on function private.token_hash(text) from public;

create or replace function private.issue_cancel_token(_booking_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  token text;
begin
  token := translate(encode(extensions.gen_random_bytes(24), 'base64'), '+/', '-_');
  insert into private.booking_cancel_tokens (token_hash, booking_id)
  values (private.token_hash(token), _booking_id);
  return token;
end
$$;

revoke execute on function private.issue_cancel_token(uuid) from public;

-- A fresh cancel token for the mail about a booking (the mail senders only).
create or replace function private.booking_cancel_token(booking_id uuid)
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if not exists (select 1 from public.event_bookings b where b.id = booking_id) then
    raise exception 'Booking not found' using errcode = 'P0002';
  end if;
  return private.issue_cancel_token(booking_id);
end
$$;

revoke execute on function private.booking_cancel_token(uuid) from public;
grant execute on function private.booking_cancel_token(uuid) to service_role;

create or replace function private.booking_for_token(_token text)
returns public.event_bookings
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
begin
  select x.* into b
  from private.booking_cancel_tokens t
  join public.event_bookings x on x.id = t.booking_id
  where t.token_hash = private.token_hash(coalesce(_token, ''));
  if not found then
    raise exception 'This cancel link is not valid' using errcode = 'P0001';
  end if;
  return b;
end
$$;

revoke execute on function private.booking_for_token(text) from public;

-- What the cancel page shows before the guest confirms.
create or replace function private.booking_by_token(token text)
returns json
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
begin
  b := private.booking_for_token(token);
  return json_build_object(
    'booking_code', b.booking_code, 'event_title', b.event_title, 'event_date', b.event_date,
    'status', b.status, 'cancellable', private.booking_cancellable(b));
end
$$;

revoke execute on function private.booking_by_token(text) from public;
grant execute on function private.booking_by_token(text) to anon, authenticated, service_role;

-- The cancel link in every booking mail: works without signing in. A second
-- click on a booking already cancelled answers with its state again.
create or replace function private.cancel_booking_by_token(token text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
begin
  b := private.booking_for_token(token);
  select * into b from public.event_bookings x where x.id = b.id for update;
  if b.status <> 'cancelled' then
    if not private.booking_cancellable(b) then
      raise exception 'This booking can no longer be cancelled' using errcode = 'P0001';
    end if;
    update public.event_bookings x set status = 'cancelled', cancelled_by = x.user_id
    where x.id = b.id returning * into b;
  end if;
  return json_build_object(
    'booking_code', b.booking_code, 'event_title', b.event_title, 'event_date', b.event_date,
    'status', b.status);
end
$$;

revoke execute on function private.cancel_booking_by_token(text) from public;
grant execute on function private.cancel_booking_by_token(text) to anon, authenticated, service_role;

-- Door check-in. "Tonight" is the venue's business date (the night runs to
-- 4 AM), and times are the venue's wall clock.
create or replace function private.booking_door_json(_b public.event_bookings)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', _b.id, 'booking_code', _b.booking_code, 'name', _b.name,
    'number_of_guests', _b.number_of_guests, 'event_title', _b.event_title,
    'event_date', _b.event_date, 'status', _b.status, 'checked_in_at', _b.checked_in_at)
$$;

revoke execute on function private.booking_door_json(public.event_bookings) from public;

create or replace function private.booking_by_code(_code text)
returns public.event_bookings
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
  code text := upper(regexp_replace(coalesce(_code, ''), '[\s-]', '', 'g'));
begin
  if not private.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  select * into b from public.event_bookings x where x.booking_code = code for update;
  if not found then
    raise exception 'No booking with code %', code using errcode = 'P0001';
  end if;
  return b;
end
$$;

revoke execute on function private.booking_by_code(text) from public;

create or replace function private.find_booking(code text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  return private.booking_door_json(private.booking_by_code(code));
end
$$;

revoke execute on function private.find_booking(text) from public;
grant execute on function private.find_booking(text) to authenticated;

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
  if ((b.event_date at time zone tz) - interval '4 hours')::date <> private.business_date() then
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

-- The RPCs the app calls (POST /rest/v1/rpc/<name>): each checks its caller
-- in the private function it calls.
create or replace function public.cancel_booking(booking_id uuid)
returns public.event_bookings
language sql
volatile
set search_path = ''
as $$
  select * from private.cancel_booking(booking_id)
$$;

revoke execute on function public.cancel_booking(uuid) from public, anon, authenticated;
grant execute on function public.cancel_booking(uuid) to authenticated;

create or replace function public.booking_cancel_token(booking_id uuid)
returns text
language sql
volatile
set search_path = ''
as $$
  select private.booking_cancel_token(booking_id)
$$;

revoke execute on function public.booking_cancel_token(uuid) from public, anon, authenticated;
grant execute on function public.booking_cancel_token(uuid) to service_role;

create or replace function public.booking_by_token(token text)
returns json
language sql
stable
set search_path = ''
as $$
  select private.booking_by_token(token)
$$;

revoke execute on function public.booking_by_token(text) from public, anon, authenticated;
grant execute on function public.booking_by_token(text) to anon, authenticated, service_role;

create or replace function public.cancel_booking_by_token(token text)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.cancel_booking_by_token(token)
$$;

revoke execute on function public.cancel_booking_by_token(text) from public, anon, authenticated;
grant execute on function public.cancel_booking_by_token(text) to anon, authenticated, service_role;

create or replace function public.find_booking(code text)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.find_booking(code)
$$;

revoke execute on function public.find_booking(text) from public, anon, authenticated;
grant execute on function public.find_booking(text) to authenticated;

create or replace function public.check_in_booking(code text)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.check_in_booking(code)
$$;

revoke execute on function public.check_in_booking(text) from public, anon, authenticated;
grant execute on function public.check_in_booking(text) to authenticated;

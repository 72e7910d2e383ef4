-- Bookings are reservations for events. A booking names its event
-- (event_id); the database refuses events that are not approved or have
-- started, copies the event's title and date onto the booking, gives it a
-- booking code, and keeps approved plus pending guests within the event's
-- capacity: a booking that does not fit is waitlisted, and when guests leave
-- (cancelled, rejected, deleted, or the capacity grows) the waitlist moves up
-- in the order it was filled. A booking without an event is a request for a
-- private occasion and keeps the title and date the guest typed.
--
-- Statuses: pending | approved | rejected | waitlisted | cancelled. Approved
-- and pending bookings hold seats; only they count as "Events Booked".

-- Capacity in guests; null means unlimited.
alter table public.events
  add column capacity integer constraint events_capacity_check check (capacity between 1 and 100000);

comment on column public.events.capacity is 'Guests the event takes (approved + pending bookings); null = unlimited.';

grant insert (capacity), update (capacity) on table public.events to authenticated;

alter table public.event_bookings
  add column event_id uuid references public.events (id) on delete set null,
  add column occasion text constraint event_bookings_occasion_length check (length(occasion) <= 200),
  add column booking_code text,
  add column cancelled_at timestamptz,
  add column cancelled_by uuid references auth.users (id) on delete set null,
  add column checked_in_at timestamptz,
  add column checked_in_by uuid references auth.users (id) on delete set null;

comment on column public.event_bookings.event_id is 'The event booked; null for a private-occasion request.';
comment on column public.event_bookings.occasion is 'The guest''s own label for the occasion (the form''s optional Event Title).';
comment on column public.event_bookings.booking_code is 'Eight characters without 0, O, 1 or I; set by the database, shown at the door.';

alter table public.event_bookings drop constraint event_bookings_status_check;
alter table public.event_bookings
  add constraint event_bookings_status_check
  check (status in ('pending', 'approved', 'rejected', 'waitlisted', 'cancelled'));

-- Members name the event and their label; the copies of the event's title
-- and date stay insertable for a private-occasion request.
grant insert (event_id, occasion) on table public.event_bookings to authenticated;

-- Which statuses hold seats (and count as booked).
create or replace function private.booking_holds_seats(_status text)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select _status in ('pending', 'approved')
$$;

revoke execute on function private.booking_holds_seats(text) from public;
grant execute on function private.booking_holds_seats(text) to anon, authenticated, service_role;

-- A new booking code: 8 characters from 32 that cannot be mistaken for one
-- another (no 0/O, no 1/I), drawn from the secure random generator.
create or replace function private.new_booking_code()
returns text
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  bytes bytea;
  code text;
begin
  loop
    bytes := extensions.gen_random_bytes(8);
    code := '';
    for i in 0..7 loop
      code := code || substr(alphabet, (get_byte(bytes, i) % 32) + 1, 1);
    end loop;
    exit when not exists (select 1 from public.event_bookings b where b.booking_code = code);
  end loop;
  return code;
end
$$;

revoke execute on function private.new_booking_code() from public;

-- Existing rows: link each booking to the event on the same date (the one
-- with the same title when several share it); the title the guest typed is
-- kept as their occasion when it differs from the event's.
update public.event_bookings b
set event_id = (
  select e.id from public.events e
  where e.event_date = b.event_date
  order by (e.title = b.event_title) desc, e.created_at
  limit 1
)
where b.event_date is not null;

update public.event_bookings b
set occasion = case when b.event_title is distinct from e.title then b.event_title end,
    event_title = e.title
from public.events e
where e.id = b.event_id;

update public.event_bookings set booking_code = private.new_booking_code() where booking_code is null;

alter table public.event_bookings alter column booking_code set not null;
alter table public.event_bookings
  add constraint event_bookings_booking_code_key unique (booking_code),
  add constraint event_bookings_booking_code_format check (booking_code ~ '^[A-HJ-NP-Z2-9]{8}$');

create index event_bookings_event_id_status_idx on public.event_bookings (event_id, status, created_at);
create index event_bookings_cancelled_by_idx on public.event_bookings (cancelled_by);
create index event_bookings_checked_in_by_idx on public.event_bookings (checked_in_by);

-- A member's insert may end up waitlisted (set by the trigger below).
drop policy "Members can create their own pending bookings" on public.event_bookings;
create policy "Members can create their own pending or waitlisted bookings"
  on public.event_bookings for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and status in ('pending', 'waitlisted')
    and admin_notes is null
    and approved_at is null
    and approved_by is null
    and cancelled_at is null
    and checked_in_at is null
  );

-- Guests of approved and pending bookings of an event.
create or replace function private.event_guests_booked(_event_id uuid, _except uuid default null)
returns integer
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce(sum(b.number_of_guests), 0)::integer
  from public.event_bookings b
  where b.event_id = _event_id
    and private.booking_holds_seats(b.status)
    and (_except is null or b.id <> _except)
$$;

revoke execute on function private.event_guests_booked(uuid, uuid) from public;

-- The reservation rules, before a booking is written. Security definer: the
-- event may be one the member cannot read (not approved), and the seats
-- taken include other members' bookings. The event row is locked first, so
-- bookings for one event are placed one at a time and never overfill it.
create or replace function private.place_booking()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  ev record;
  booked integer;
begin
  if tg_op = 'INSERT' then
    new.booking_code := private.new_booking_code();
    new.cancelled_at := null;
    new.cancelled_by := null;
    new.checked_in_at := null;
    new.checked_in_by := null;
    new.occasion := nullif(btrim(new.occasion), '');
    if new.event_id is null then
      return new;
    end if;
    select e.id, e.title, e.event_date, e.is_approved, e.capacity into ev
    from public.events e where e.id = new.event_id
    for no key update;
    if not found or not ev.is_approved then
      raise exception 'This event is not open for booking' using errcode = 'P0001';
    end if;
    if ev.event_date <= now() then
      raise exception 'This event has already started' using errcode = 'P0001';
    end if;
    -- The form's Event Title defaults to the event's own title; anything
    -- else the guest typed is their label for the occasion.
    if new.occasion is null and nullif(btrim(new.event_title), '') is distinct from ev.title then
      new.occasion := nullif(btrim(new.event_title), '');
    end if;
    new.event_title := ev.title;
    new.event_date := ev.event_date;
    if ev.capacity is not null and private.booking_holds_seats(new.status) then
      booked := private.event_guests_booked(ev.id);
      if booked + new.number_of_guests > ev.capacity then
        if new.status = 'pending' then
          new.status := 'waitlisted';
        else
          raise exception 'This booking does not fit the event''s capacity (% of % guests booked)',
            booked, ev.capacity using errcode = 'P0001';
        end if;
      end if;
    end if;
    return new;
  end if;

  -- UPDATE
  if new.event_id is distinct from old.event_id and new.event_id is not null then
    raise exception 'A booking cannot move to another event' using errcode = 'P0001';
  end if;
  if old.status = 'cancelled' and new.status <> 'cancelled' then
    raise exception 'This booking was cancelled' using errcode = 'P0001';
  end if;
  if new.status = 'cancelled' and old.status <> 'cancelled' then
    new.cancelled_at := now();
    new.cancelled_by := coalesce(new.cancelled_by, auth.uid(), new.user_id);
  elsif new.status <> 'cancelled' then
    new.cancelled_at := null;
    new.cancelled_by := null;
  end if;
  new.booking_code := old.booking_code;
  -- Taking seats again (approving a waitlisted or rejected booking, say)
  -- needs room for them.
  if new.event_id is not null
     and private.booking_holds_seats(new.status)
     and (not private.booking_holds_seats(old.status) or new.number_of_guests > old.number_of_guests)
  then
    select e.id, e.capacity into ev from public.events e where e.id = new.event_id for no key update;
    if found and ev.capacity is not null then
      booked := private.event_guests_booked(ev.id, new.id);
      if booked + new.number_of_guests > ev.capacity then
        raise exception 'This booking does not fit the event''s capacity (% of % guests booked)',
          booked, ev.capacity using errcode = 'P0001';
      end if;
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.place_booking() from public;

create trigger event_bookings_place
  before insert or update on public.event_bookings
  for each row execute function private.place_booking();

-- Moves the waitlist of an event up: in the order the waitlist was filled,
-- each waitlisted booking that now fits becomes pending.
create or replace function private.promote_waitlist(_event_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  ev record;
  booked integer;
  w record;
begin
  select e.id, e.capacity, e.event_date into ev
  from public.events e where e.id = _event_id
  for no key update;
  if not found or ev.event_date <= now() then
    return;
  end if;
  booked := private.event_guests_booked(_event_id);
  for w in
    select b.id, b.number_of_guests from public.event_bookings b
    where b.event_id = _event_id and b.status = 'waitlisted'
    order by b.created_at, b.id
  loop
    if ev.capacity is null or booked + w.number_of_guests <= ev.capacity then
      update public.event_bookings set status = 'pending' where id = w.id;
      booked := booked + w.number_of_guests;
    end if;
  end loop;
end
$$;

revoke execute on function private.promote_waitlist(uuid) from public;

create or replace function private.booking_seats_freed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.event_id is not null and private.booking_holds_seats(old.status)
     and (tg_op = 'DELETE' or not private.booking_holds_seats(new.status)
          or new.number_of_guests < old.number_of_guests)
  then
    perform private.promote_waitlist(old.event_id);
  end if;
  return null;
end
$$;

revoke execute on function private.booking_seats_freed() from public;

create trigger event_bookings_seats_freed
  after update of status, number_of_guests or delete on public.event_bookings
  for each row execute function private.booking_seats_freed();

-- An event's capacity cannot drop below the guests already holding seats;
-- when it grows, the waitlist moves up.
create or replace function private.check_event_capacity()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  booked integer;
begin
  if new.capacity is not null and new.capacity is distinct from old.capacity then
    perform 1 from public.events e where e.id = new.id for no key update;
    booked := private.event_guests_booked(new.id);
    if booked > new.capacity then
      raise exception 'Capacity cannot be below the % guests already booked', booked
        using errcode = 'P0001';
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.check_event_capacity() from public;

create trigger events_check_capacity
  before update of capacity on public.events
  for each row execute function private.check_event_capacity();

create or replace function private.event_capacity_grown()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if old.capacity is not null and (new.capacity is null or new.capacity > old.capacity) then
    perform private.promote_waitlist(new.id);
  end if;
  return null;
end
$$;

revoke execute on function private.event_capacity_grown() from public;

create trigger events_capacity_grown
  after update of capacity on public.events
  for each row execute function private.event_capacity_grown();

-- A booking carries its event's title and date: they follow the event.
create or replace function private.event_copy_to_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.title is distinct from old.title or new.event_date is distinct from old.event_date then
    update public.event_bookings b
    set event_title = new.title, event_date = new.event_date
    where b.event_id = new.id;
  end if;
  return null;
end
$$;

revoke execute on function private.event_copy_to_bookings() from public;

create trigger events_copy_to_bookings
  after update of title, event_date on public.events
  for each row execute function private.event_copy_to_bookings();

-- "Events Booked" counts the bookings that hold seats: cancelled, rejected
-- and waitlisted ones do not.
create or replace function private.sync_total_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and private.booking_holds_seats(old.status) then
    update public.profiles p
    set total_bookings = greatest(p.total_bookings - 1, 0)
    where p.user_id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and private.booking_holds_seats(new.status) then
    update public.profiles p
    set total_bookings = p.total_bookings + 1
    where p.user_id = new.user_id;
  end if;
  return null;
end
$$;

update public.profiles p
set total_bookings = (
  select count(*) from public.event_bookings b
  where b.user_id = p.user_id and private.booking_holds_seats(b.status)
);

-- Seats per event for the cards, the dialog and the admin's list: approved
-- events for everyone, all events for admins.
create or replace function private.event_availability(event_ids uuid[] default null)
returns table (event_id uuid, capacity integer, guests_booked integer, spots_left integer)
language sql
stable
security definer
set search_path = ''
as $$
  select e.id,
         e.capacity,
         private.event_guests_booked(e.id),
         case when e.capacity is null then null
              else greatest(e.capacity - private.event_guests_booked(e.id), 0) end
  from public.events e
  where (e.is_approved or private.is_admin())
    and (event_ids is null or e.id = any (event_ids))
  order by e.event_date
$$;

revoke execute on function private.event_availability(uuid[]) from public;
grant execute on function private.event_availability(uuid[]) to anon, authenticated, service_role;

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

create or replace function public.event_availability(event_ids uuid[] default null)
returns table (event_id uuid, capacity integer, guests_booked integer, spots_left integer)
language sql
stable
set search_path = ''
as $$
  select * from private.event_availability(event_ids)
$$;

revoke execute on function public.event_availability(uuid[]) from public, anon, authenticated;
grant execute on function public.event_availability(uuid[]) to anon, authenticated, service_role;

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

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

-- The default only marks the column as filled by the database for clients
-- (generated types); the insert trigger below sets the code in every case.
grant execute on function private.new_booking_code() to authenticated, service_role;
alter table public.event_bookings
  alter column booking_code set not null,
  alter column booking_code set default private.new_booking_code();
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
    and b.status in ('pending', 'approved')
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
         coalesce(s.booked, 0)::integer,
         case when e.capacity is null then null
              else greatest(e.capacity - coalesce(s.booked, 0), 0)::integer end
  from public.events e
  left join (
    select b.event_id, sum(b.number_of_guests) as booked
    from public.event_bookings b
    where b.status in ('pending', 'approved')
      and b.event_id is not null
      and (event_ids is null or b.event_id = any (event_ids))
    group by b.event_id
  ) s on s.event_id = e.id
  where (e.is_approved or private.is_admin())
    and (event_ids is null or e.id = any (event_ids))
  order by e.event_date
$$;

revoke execute on function private.event_availability(uuid[]) from public;
grant execute on function private.event_availability(uuid[]) to anon, authenticated, service_role;

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

-- No member can hoard seats or flood the booking desk:
--   - one active booking (pending, approved or waitlisted) per member per event: a further
--     request for the same event replaces it (the earlier one is cancelled, its seats are the
--     new request's to take, and the waitlist moves up only for what the new one leaves);
--   - at most `open_requests_per_night` open requests (pending or waitlisted) per member per
--     night, event bookings and private-occasion requests together;
--   - at most `booking_rows_per_insert` bookings per insert statement of a member.
-- The numbers are rows of private.limits, which staff change with one update.

create table private.limits (
  name text primary key,
  value integer not null constraint limits_value_check check (value >= 0),
  description text not null
);

revoke all on table private.limits from public, anon, authenticated;
grant select, update (value) on table private.limits to service_role;

insert into private.limits (name, value, description) values
  ('open_requests_per_night', 3,
   'Open booking requests (pending or waitlisted) one member may hold for one night'),
  ('booking_rows_per_insert', 1,
   'Bookings one member may file in one insert request');

-- A limit's value; a name without a row is an error (a limit is never silently off).
create or replace function private.limit_value(_name text)
returns integer
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _value integer;
begin
  select l.value into _value from private.limits l where l.name = _name;
  if not found then
    raise exception 'No limit named %', _name using errcode = 'P0001';
  end if;
  return _value;
end
$$;

revoke execute on function private.limit_value(text) from public;
-- the numbers are no secret: a visitor's form may show them
grant execute on function private.limit_value(text) to anon, authenticated, service_role;

-- The night a booking belongs to: the venue's business date of its date (rolling over at
-- 04:00, as the lounge's night does).
create or replace function private.booking_night(_at timestamptz)
returns date
language sql
stable
set search_path = ''
as $$
  select ((_at at time zone private.venue_time_zone()) - interval '4 hours')::date
$$;

revoke execute on function private.booking_night(timestamptz) from public;
grant execute on function private.booking_night(timestamptz) to authenticated, service_role;

-- Whether a member (not the service role or the database's own role) is writing.
create or replace function private.member_is_writing()
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce(auth.role(), '') in ('authenticated', 'anon')
$$;

revoke execute on function private.member_is_writing() from public;
grant execute on function private.member_is_writing() to anon, authenticated, service_role;

-- Before a booking is placed (runs before event_bookings_place: triggers fire by name).
create or replace function private.limit_member_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _night_at timestamptz;
  _open integer;
  _max integer;
  _replaced uuid;
begin
  if new.user_id is null then
    return new;
  end if;
  if tg_op = 'UPDATE' then
    -- a booking taking part again (a rejected one re-opened, say) must not become a second
    -- active booking of its member for the event
    if new.event_id is not null
       and new.status in ('pending', 'approved', 'waitlisted')
       and old.status not in ('pending', 'approved', 'waitlisted')
       and exists (
         select 1 from public.event_bookings b
         where b.event_id = new.event_id and b.user_id = new.user_id and b.id <> new.id
           and b.status in ('pending', 'approved', 'waitlisted'))
    then
      raise exception 'This member already has an active booking for this event'
        using errcode = 'P0001';
    end if;
    return new;
  end if;

  -- one member's requests are counted one at a time, whatever events they name
  perform pg_advisory_xact_lock(hashtextextended('event_bookings:member:' || new.user_id::text, 0));
  if new.event_id is not null then
    -- bookings of one event are placed one at a time (place_booking takes the same lock)
    select e.event_date into _night_at from public.events e where e.id = new.event_id
    for no key update;
    -- a further request for the event replaces the member's active booking; its seats are
    -- not offered to the waitlist in between (see booking_seats_freed)
    select b.id into _replaced from public.event_bookings b
    where b.event_id = new.event_id and b.user_id = new.user_id
      and b.status in ('pending', 'approved', 'waitlisted')
    order by b.created_at desc
    limit 1;
    if _replaced is not null then
      perform set_config('bistro.replacing_booking', _replaced::text, true);
      update public.event_bookings b set status = 'cancelled'
      where b.event_id = new.event_id and b.user_id = new.user_id
        and b.status in ('pending', 'approved', 'waitlisted');
      perform set_config('bistro.replacing_booking', '', true);
      perform set_config('bistro.replaced_for_event', new.event_id::text, true);
    end if;
  else
    _night_at := new.event_date;
  end if;

  if private.member_is_writing() then
    _max := private.limit_value('open_requests_per_night');
    select count(*) into _open from public.event_bookings b
    left join public.events e on e.id = b.event_id
    where b.user_id = new.user_id
      and b.status in ('pending', 'waitlisted')
      and private.booking_night(coalesce(e.event_date, b.event_date))
          is not distinct from private.booking_night(_night_at);
    if _open >= _max then
      raise exception 'You already have % open booking requests for this night', _open
        using errcode = 'P0001',
              hint = 'Wait for the venue to answer them, or cancel one, before asking again.';
    end if;
  end if;
  return new;
end
$$;

revoke execute on function private.limit_member_bookings() from public;

create trigger event_bookings_limit_member
  before insert or update of status on public.event_bookings
  for each row execute function private.limit_member_bookings();

-- The waitlist moves up when seats are freed, except for the seats of a booking being
-- replaced by its member's new request (the new request takes them first; what it leaves
-- is offered once it is placed).
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
     and coalesce(current_setting('bistro.replacing_booking', true), '') <> old.id::text
  then
    perform private.promote_waitlist(old.event_id);
  end if;
  return null;
end
$$;

revoke execute on function private.booking_seats_freed() from public;

-- A booking replaced by its member's new request gets no "cancelled" mail: the new request's
-- "received" mail tells the member what they asked for.
create or replace function private.queue_booking_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind text;
begin
  if tg_op = 'INSERT' then
    kind := case new.status when 'pending' then 'received' when 'waitlisted' then 'waitlisted' end;
  elsif new.status is distinct from old.status then
    kind := case
      when new.status = 'pending' and old.status = 'waitlisted' then 'promoted'
      when new.status = 'waitlisted' then 'waitlisted'
      when new.status = 'cancelled'
        and coalesce(current_setting('bistro.replacing_booking', true), '') <> new.id::text
        then 'cancelled'
      when new.status = 'approved' then 'approved'
      when new.status = 'rejected' then 'rejected'
    end;
  end if;
  if kind is not null then
    insert into private.booking_mails (booking_id, kind) values (new.id, kind);
  end if;
  return null;
end
$$;

revoke execute on function private.queue_booking_mail() from public;

create or replace function private.booking_replaced_placed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.event_id is not null
     and coalesce(current_setting('bistro.replaced_for_event', true), '') = new.event_id::text
  then
    perform set_config('bistro.replaced_for_event', '', true);
    perform private.promote_waitlist(new.event_id);
  end if;
  return null;
end
$$;

revoke execute on function private.booking_replaced_placed() from public;

create trigger event_bookings_replaced_placed
  after insert on public.event_bookings
  for each row execute function private.booking_replaced_placed();

-- At most booking_rows_per_insert bookings per insert statement of a member.
create or replace function private.limit_booking_rows_per_insert()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _rows integer;
  _max integer;
begin
  if not private.member_is_writing() then
    return null;
  end if;
  select count(*) into _rows from inserted;
  _max := private.limit_value('booking_rows_per_insert');
  if _rows > _max then
    raise exception 'At most % booking(s) per request', _max
      using errcode = '54000', detail = format('%s bookings were sent in one request.', _rows);
  end if;
  return null;
end
$$;

revoke execute on function private.limit_booking_rows_per_insert() from public;

create trigger event_bookings_rows_per_insert
  after insert on public.event_bookings
  referencing new table as inserted
  for each statement execute function private.limit_booking_rows_per_insert();

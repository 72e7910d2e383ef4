-- Dinner reservations: a second kind of booking beside the event bookings.
-- A member picks a party size and a start time; the database assigns a table
-- (or a combination of tables) that fits and is free, under a per-night lock,
-- so no table is ever held twice at once and the covers starting in any
-- 15-minute slot never exceed the venue's pacing. Guests change and cancel
-- their own until a cutoff; staff (admins) seat, finish and mark no-shows.

-- The venue's numbers for reservations (one row: id is always true).
create table public.reservation_settings (
  id boolean primary key default true check (id),
  party_min smallint not null default 1 constraint reservation_settings_party_min_range check (party_min between 1 and 20),
  -- Larger parties are sent to the private-events request.
  party_max smallint not null default 12 constraint reservation_settings_party_max_range check (party_max between 1 and 40),
  days_ahead smallint not null default 60 constraint reservation_settings_days_ahead_range check (days_ahead between 1 and 365),
  slot_minutes smallint not null default 15 constraint reservation_settings_slot_minutes_range check (slot_minutes in (10, 15, 20, 30)),
  -- The kitchen's closing time (venue time); the last seating is
  -- last_seating_minutes before it. Null: the kitchen closes with the venue.
  kitchen_closes_at time default '22:00',
  last_seating_minutes smallint not null default 60 constraint reservation_settings_last_seating_range check (last_seating_minutes between 0 and 240),
  -- Covers (guests) that may start in one slot, so the kitchen isn't flooded.
  covers_per_slot smallint not null default 16 constraint reservation_settings_covers_range check (covers_per_slot between 1 and 500),
  -- Guests change or cancel until this many minutes before the start.
  change_cutoff_minutes smallint not null default 120 constraint reservation_settings_cutoff_range check (change_cutoff_minutes between 0 and 2880),
  -- A member with this many no-shows in 12 months calls the venue to book.
  no_show_limit smallint not null default 3 constraint reservation_settings_no_show_limit_range check (no_show_limit between 1 and 20),
  constraint reservation_settings_party_order check (party_min <= party_max)
);

comment on table public.reservation_settings is 'The venue''s reservation numbers (one row). Everyone reads; admins edit.';

insert into public.reservation_settings default values;

-- Turn time by party size: the row with the smallest party_max at or above
-- the party decides how long the table is held.
create table public.reservation_turn_times (
  party_max smallint primary key constraint reservation_turn_times_party_range check (party_max between 1 and 40),
  minutes smallint not null constraint reservation_turn_times_minutes_range check (minutes between 30 and 360)
);

comment on table public.reservation_turn_times is 'How long a table is held, by party size. Everyone reads; admins edit.';

insert into public.reservation_turn_times (party_max, minutes) values (2, 90), (4, 105), (6, 120), (40, 150);

create table public.dining_tables (
  id smallint generated always as identity primary key,
  label text not null constraint dining_tables_label_key unique
    constraint dining_tables_label_length check (length(btrim(label)) between 1 and 20),
  area text not null constraint dining_tables_area_check check (area in ('bistro', 'patio', 'lounge')),
  seats_min smallint not null constraint dining_tables_seats_min_range check (seats_min between 1 and 20),
  seats_max smallint not null constraint dining_tables_seats_max_range check (seats_max between 1 and 20),
  is_active boolean not null default true,
  constraint dining_tables_seats_order check (seats_min <= seats_max)
);

comment on table public.dining_tables is 'The venue''s tables with their seats. Everyone reads; admins edit.';

-- Tables that can be pushed together, with the party sizes the combination seats.
create table public.dining_table_combinations (
  id smallint generated always as identity primary key,
  table_ids smallint[] not null constraint dining_table_combinations_size check (cardinality(table_ids) between 2 and 6),
  seats_min smallint not null constraint dining_table_combinations_seats_min_range check (seats_min between 1 and 40),
  seats_max smallint not null constraint dining_table_combinations_seats_max_range check (seats_max between 1 and 40),
  constraint dining_table_combinations_seats_order check (seats_min <= seats_max),
  constraint dining_table_combinations_key unique (table_ids)
);

comment on table public.dining_table_combinations is 'Tables that can be combined for a larger party. Everyone reads; admins edit.';

-- Times when a table (or, with table_id null, every table) takes no reservations.
create table public.dining_blocks (
  id uuid primary key default gen_random_uuid(),
  table_id smallint references public.dining_tables (id) on delete cascade,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  reason text not null default '' constraint dining_blocks_reason_length check (length(reason) <= 200),
  constraint dining_blocks_order check (starts_at < ends_at)
);

create index dining_blocks_table_idx on public.dining_blocks (table_id);

comment on table public.dining_blocks is 'Blocked times for one table or all. Admins read and edit.';

create table public.reservations (
  id uuid primary key default gen_random_uuid(),
  -- Shown to the guest and at the door: 6 letters and digits without look-alikes.
  code text not null constraint reservations_code_key unique
    constraint reservations_code_format check (code ~ '^[A-HJ-NP-Z2-9]{6}$'),
  user_id uuid references auth.users (id) on delete set null,
  party_size smallint not null constraint reservations_party_size_range check (party_size between 1 and 40),
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  business_date date not null,
  status text not null default 'booked' constraint reservations_status_check check (
    status in ('booked', 'arrived', 'seated', 'finished', 'no_show', 'cancelled')
  ),
  guest_name text not null constraint reservations_guest_name_length check (length(btrim(guest_name)) between 1 and 100),
  phone text not null default '' constraint reservations_phone_length check (length(phone) <= 30),
  occasion text not null default '' constraint reservations_occasion_length check (length(occasion) <= 60),
  special_requests text not null default '' constraint reservations_special_requests_length check (length(special_requests) <= 500),
  staff_notes text not null default '' constraint reservations_staff_notes_length check (length(staff_notes) <= 500),
  is_walk_in boolean not null default false,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  cancelled_at timestamptz,
  constraint reservations_time_order check (starts_at < ends_at)
);

comment on table public.reservations is 'Dinner reservations. Guests read their own; admins read and run all of them.';

create index reservations_business_date_idx on public.reservations (business_date, starts_at);
create index reservations_user_idx on public.reservations (user_id, business_date);

-- Which tables a reservation holds; only held rows count (cancelled,
-- finished and no-show reservations free their tables).
create table public.reservation_tables (
  reservation_id uuid not null references public.reservations (id) on delete cascade,
  table_id smallint not null references public.dining_tables (id),
  business_date date not null,
  starts_at timestamptz not null,
  ends_at timestamptz not null,
  primary key (reservation_id, table_id)
);

comment on table public.reservation_tables is 'The tables each live reservation holds. Written by the reservation functions only.';

create index reservation_tables_day_idx on public.reservation_tables (business_date, table_id);
create index reservation_tables_table_idx on public.reservation_tables (table_id);

-- Guests waiting for a full slot; the first whose party fits is notified when a table frees.
create table public.reservation_waitlist (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  starts_at timestamptz not null,
  business_date date not null,
  party_size smallint not null constraint reservation_waitlist_party_size_range check (party_size between 1 and 40),
  created_at timestamptz not null default now(),
  notified_at timestamptz,
  constraint reservation_waitlist_key unique (user_id, starts_at)
);

comment on table public.reservation_waitlist is 'Guests waiting for a table at a full time. Guests read their own; admins read all.';

-- Mails to send for reservations (confirmation, change, cancellation, a
-- freed table for a waitlisted guest), queued by the functions below.
create table public.reservation_mail_outbox (
  id bigint generated always as identity primary key,
  reservation_id uuid references public.reservations (id) on delete cascade,
  waitlist_id uuid references public.reservation_waitlist (id) on delete cascade,
  kind text not null constraint reservation_mail_outbox_kind_check check (
    kind in ('confirmed', 'changed', 'cancelled', 'reminder', 'table_opened')
  ),
  created_at timestamptz not null default now(),
  sent_at timestamptz
);

create index reservation_mail_outbox_reservation_idx on public.reservation_mail_outbox (reservation_id);
create index reservation_mail_outbox_waitlist_idx on public.reservation_mail_outbox (waitlist_id);

comment on table public.reservation_mail_outbox is 'Reservation mails waiting to be sent. Service role only.';

-- Grants.
revoke all on table public.reservation_settings, public.reservation_turn_times, public.dining_tables,
  public.dining_table_combinations, public.dining_blocks, public.reservations, public.reservation_tables,
  public.reservation_waitlist, public.reservation_mail_outbox from public, anon, authenticated;

grant select on table public.reservation_settings, public.reservation_turn_times, public.dining_tables,
  public.dining_table_combinations to authenticated;
grant update (party_min, party_max, days_ahead, slot_minutes, kitchen_closes_at, last_seating_minutes,
  covers_per_slot, change_cutoff_minutes, no_show_limit) on table public.reservation_settings to authenticated;
grant insert, update, delete on table public.reservation_turn_times to authenticated;
grant insert (label, area, seats_min, seats_max, is_active), update (label, area, seats_min, seats_max, is_active),
  delete on table public.dining_tables to authenticated;
grant insert (table_ids, seats_min, seats_max), update (table_ids, seats_min, seats_max), delete
  on table public.dining_table_combinations to authenticated;
grant select, insert (table_id, starts_at, ends_at, reason), delete on table public.dining_blocks to authenticated;
grant select on table public.reservations, public.reservation_tables, public.reservation_waitlist to authenticated;
grant update (staff_notes) on table public.reservations to authenticated;
grant all on table public.reservation_settings, public.reservation_turn_times, public.dining_tables,
  public.dining_table_combinations, public.dining_blocks, public.reservations, public.reservation_tables,
  public.reservation_waitlist, public.reservation_mail_outbox to service_role;

alter table public.reservation_settings enable row level security;
alter table public.reservation_turn_times enable row level security;
alter table public.dining_tables enable row level security;
alter table public.dining_table_combinations enable row level security;
alter table public.dining_blocks enable row level security;
alter table public.reservations enable row level security;
alter table public.reservation_tables enable row level security;
alter table public.reservation_waitlist enable row level security;
alter table public.reservation_mail_outbox enable row level security;

create policy "Members can read the reservation settings" on public.reservation_settings
  for select to authenticated using (true);
create policy "Admins can edit the reservation settings" on public.reservation_settings
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "Members can read the turn times" on public.reservation_turn_times
  for select to authenticated using (true);
create policy "Admins can add turn times" on public.reservation_turn_times
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit turn times" on public.reservation_turn_times
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove turn times" on public.reservation_turn_times
  for delete to authenticated using ((select private.is_admin()));

create policy "Members can read the tables" on public.dining_tables
  for select to authenticated using (true);
create policy "Admins can add tables" on public.dining_tables
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit tables" on public.dining_tables
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove tables" on public.dining_tables
  for delete to authenticated using ((select private.is_admin()));

create policy "Members can read the combinations" on public.dining_table_combinations
  for select to authenticated using (true);
create policy "Admins can add combinations" on public.dining_table_combinations
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit combinations" on public.dining_table_combinations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove combinations" on public.dining_table_combinations
  for delete to authenticated using ((select private.is_admin()));

create policy "Admins can read blocks" on public.dining_blocks
  for select to authenticated using ((select private.is_admin()));
create policy "Admins can add blocks" on public.dining_blocks
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can remove blocks" on public.dining_blocks
  for delete to authenticated using ((select private.is_admin()));

create policy "Guests read their own reservations, admins all" on public.reservations
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));
create policy "Admins can write staff notes" on public.reservations
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "Guests read their own tables, admins all" on public.reservation_tables
  for select to authenticated using (
    (select private.is_admin())
    or exists (select 1 from public.reservations r where r.id = reservation_id and r.user_id = (select auth.uid()))
  );

create policy "Guests read their own waitlist entries, admins all" on public.reservation_waitlist
  for select to authenticated using (user_id = (select auth.uid()) or (select private.is_admin()));

-- The numbers, as functions for the rules and business_rules().
create or replace function private.reservation_party_max()
returns smallint language sql stable security definer set search_path = ''
as $$ select party_max from public.reservation_settings $$;

create or replace function private.reservation_party_min()
returns smallint language sql stable security definer set search_path = ''
as $$ select party_min from public.reservation_settings $$;

create or replace function private.reservation_days_ahead()
returns smallint language sql stable security definer set search_path = ''
as $$ select days_ahead from public.reservation_settings $$;

revoke execute on function private.reservation_party_max(), private.reservation_party_min(),
  private.reservation_days_ahead() from public;
grant execute on function private.reservation_party_max(), private.reservation_party_min(),
  private.reservation_days_ahead() to anon, authenticated, service_role;

-- The first and the last seating of a business date, or nothing when the
-- venue is closed that day (a dated exception wins over the weekday's hours).
-- Seatings run from opening until last_seating_minutes before the kitchen
-- closes (or the venue, when it closes first or the kitchen has no time).
create or replace function private.dining_window(_day date, out first_seating timestamptz, out last_seating timestamptz)
language plpgsql
stable
set search_path = ''
as $$
declare
  tz text := private.venue_time_zone();
  o time;
  c time;
  closed boolean;
  s public.reservation_settings;
  opens timestamptz;
  closes timestamptz;
  kitchen timestamptz;
begin
  select e.is_closed, e.opens_at, e.closes_at into closed, o, c
  from public.venue_hour_exceptions e where e.on_date = _day;
  if not found then
    select h.is_closed, h.opens_at, h.closes_at into closed, o, c
    from public.venue_hours h where h.weekday = extract(dow from _day)::smallint;
  end if;
  if closed is null or closed then
    return;
  end if;
  select * into s from public.reservation_settings;
  opens := (_day + o) at time zone tz;
  closes := (case when c <= o then _day + 1 else _day end + c) at time zone tz;
  kitchen := closes;
  if s.kitchen_closes_at is not null then
    kitchen := (case when s.kitchen_closes_at < o then _day + 1 else _day end + s.kitchen_closes_at) at time zone tz;
    if kitchen > closes then
      kitchen := closes;
    end if;
  end if;
  first_seating := opens;
  last_seating := kitchen - make_interval(mins => s.last_seating_minutes);
  if last_seating < first_seating then
    first_seating := null;
    last_seating := null;
  end if;
end
$$;

revoke execute on function private.dining_window(date) from public, anon, authenticated;
grant execute on function private.dining_window(date) to anon, authenticated, service_role;

create or replace function private.turn_minutes(_party integer)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select t.minutes from public.reservation_turn_times t where t.party_max >= _party order by t.party_max limit 1),
    (select max(t.minutes) from public.reservation_turn_times t),
    120
  )
$$;

revoke execute on function private.turn_minutes(integer) from public, anon, authenticated;
grant execute on function private.turn_minutes(integer) to anon, authenticated, service_role;

-- A free table (or combination) for the party over [_starts, _ends): the
-- smallest single table that seats it, else the smallest combination; null
-- when none. _ignore is a reservation whose own tables count as free (a change).
create or replace function private.free_tables(_party integer, _starts timestamptz, _ends timestamptz, _ignore uuid default null)
returns smallint[]
language sql
stable
set search_path = ''
as $$
  with busy as (
    select rt.table_id from public.reservation_tables rt
    where rt.business_date between private.business_date_of(_starts) - 1 and private.business_date_of(_starts) + 1
      and rt.starts_at < _ends and rt.ends_at > _starts
      and rt.reservation_id is distinct from _ignore
    union
    select t.id from public.dining_blocks b join public.dining_tables t on b.table_id is null or b.table_id = t.id
    where b.starts_at < _ends and b.ends_at > _starts
    union
    select t.id from public.dining_tables t where not t.is_active
  )
  select coalesce(
    (select array[t.id] from public.dining_tables t
     where _party between t.seats_min and t.seats_max and t.id not in (select table_id from busy)
     order by t.seats_max, t.id limit 1),
    (select c.table_ids from public.dining_table_combinations c
     where _party between c.seats_min and c.seats_max
       and not (c.table_ids && array(select table_id from busy))
     order by c.seats_max, cardinality(c.table_ids), c.id limit 1)
  )
$$;

revoke execute on function private.free_tables(integer, timestamptz, timestamptz, uuid) from public, anon, authenticated;
grant execute on function private.free_tables(integer, timestamptz, timestamptz, uuid) to authenticated, service_role;

-- Covers starting in the slot of _starts, other than _ignore's.
create or replace function private.slot_covers(_starts timestamptz, _ignore uuid default null)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(sum(r.party_size), 0)::integer from public.reservations r
  where r.business_date = private.business_date_of(_starts)
    and r.starts_at = _starts
    and r.status in ('booked', 'arrived', 'seated')
    and not r.is_walk_in
    and r.id is distinct from _ignore
$$;

revoke execute on function private.slot_covers(timestamptz, uuid) from public, anon, authenticated;
grant execute on function private.slot_covers(timestamptz, uuid) to authenticated, service_role;

-- Every change to the tables of one night runs under this lock, so two
-- bookings never both see a table (or the slot's covers) as free.
create or replace function private.lock_dining_night(_day date)
returns void
language sql
volatile
set search_path = ''
as $$
  select pg_advisory_xact_lock(hashtext('dining-night'), (_day - date '2000-01-01'))
$$;

revoke execute on function private.lock_dining_night(date) from public, anon, authenticated;
grant execute on function private.lock_dining_night(date) to authenticated, service_role;

-- The last line of defence: a held table never overlaps another hold of the
-- same table, whoever writes the row.
create or replace function private.reservation_tables_no_overlap()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  perform private.lock_dining_night(new.business_date);
  if exists (
    select 1 from public.reservation_tables rt
    where rt.table_id = new.table_id
      and rt.reservation_id <> new.reservation_id
      and rt.business_date between new.business_date - 1 and new.business_date + 1
      and rt.starts_at < new.ends_at and rt.ends_at > new.starts_at
  ) then
    raise exception 'That table is already taken at this time' using errcode = '23P01';
  end if;
  return new;
end
$$;

revoke execute on function private.reservation_tables_no_overlap() from public, anon, authenticated;

create trigger reservation_tables_no_overlap
  before insert or update on public.reservation_tables
  for each row execute function private.reservation_tables_no_overlap();

-- Why a member cannot book a party at a time, or null when they can (the
-- table and pacing checks come after, under the night's lock).
create or replace function private.reservation_refusal(_starts timestamptz, _party integer, _ignore uuid default null)
returns text
language plpgsql
stable
set search_path = ''
as $$
declare
  s public.reservation_settings;
  day date := private.business_date_of(_starts);
  w record;
  tz text := private.venue_time_zone();
  no_shows integer;
begin
  select * into s from public.reservation_settings;
  if _party is null or _party < s.party_min then
    return format('A reservation is for at least %s guest(s)', s.party_min);
  end if;
  if _party > s.party_max then
    return format('For parties over %s, please send a private event request', s.party_max);
  end if;
  if _starts <= now() then
    return 'That time has already passed';
  end if;
  if day > private.business_date() + s.days_ahead then
    return format('Reservations open %s days ahead', s.days_ahead);
  end if;
  if extract(epoch from (_starts at time zone tz))::bigint % (s.slot_minutes * 60) <> 0 then
    return format('Please pick a time on a %s-minute step', s.slot_minutes);
  end if;
  select * into w from private.dining_window(day);
  if w.first_seating is null then
    return 'We are closed that day';
  end if;
  if _starts < w.first_seating or _starts > w.last_seating then
    return format('Tables are seated from %s to %s that day',
      to_char(w.first_seating at time zone tz, 'FMHH12:MI AM'),
      to_char(w.last_seating at time zone tz, 'FMHH12:MI AM'));
  end if;
  select count(*) into no_shows from public.reservations r
  where r.user_id = auth.uid() and r.status = 'no_show' and r.starts_at > now() - interval '12 months';
  if no_shows >= s.no_show_limit then
    return 'Please call us to book a table';
  end if;
  if exists (
    select 1 from public.reservations r
    where r.user_id = auth.uid() and r.business_date = day
      and r.status in ('booked', 'arrived', 'seated')
      and r.id is distinct from _ignore
  ) then
    return 'You already have a reservation that day; change it instead';
  end if;
  return null;
end
$$;

revoke execute on function private.reservation_refusal(timestamptz, integer, uuid) from public, anon, authenticated;
grant execute on function private.reservation_refusal(timestamptz, integer, uuid) to authenticated, service_role;

create or replace function private.new_reservation_code()
returns text
language plpgsql
volatile
set search_path = ''
as $$
declare
  alphabet constant text := 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  result text;
begin
  loop
    result := '';
    for i in 1..6 loop
      result := result || substr(alphabet, 1 + floor(random() * length(alphabet))::integer, 1);
    end loop;
    exit when not exists (select 1 from public.reservations r where r.code = result);
  end loop;
  return result;
end
$$;

revoke execute on function private.new_reservation_code() from public, anon, authenticated;

create or replace function private.reservation_json(r public.reservations)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', r.id, 'code', r.code, 'party_size', r.party_size, 'starts_at', r.starts_at,
    'ends_at', r.ends_at, 'status', r.status, 'guest_name', r.guest_name, 'phone', r.phone,
    'occasion', r.occasion, 'special_requests', r.special_requests,
    'tables', coalesce((
      select json_agg(t.label order by t.label) from public.reservation_tables rt
      join public.dining_tables t on t.id = rt.table_id where rt.reservation_id = r.id
    ), '[]'::json)
  )
$$;

revoke execute on function private.reservation_json(public.reservations) from public, anon, authenticated;

-- Free start times of one business date for a party: every slot step from
-- the first to the last seating, with whether a table fits and pacing allows.
create or replace function private.reservation_availability(p_date date, p_party integer)
returns table (starts_at timestamptz, available boolean)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  s public.reservation_settings;
  w record;
  turn interval := make_interval(mins => private.turn_minutes(p_party));
begin
  select * into s from public.reservation_settings;
  if p_party is null or p_party < s.party_min or p_party > s.party_max then
    raise exception 'A table is for % to % guests', s.party_min, s.party_max using errcode = '22023';
  end if;
  if p_date < private.business_date() or p_date > private.business_date() + s.days_ahead then
    return;
  end if;
  select * into w from private.dining_window(p_date);
  if w.first_seating is null then
    return;
  end if;
  return query
  select g.t,
    g.t > now()
      and private.slot_covers(g.t) + p_party <= s.covers_per_slot
      and private.free_tables(p_party, g.t, g.t + turn) is not null
  from generate_series(w.first_seating, w.last_seating, make_interval(mins => s.slot_minutes)) as g(t);
end
$$;

revoke execute on function private.reservation_availability(date, integer) from public, anon, authenticated;
grant execute on function private.reservation_availability(date, integer) to anon, authenticated, service_role;

-- Books a table for the signed-in member: refused with a clear message when
-- a rule says no, when no table fits or the slot's covers are full.
create or replace function private.book_reservation(
  p_starts_at timestamptz,
  p_party_size integer,
  p_occasion text default '',
  p_special_requests text default ''
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  refusal text;
  s public.reservation_settings;
  tables smallint[];
  ends timestamptz;
  p public.profiles;
  r public.reservations;
  day date := private.business_date_of(p_starts_at);
begin
  if uid is null or not private.is_member() then
    raise exception 'Please sign in to reserve a table' using errcode = '42501';
  end if;
  refusal := private.reservation_refusal(p_starts_at, p_party_size);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  select * into s from public.reservation_settings;
  perform private.lock_dining_night(day);
  -- Checked again under the lock: two tabs of one member book at once.
  refusal := private.reservation_refusal(p_starts_at, p_party_size);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  if private.slot_covers(p_starts_at) + p_party_size > s.covers_per_slot then
    raise exception 'That time is fully booked' using errcode = 'P0001';
  end if;
  ends := p_starts_at + make_interval(mins => private.turn_minutes(p_party_size));
  tables := private.free_tables(p_party_size, p_starts_at, ends);
  if tables is null then
    raise exception 'That time is fully booked' using errcode = 'P0001';
  end if;
  select * into p from public.profiles where user_id = uid;
  insert into public.reservations (code, user_id, party_size, starts_at, ends_at, business_date, guest_name, phone,
    occasion, special_requests)
  values (private.new_reservation_code(), uid, p_party_size, p_starts_at, ends, day,
    coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'Guest'),
    coalesce(p.phone, ''), coalesce(btrim(p_occasion), ''), coalesce(btrim(p_special_requests), ''))
  returning * into r;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, day, r.starts_at, r.ends_at from unnest(tables) as t;
  insert into public.reservation_mail_outbox (reservation_id, kind) values (r.id, 'confirmed');
  return private.reservation_json(r);
end
$$;

revoke execute on function private.book_reservation(timestamptz, integer, text, text) from public, anon, authenticated;
grant execute on function private.book_reservation(timestamptz, integer, text, text) to authenticated;

-- Frees a reservation's tables and mails the first waitlisted guest whose
-- party now fits at the freed time.
create or replace function private.release_reservation(r public.reservations)
returns void
language plpgsql
volatile
set search_path = ''
as $$
declare
  wl public.reservation_waitlist;
begin
  delete from public.reservation_tables where reservation_id = r.id;
  for wl in
    select * from public.reservation_waitlist w
    where w.starts_at = r.starts_at and w.notified_at is null
    order by w.created_at
  loop
    if private.free_tables(wl.party_size, wl.starts_at,
         wl.starts_at + make_interval(mins => private.turn_minutes(wl.party_size))) is not null then
      update public.reservation_waitlist set notified_at = now() where id = wl.id;
      insert into public.reservation_mail_outbox (waitlist_id, kind) values (wl.id, 'table_opened');
      exit;
    end if;
  end loop;
end
$$;

revoke execute on function private.release_reservation(public.reservations) from public, anon, authenticated;

-- The guest's own change: party size and time, until the cutoff before the
-- start; re-checked against availability, the old table kept when refused.
create or replace function private.change_reservation(p_id uuid, p_starts_at timestamptz, p_party_size integer)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  s public.reservation_settings;
  refusal text;
  tables smallint[];
  ends timestamptz;
  day date := private.business_date_of(p_starts_at);
begin
  select * into s from public.reservation_settings;
  select * into r from public.reservations x where x.id = p_id and x.user_id = auth.uid();
  if not found then
    raise exception 'Reservation not found' using errcode = 'P0002';
  end if;
  if r.status <> 'booked' then
    raise exception 'This reservation can no longer be changed' using errcode = 'P0001';
  end if;
  if r.starts_at - make_interval(mins => s.change_cutoff_minutes) <= now() then
    raise exception 'Changes close % hours before your time; please call us', s.change_cutoff_minutes / 60
      using errcode = 'P0001';
  end if;
  refusal := private.reservation_refusal(p_starts_at, p_party_size, r.id);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  -- Both nights locked in date order, so two changes never wait on each other.
  perform private.lock_dining_night(least(day, r.business_date));
  perform private.lock_dining_night(greatest(day, r.business_date));
  if private.slot_covers(p_starts_at, r.id) + p_party_size > s.covers_per_slot then
    raise exception 'That time is fully booked' using errcode = 'P0001';
  end if;
  ends := p_starts_at + make_interval(mins => private.turn_minutes(p_party_size));
  tables := private.free_tables(p_party_size, p_starts_at, ends, r.id);
  if tables is null then
    raise exception 'No table fits % guests at that time; your reservation is unchanged', p_party_size
      using errcode = 'P0001';
  end if;
  delete from public.reservation_tables where reservation_id = r.id;
  update public.reservations x
  set starts_at = p_starts_at, ends_at = ends, business_date = day, party_size = p_party_size, updated_at = now()
  where x.id = r.id
  returning * into r;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, day, r.starts_at, r.ends_at from unnest(tables) as t;
  insert into public.reservation_mail_outbox (reservation_id, kind) values (r.id, 'changed');
  return private.reservation_json(r);
end
$$;

revoke execute on function private.change_reservation(uuid, timestamptz, integer) from public, anon, authenticated;
grant execute on function private.change_reservation(uuid, timestamptz, integer) to authenticated;

-- The guest cancels their own (until the cutoff); an admin cancels any.
create or replace function private.cancel_reservation(p_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  s public.reservation_settings;
  staff boolean := private.is_admin();
begin
  select * into s from public.reservation_settings;
  select * into r from public.reservations x
  where x.id = p_id and (x.user_id = auth.uid() or staff)
  for update;
  if not found then
    raise exception 'Reservation not found' using errcode = 'P0002';
  end if;
  if r.status <> 'booked' then
    raise exception 'This reservation can no longer be cancelled' using errcode = 'P0001';
  end if;
  if not staff and r.starts_at - make_interval(mins => s.change_cutoff_minutes) <= now() then
    raise exception 'Cancellations close % hours before your time; please call us', s.change_cutoff_minutes / 60
      using errcode = 'P0001';
  end if;
  perform private.lock_dining_night(r.business_date);
  update public.reservations x set status = 'cancelled', cancelled_at = now(), updated_at = now()
  where x.id = r.id returning * into r;
  insert into public.reservation_mail_outbox (reservation_id, kind) values (r.id, 'cancelled');
  perform private.release_reservation(r);
  return private.reservation_json(r);
end
$$;

revoke execute on function private.cancel_reservation(uuid) from public, anon, authenticated;
grant execute on function private.cancel_reservation(uuid) to authenticated;

-- "Notify me if a table opens" for a full time.
create or replace function private.join_reservation_waitlist(p_starts_at timestamptz, p_party_size integer)
returns uuid
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  refusal text;
  wid uuid;
begin
  if auth.uid() is null or not private.is_member() then
    raise exception 'Please sign in to join the waitlist' using errcode = '42501';
  end if;
  refusal := private.reservation_refusal(p_starts_at, p_party_size);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  insert into public.reservation_waitlist (user_id, starts_at, business_date, party_size)
  values (auth.uid(), p_starts_at, private.business_date_of(p_starts_at), p_party_size)
  on conflict (user_id, starts_at) do update set party_size = excluded.party_size, notified_at = null
  returning id into wid;
  return wid;
end
$$;

revoke execute on function private.join_reservation_waitlist(timestamptz, integer) from public, anon, authenticated;
grant execute on function private.join_reservation_waitlist(timestamptz, integer) to authenticated;

-- Staff's tonight view: arrived, seated, finished, no-show. Finishing or a
-- no-show frees the tables.
create or replace function private.set_reservation_status(p_id uuid, p_status text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  if not private.is_admin() then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if p_status not in ('booked', 'arrived', 'seated', 'finished', 'no_show') then
    raise exception 'Unknown status %', p_status using errcode = '22023';
  end if;
  select * into r from public.reservations x where x.id = p_id for update;
  if not found then
    raise exception 'Reservation not found' using errcode = 'P0002';
  end if;
  if r.status = 'cancelled' then
    raise exception 'This reservation was cancelled' using errcode = 'P0001';
  end if;
  if p_status = 'no_show' and r.starts_at > now() then
    raise exception 'A no-show can be marked only after the reservation''s time' using errcode = 'P0001';
  end if;
  perform private.lock_dining_night(r.business_date);
  update public.reservations x set status = p_status, updated_at = now() where x.id = r.id returning * into r;
  if p_status in ('finished', 'no_show') then
    perform private.release_reservation(r);
  end if;
  return private.reservation_json(r);
end
$$;

revoke execute on function private.set_reservation_status(uuid, text) from public, anon, authenticated;
grant execute on function private.set_reservation_status(uuid, text) to authenticated;

-- Staff move a party to tables of their choice (refused when one is taken).
create or replace function private.move_reservation(p_id uuid, p_table_ids smallint[])
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  if not private.is_admin() then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if p_table_ids is null or cardinality(p_table_ids) = 0 then
    raise exception 'Pick at least one table' using errcode = '22023';
  end if;
  select * into r from public.reservations x where x.id = p_id for update;
  if not found or r.status not in ('booked', 'arrived', 'seated') then
    raise exception 'Reservation not found' using errcode = 'P0002';
  end if;
  perform private.lock_dining_night(r.business_date);
  delete from public.reservation_tables where reservation_id = r.id;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, r.business_date, r.starts_at, r.ends_at from unnest(p_table_ids) as t;
  return private.reservation_json(r);
end
$$;

revoke execute on function private.move_reservation(uuid, smallint[]) from public, anon, authenticated;
grant execute on function private.move_reservation(uuid, smallint[]) to authenticated;

-- A walk-in, seated now at a free table that fits (or the staff's choice).
create or replace function private.add_walk_in(p_party_size integer, p_table_ids smallint[] default null, p_name text default 'Walk-in')
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  tables smallint[] := p_table_ids;
  starts timestamptz := date_trunc('minute', now());
  ends timestamptz;
  day date := private.business_date();
begin
  if not private.is_admin() then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if p_party_size is null or p_party_size < 1 or p_party_size > 40 then
    raise exception 'A party is 1 to 40 guests' using errcode = '22023';
  end if;
  ends := starts + make_interval(mins => private.turn_minutes(p_party_size));
  perform private.lock_dining_night(day);
  if tables is null then
    tables := private.free_tables(p_party_size, starts, ends);
    if tables is null then
      raise exception 'No free table fits % guests right now', p_party_size using errcode = 'P0001';
    end if;
  end if;
  insert into public.reservations (code, party_size, starts_at, ends_at, business_date, status, guest_name, is_walk_in)
  values (private.new_reservation_code(), p_party_size, starts, ends, day, 'seated',
    coalesce(nullif(btrim(p_name), ''), 'Walk-in'), true)
  returning * into r;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, day, starts, ends from unnest(tables) as t;
  return private.reservation_json(r);
end
$$;

revoke execute on function private.add_walk_in(integer, smallint[], text) from public, anon, authenticated;
grant execute on function private.add_walk_in(integer, smallint[], text) to authenticated;

-- The API's entry points: each runs the private function of the same name,
-- which checks who asks.
create or replace function public.reservation_availability(p_date date, p_party integer)
returns table (starts_at timestamptz, available boolean)
language sql
stable
set search_path = ''
as $$
  select * from private.reservation_availability(p_date, p_party)
$$;

revoke execute on function public.reservation_availability(date, integer) from public, anon, authenticated;
grant execute on function public.reservation_availability(date, integer) to anon, authenticated;

create or replace function public.book_reservation(p_starts_at timestamptz, p_party_size integer, p_occasion text default '', p_special_requests text default '')
returns json
language sql
volatile
set search_path = ''
as $$
  select private.book_reservation(p_starts_at, p_party_size, p_occasion, p_special_requests)
$$;

revoke execute on function public.book_reservation(timestamptz, integer, text, text) from public, anon, authenticated;
grant execute on function public.book_reservation(timestamptz, integer, text, text) to authenticated;

create or replace function public.change_reservation(p_id uuid, p_starts_at timestamptz, p_party_size integer)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.change_reservation(p_id, p_starts_at, p_party_size)
$$;

revoke execute on function public.change_reservation(uuid, timestamptz, integer) from public, anon, authenticated;
grant execute on function public.change_reservation(uuid, timestamptz, integer) to authenticated;

create or replace function public.cancel_reservation(p_id uuid)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.cancel_reservation(p_id)
$$;

revoke execute on function public.cancel_reservation(uuid) from public, anon, authenticated;
grant execute on function public.cancel_reservation(uuid) to authenticated;

create or replace function public.join_reservation_waitlist(p_starts_at timestamptz, p_party_size integer)
returns uuid
language sql
volatile
set search_path = ''
as $$
  select private.join_reservation_waitlist(p_starts_at, p_party_size)
$$;

revoke execute on function public.join_reservation_waitlist(timestamptz, integer) from public, anon, authenticated;
grant execute on function public.join_reservation_waitlist(timestamptz, integer) to authenticated;

create or replace function public.set_reservation_status(p_id uuid, p_status text)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.set_reservation_status(p_id, p_status)
$$;

revoke execute on function public.set_reservation_status(uuid, text) from public, anon, authenticated;
grant execute on function public.set_reservation_status(uuid, text) to authenticated;

create or replace function public.move_reservation(p_id uuid, p_table_ids smallint[])
returns json
language sql
volatile
set search_path = ''
as $$
  select private.move_reservation(p_id, p_table_ids)
$$;

revoke execute on function public.move_reservation(uuid, smallint[]) from public, anon, authenticated;
grant execute on function public.move_reservation(uuid, smallint[]) to authenticated;

create or replace function public.add_walk_in(p_party_size integer, p_table_ids smallint[] default null, p_name text default 'Walk-in')
returns json
language sql
volatile
set search_path = ''
as $$
  select private.add_walk_in(p_party_size, p_table_ids, p_name)
$$;

revoke execute on function public.add_walk_in(integer, smallint[], text) from public, anon, authenticated;
grant execute on function public.add_walk_in(integer, smallint[], text) to authenticated;

-- The venue's starting floor: bistro two-tops and four-tops, patio tables,
-- lounge booths; the two-tops combine for four, the four-tops for eight.
insert into public.dining_tables (label, area, seats_min, seats_max) values
  ('B1', 'bistro', 1, 2), ('B2', 'bistro', 1, 2), ('B3', 'bistro', 1, 2), ('B4', 'bistro', 1, 2),
  ('B5', 'bistro', 2, 4), ('B6', 'bistro', 2, 4), ('B7', 'bistro', 2, 4), ('B8', 'bistro', 4, 6),
  ('P1', 'patio', 1, 2), ('P2', 'patio', 2, 4),
  ('L1', 'lounge', 4, 6), ('L2', 'lounge', 6, 8);

insert into public.dining_table_combinations (table_ids, seats_min, seats_max)
select array[a.id, b.id], 3, 4 from public.dining_tables a join public.dining_tables b on b.label = 'B2' where a.label = 'B1'
union all
select array[a.id, b.id], 3, 4 from public.dining_tables a join public.dining_tables b on b.label = 'B4' where a.label = 'B3'
union all
select array[a.id, b.id], 6, 8 from public.dining_tables a join public.dining_tables b on b.label = 'B6' where a.label = 'B5'
union all
select array[a.id, b.id, c.id], 9, 12 from public.dining_tables a
  join public.dining_tables b on b.label = 'B7' join public.dining_tables c on c.label = 'B8' where a.label = 'B5';

-- The numbers, with the reservation ones added.
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
    'birthday_offer_days', private.birthday_offer_days(),
    'reservation_party_min', private.reservation_party_min(),
    'reservation_party_max', private.reservation_party_max(),
    'reservation_days_ahead', private.reservation_days_ahead()
  )
$$;

revoke execute on function public.business_rules() from public, anon, authenticated;
grant execute on function public.business_rules() to anon, authenticated, service_role;

-- VIP tables with bottle service. The venue lays out its lounge tables on a simple floor plan
-- (sections, seats, a place on a grid) with a minimum spend per night: the table's own
-- minimum, a weekday's (Friday is not Tuesday) or one event night's, the most specific wins.
-- Bottles are menu items flagged as bottles. A member requests a table for an event night
-- (party size, arrival time, bottles chosen ahead); staff confirm it with a table, or decline
-- with a message; the guest is mailed either way. A confirmed table waits for its guests until
-- the arrival cutoff and is released after it; once the night is over, confirmed tables whose
-- guests never came are marked no-show. No card payment is taken: the venue's policy text says
-- what the guest owes and when.

-- The venue's words and numbers for tables and guest lists (one row: id is always true).
create table public.lounge_settings (
  id boolean primary key default true check (id),
  -- Deposit and cancellation policy, shown to the guest before asking and in the mails.
  policy_text text not null default 'A minimum spend applies to every table for the night; it is settled at the venue, on the night. Please cancel at least 24 hours ahead; late cancellations and no-shows may lose table privileges.'
    constraint lounge_settings_policy_text_length check (length(btrim(policy_text)) between 1 and 2000),
  -- A confirmed table is held this many minutes after the guest's arrival time, then released.
  arrival_grace_minutes smallint not null default 30
    constraint lounge_settings_arrival_grace_range check (arrival_grace_minutes between 0 and 240),
  -- The party sizes a table request may name.
  party_max smallint not null default 20 constraint lounge_settings_party_max_range check (party_max between 1 and 60),
  -- Bottles chosen ahead, per bottle and in all.
  bottles_max smallint not null default 10 constraint lounge_settings_bottles_max_range check (bottles_max between 0 and 50),
  -- A new guest list closes at this venue time on its night, with this many plus-ones each.
  guest_list_closes_at time not null default '22:00',
  guest_list_plus_ones_max smallint not null default 3
    constraint lounge_settings_plus_ones_range check (guest_list_plus_ones_max between 0 and 20),
  updated_at timestamptz not null default now()
);

comment on table public.lounge_settings is 'The venue''s VIP table and guest list policy and numbers (one row). Everyone reads; admins edit.';

insert into public.lounge_settings default values;

create table public.lounge_sections (
  id uuid primary key default gen_random_uuid(),
  name text not null constraint lounge_sections_name_key unique
    constraint lounge_sections_name_length check (length(btrim(name)) between 1 and 40),
  position integer not null default 0
);

comment on table public.lounge_sections is 'Sections of the lounge floor plan. Everyone reads; admins edit.';

create table public.lounge_tables (
  id uuid primary key default gen_random_uuid(),
  section_id uuid not null references public.lounge_sections (id) on delete restrict,
  name text not null constraint lounge_tables_name_key unique
    constraint lounge_tables_name_length check (length(btrim(name)) between 1 and 20),
  seats smallint not null constraint lounge_tables_seats_range check (seats between 1 and 40),
  -- Its cell on the floor plan grid (columns x, rows y).
  grid_x smallint not null constraint lounge_tables_grid_x_range check (grid_x between 0 and 11),
  grid_y smallint not null constraint lounge_tables_grid_y_range check (grid_y between 0 and 11),
  -- The minimum spend on a night without a weekday or event minimum, in cents.
  min_spend_cents integer not null default 0 constraint lounge_tables_min_spend_range check (min_spend_cents between 0 and 10000000),
  is_active boolean not null default true,
  constraint lounge_tables_grid_key unique (grid_x, grid_y)
);

comment on table public.lounge_tables is 'VIP tables on the lounge floor plan. Everyone reads; admins edit.';

create index lounge_tables_section_idx on public.lounge_tables (section_id);

-- A table's minimum spend on one weekday (0 Sunday .. 6 Saturday) or on one event night.
create table public.lounge_table_minimums (
  id uuid primary key default gen_random_uuid(),
  table_id uuid not null references public.lounge_tables (id) on delete cascade,
  weekday smallint constraint lounge_table_minimums_weekday_range check (weekday between 0 and 6),
  event_id uuid references public.events (id) on delete cascade,
  min_spend_cents integer not null constraint lounge_table_minimums_min_spend_range check (min_spend_cents between 0 and 10000000),
  constraint lounge_table_minimums_one_night check ((weekday is null) <> (event_id is null)),
  constraint lounge_table_minimums_weekday_key unique (table_id, weekday),
  constraint lounge_table_minimums_event_key unique (table_id, event_id)
);

comment on table public.lounge_table_minimums is 'Minimum spend of a table by weekday or event night. Everyone reads; admins edit.';

create index lounge_table_minimums_event_idx on public.lounge_table_minimums (event_id);

-- Bottles for bottle service are menu items so flagged (price and name from the menu).
alter table public.menu_items add column is_bottle boolean not null default false;
grant insert (is_bottle), update (is_bottle) on table public.menu_items to authenticated;

create table public.table_requests (
  id uuid primary key default gen_random_uuid(),
  -- Shown to the guest and at the door: 6 letters and digits without look-alikes.
  code text not null constraint table_requests_code_key unique
    constraint table_requests_code_format check (code ~ '^[A-HJ-NP-Z2-9]{6}$'),
  -- A member's requests go with their account.
  user_id uuid references auth.users (id) on delete cascade,
  event_id uuid not null references public.events (id) on delete cascade,
  business_date date not null,
  guest_name text not null constraint table_requests_guest_name_length check (length(btrim(guest_name)) between 1 and 100),
  party_size smallint not null constraint table_requests_party_size_range check (party_size between 1 and 60),
  arrives_at timestamptz not null,
  note text not null default '' constraint table_requests_note_length check (length(note) <= 500),
  status text not null default 'pending' constraint table_requests_status_check check (
    status in ('pending', 'confirmed', 'declined', 'cancelled', 'arrived', 'released', 'no_show')
  ),
  table_id uuid references public.lounge_tables (id) on delete restrict,
  -- Fixed when confirmed: the table's minimum that night and the time it is held until.
  min_spend_cents integer constraint table_requests_min_spend_range check (min_spend_cents between 0 and 10000000),
  held_until timestamptz,
  staff_message text not null default '' constraint table_requests_staff_message_length check (length(staff_message) <= 500),
  decided_by uuid references auth.users (id) on delete set null,
  decided_at timestamptz,
  arrived_at timestamptz,
  arrived_people smallint not null default 0 constraint table_requests_arrived_people_range check (arrived_people between 0 and 60),
  created_at timestamptz not null default now(),
  constraint table_requests_confirmed_has_table check (
    status not in ('confirmed', 'arrived') or (table_id is not null and min_spend_cents is not null and held_until is not null)
  )
);

comment on table public.table_requests is 'VIP table requests. Guests read their own, staff tonight''s, admins all; written by functions only.';

-- One table is never confirmed twice for a night, whoever writes the row.
create unique index table_requests_one_table_a_night on public.table_requests (table_id, business_date)
  where status in ('confirmed', 'arrived');
create index table_requests_user_idx on public.table_requests (user_id, business_date);
create index table_requests_night_idx on public.table_requests (business_date, status);
create index table_requests_event_idx on public.table_requests (event_id);
create index table_requests_decided_by_idx on public.table_requests (decided_by);

create table public.table_request_bottles (
  request_id uuid not null references public.table_requests (id) on delete cascade,
  -- A menu item taken off the menu leaves the request without it.
  menu_item_id uuid not null references public.menu_items (id) on delete cascade,
  quantity smallint not null constraint table_request_bottles_quantity_range check (quantity between 1 and 50),
  primary key (request_id, menu_item_id)
);

comment on table public.table_request_bottles is 'Bottles chosen ahead for a table request. Read with the request; written by functions only.';

create index table_request_bottles_item_idx on public.table_request_bottles (menu_item_id);

-- Mails to send about table requests, queued in the same transaction as the change and
-- drained by the booking-mails job.
create table public.table_mail_outbox (
  id bigint generated always as identity primary key,
  request_id uuid not null references public.table_requests (id) on delete cascade,
  kind text not null constraint table_mail_outbox_kind_check check (kind in ('confirmed', 'declined', 'released')),
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  last_error text,
  sent_at timestamptz
);

comment on table public.table_mail_outbox is 'Table request mails waiting to be sent. Service role only.';

create index table_mail_outbox_request_idx on public.table_mail_outbox (request_id);
create index table_mail_outbox_open_idx on public.table_mail_outbox (id) where sent_at is null;

-- Grants.
revoke all on table public.lounge_settings, public.lounge_sections, public.lounge_tables,
  public.lounge_table_minimums, public.table_requests, public.table_request_bottles, public.table_mail_outbox
  from public, anon, authenticated;

grant select on table public.lounge_settings, public.lounge_sections, public.lounge_tables,
  public.lounge_table_minimums to anon, authenticated;
grant update (policy_text, arrival_grace_minutes, party_max, bottles_max, guest_list_closes_at,
  guest_list_plus_ones_max) on table public.lounge_settings to authenticated;
grant insert (name, position), update (name, position), delete on table public.lounge_sections to authenticated;
grant insert (section_id, name, seats, grid_x, grid_y, min_spend_cents, is_active),
  update (section_id, name, seats, grid_x, grid_y, min_spend_cents, is_active), delete
  on table public.lounge_tables to authenticated;
grant insert (table_id, weekday, event_id, min_spend_cents), update (min_spend_cents), delete
  on table public.lounge_table_minimums to authenticated;
grant select on table public.table_requests, public.table_request_bottles to authenticated;
grant all on table public.lounge_settings, public.lounge_sections, public.lounge_tables,
  public.lounge_table_minimums, public.table_requests, public.table_request_bottles, public.table_mail_outbox
  to service_role;

alter table public.lounge_settings enable row level security;
alter table public.lounge_sections enable row level security;
alter table public.lounge_tables enable row level security;
alter table public.lounge_table_minimums enable row level security;
alter table public.table_requests enable row level security;
alter table public.table_request_bottles enable row level security;
alter table public.table_mail_outbox enable row level security;

create policy "Everyone can read the lounge settings" on public.lounge_settings
  for select to anon, authenticated using (true);
create policy "Admins can edit the lounge settings" on public.lounge_settings
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));

create policy "Everyone can read the lounge sections" on public.lounge_sections
  for select to anon, authenticated using (true);
create policy "Admins can add lounge sections" on public.lounge_sections
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit lounge sections" on public.lounge_sections
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove lounge sections" on public.lounge_sections
  for delete to authenticated using ((select private.is_admin()));

create policy "Everyone can read the lounge tables" on public.lounge_tables
  for select to anon, authenticated using (true);
create policy "Admins can add lounge tables" on public.lounge_tables
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit lounge tables" on public.lounge_tables
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove lounge tables" on public.lounge_tables
  for delete to authenticated using ((select private.is_admin()));

create policy "Everyone can read the table minimums" on public.lounge_table_minimums
  for select to anon, authenticated using (true);
create policy "Admins can add table minimums" on public.lounge_table_minimums
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit table minimums" on public.lounge_table_minimums
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove table minimums" on public.lounge_table_minimums
  for delete to authenticated using ((select private.is_admin()));

create policy "Guests read their own table requests, staff tonight's, admins all" on public.table_requests
  for select to authenticated using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or (business_date = (select private.business_date()) and (select private.is_staff()))
  );

create policy "Bottles are read with their table request" on public.table_request_bottles
  for select to authenticated using (
    exists (select 1 from public.table_requests r where r.id = request_id)
  );

-- The minimum spend of a table on an event's night: the event's own, else the weekday's,
-- else the table's.
create or replace function private.lounge_min_spend(_table_id uuid, _event_id uuid)
returns integer
language sql
stable
set search_path = ''
as $$
  select coalesce(
    (select m.min_spend_cents from public.lounge_table_minimums m where m.table_id = _table_id and m.event_id = _event_id),
    (select m.min_spend_cents from public.lounge_table_minimums m
     join public.events e on e.id = _event_id
     where m.table_id = _table_id
       and m.weekday = extract(dow from private.business_date_of(e.event_date))::smallint),
    (select t.min_spend_cents from public.lounge_tables t where t.id = _table_id)
  )
$$;

revoke execute on function private.lounge_min_spend(uuid, uuid) from public, anon, authenticated;
grant execute on function private.lounge_min_spend(uuid, uuid) to service_role;

create or replace function private.new_table_code()
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
    exit when not exists (select 1 from public.table_requests r where r.code = result);
  end loop;
  return result;
end
$$;

revoke execute on function private.new_table_code() from public, anon, authenticated;

create or replace function private.table_request_json(r public.table_requests)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', r.id, 'code', r.code, 'event_id', r.event_id, 'business_date', r.business_date,
    'party_size', r.party_size, 'arrives_at', r.arrives_at, 'status', r.status,
    'table_id', r.table_id, 'table_name', (select t.name from public.lounge_tables t where t.id = r.table_id),
    'min_spend_cents', r.min_spend_cents, 'held_until', r.held_until, 'staff_message', r.staff_message
  )
$$;

revoke execute on function private.table_request_json(public.table_requests) from public, anon, authenticated;

-- The tables of an event's night, each with its minimum spend and whether it is still free.
create or replace function private.lounge_night_tables(p_event_id uuid)
returns table (table_id uuid, name text, section_id uuid, seats smallint, grid_x smallint, grid_y smallint,
  min_spend_cents integer, is_free boolean)
language sql
stable
security definer
set search_path = ''
as $$
  select t.id, t.name, t.section_id, t.seats, t.grid_x, t.grid_y,
    private.lounge_min_spend(t.id, e.id),
    not exists (
      select 1 from public.table_requests r
      where r.table_id = t.id and r.business_date = private.business_date_of(e.event_date)
        and r.status in ('confirmed', 'arrived')
    )
  from public.events e
  join public.lounge_tables t on t.is_active
  where e.id = p_event_id and e.is_approved
  order by t.grid_y, t.grid_x
$$;

revoke execute on function private.lounge_night_tables(uuid) from public, anon, authenticated;
grant execute on function private.lounge_night_tables(uuid) to anon, authenticated;

-- A member asks for a table on an approved, upcoming event's night. Bottles are
-- [{ "menu_item_id": uuid, "quantity": n }] of visible bottle items.
create or replace function private.request_table(
  p_event_id uuid,
  p_party_size integer,
  p_arrives_at timestamptz,
  p_bottles jsonb default '[]'::jsonb,
  p_note text default ''
)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  s public.lounge_settings;
  e public.events;
  p public.profiles;
  r public.table_requests;
  night date;
  total integer;
begin
  if uid is null or not private.is_member() then
    raise exception 'Please sign in to request a table' using errcode = '42501';
  end if;
  select * into s from public.lounge_settings;
  select * into e from public.events where id = p_event_id and is_approved;
  if not found then
    raise exception 'That event is not open for table requests' using errcode = 'P0001';
  end if;
  night := private.business_date_of(e.event_date);
  if night < private.business_date() then
    raise exception 'That night is over' using errcode = 'P0001';
  end if;
  if p_party_size is null or p_party_size < 1 or p_party_size > s.party_max then
    raise exception 'Party size must be between 1 and %', s.party_max using errcode = 'P0001';
  end if;
  if p_arrives_at is null or private.business_date_of(p_arrives_at) <> night then
    raise exception 'The arrival time must be on the event''s night' using errcode = 'P0001';
  end if;
  if p_arrives_at < now() then
    raise exception 'The arrival time has passed' using errcode = 'P0001';
  end if;
  if exists (select 1 from public.table_requests x where x.user_id = uid and x.event_id = p_event_id
             and x.status in ('pending', 'confirmed', 'arrived')) then
    raise exception 'You already have a table request for this night' using errcode = 'P0001';
  end if;
  if jsonb_typeof(coalesce(p_bottles, '[]'::jsonb)) <> 'array' then
    raise exception 'Bottles must be a list' using errcode = '22023';
  end if;
  select coalesce(sum((b ->> 'quantity')::integer), 0) into total from jsonb_array_elements(coalesce(p_bottles, '[]'::jsonb)) b;
  if total > s.bottles_max then
    raise exception 'At most % bottles can be chosen ahead', s.bottles_max using errcode = 'P0001';
  end if;
  if exists (
    select 1 from jsonb_array_elements(coalesce(p_bottles, '[]'::jsonb)) b
    left join public.menu_items m on m.id = (b ->> 'menu_item_id')::uuid and m.is_bottle and m.is_visible
    where m.id is null or coalesce((b ->> 'quantity')::integer, 0) < 1
  ) then
    raise exception 'That bottle is not on the bottle list' using errcode = 'P0001';
  end if;
  select * into p from public.profiles where user_id = uid;
  insert into public.table_requests (code, user_id, event_id, business_date, guest_name, party_size, arrives_at, note)
  values (private.new_table_code(), uid, e.id, night,
    coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'Guest'),
    p_party_size, p_arrives_at, left(coalesce(btrim(p_note), ''), 500))
  returning * into r;
  insert into public.table_request_bottles (request_id, menu_item_id, quantity)
  select r.id, (b ->> 'menu_item_id')::uuid, sum((b ->> 'quantity')::integer)
  from jsonb_array_elements(coalesce(p_bottles, '[]'::jsonb)) b
  group by (b ->> 'menu_item_id')::uuid;
  return private.table_request_json(r);
end
$$;

revoke execute on function private.request_table(uuid, integer, timestamptz, jsonb, text) from public, anon, authenticated;
grant execute on function private.request_table(uuid, integer, timestamptz, jsonb, text) to authenticated;

-- The guest withdraws a pending or confirmed request before arriving; the table is free again.
create or replace function private.cancel_table_request(p_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.table_requests;
begin
  update public.table_requests x set status = 'cancelled'
  where x.id = p_id and x.user_id = auth.uid() and x.status in ('pending', 'confirmed')
  returning * into r;
  if not found then
    raise exception 'That table request cannot be cancelled' using errcode = 'P0001';
  end if;
  return private.table_request_json(r);
end
$$;

revoke execute on function private.cancel_table_request(uuid) from public, anon, authenticated;
grant execute on function private.cancel_table_request(uuid) to authenticated;

-- Staff confirm a pending request with a free table: admins for any night, staff for
-- tonight's. The minimum and the hold (arrival time plus the grace minutes) are fixed now.
-- The unique index refuses a table already confirmed for the night, under any concurrency.
create or replace function private.confirm_table_request(p_id uuid, p_table_id uuid, p_message text default '')
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.table_requests;
  t public.lounge_tables;
begin
  select * into r from public.table_requests where id = p_id for update;
  if not found or not (private.is_admin() or (private.is_staff() and r.business_date = private.business_date())) then
    raise exception 'Only staff can confirm table requests' using errcode = '42501';
  end if;
  if r.status <> 'pending' then
    raise exception 'That request is no longer pending' using errcode = 'P0001';
  end if;
  select * into t from public.lounge_tables where id = p_table_id and is_active;
  if not found then
    raise exception 'That table is not on the floor plan' using errcode = 'P0001';
  end if;
  begin
    update public.table_requests x set
      status = 'confirmed', table_id = t.id, min_spend_cents = private.lounge_min_spend(t.id, r.event_id),
      held_until = r.arrives_at + make_interval(mins => (select s.arrival_grace_minutes from public.lounge_settings s)),
      staff_message = left(coalesce(btrim(p_message), ''), 500), decided_by = auth.uid(), decided_at = now()
    where x.id = r.id
    returning * into r;
  exception when unique_violation then
    raise exception 'Table % is already taken that night', t.name using errcode = '23505';
  end;
  insert into public.table_mail_outbox (request_id, kind) values (r.id, 'confirmed');
  return private.table_request_json(r);
end
$$;

revoke execute on function private.confirm_table_request(uuid, uuid, text) from public, anon, authenticated;
grant execute on function private.confirm_table_request(uuid, uuid, text) to authenticated;

create or replace function private.decline_table_request(p_id uuid, p_message text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.table_requests;
begin
  select * into r from public.table_requests where id = p_id for update;
  if not found or not (private.is_admin() or (private.is_staff() and r.business_date = private.business_date())) then
    raise exception 'Only staff can decline table requests' using errcode = '42501';
  end if;
  if r.status not in ('pending', 'confirmed') then
    raise exception 'That request can no longer be declined' using errcode = 'P0001';
  end if;
  if length(btrim(coalesce(p_message, ''))) = 0 then
    raise exception 'Please write the guest a message' using errcode = 'P0001';
  end if;
  update public.table_requests x set status = 'declined', staff_message = left(btrim(p_message), 500),
    decided_by = auth.uid(), decided_at = now()
  where x.id = r.id
  returning * into r;
  insert into public.table_mail_outbox (request_id, kind) values (r.id, 'declined');
  return private.table_request_json(r);
end
$$;

revoke execute on function private.decline_table_request(uuid, text) from public, anon, authenticated;
grant execute on function private.decline_table_request(uuid, text) to authenticated;

-- Releases confirmed tables whose hold has passed without the guests (mailing them), and,
-- once a night is over, marks the tables that were confirmed or released without an arrival
-- as no-shows. Run by the booking-mails job before it claims, and callable by the scheduler.
create or replace function private.sweep_lounge_tables()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  n integer := 0;
  k integer;
begin
  with released as (
    update public.table_requests r set status = 'released'
    where r.status = 'confirmed' and r.held_until <= now()
    returning r.id
  )
  insert into public.table_mail_outbox (request_id, kind) select id, 'released' from released;
  get diagnostics k = row_count;
  n := n + k;
  update public.table_requests r set status = 'no_show'
  where r.status in ('confirmed', 'released') and r.business_date < private.business_date();
  get diagnostics k = row_count;
  return n + k;
end
$$;

revoke execute on function private.sweep_lounge_tables() from public, anon, authenticated;
grant execute on function private.sweep_lounge_tables() to service_role;

-- The door's rows for tables: every request of the night with an arrival in [_from, _to).
create or replace function private.table_door_rows(_from timestamptz, _to timestamptz)
returns setof private.door_row
language sql
stable
security definer
set search_path = ''
as $$
  select row(
    'vip_table', r.id, r.user_id, r.guest_name, r.party_size::integer, r.code, r.status,
    r.status in ('confirmed', 'arrived'),
    case r.status
      when 'pending' then 'The table request is not confirmed yet'
      when 'declined' then 'The table request was declined'
      when 'cancelled' then 'The guest cancelled the table'
      when 'released' then 'The table was released at the arrival cutoff'
      when 'no_show' then 'Marked as a no-show'
    end,
    case when t.id is null then 'VIP table request'
      else 'Table ' || t.name || ', minimum $' || to_char(r.min_spend_cents / 100.0, 'FM999999990.00') end,
    true,
    r.arrives_at
  )::private.door_row
  from public.table_requests r
  left join public.lounge_tables t on t.id = r.table_id
  where r.arrives_at >= _from and r.arrives_at < _to
  order by r.arrives_at, r.guest_name
$$;

revoke execute on function private.table_door_rows(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.table_door_rows(timestamptz, timestamptz) to service_role;

-- The door admitted _people of a table's party: the table is claimed (arrived).
create or replace function private.table_door_check_in(_source_id uuid, _people integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.table_requests r set
    status = 'arrived',
    arrived_at = coalesce(r.arrived_at, now()),
    arrived_people = least(r.party_size, r.arrived_people + greatest(coalesce(_people, 0), 0))
  where r.id = _source_id and r.status in ('confirmed', 'arrived');
  if not found then
    raise exception 'That table is not confirmed' using errcode = 'P0001';
  end if;
end
$$;

revoke execute on function private.table_door_check_in(uuid, integer) from public, anon, authenticated;
grant execute on function private.table_door_check_in(uuid, integer) to service_role;

insert into private.door_sources (kind, label, rows_fn, check_in_fn, sort_order)
values ('vip_table', 'VIP table', 'private.table_door_rows(timestamptz, timestamptz)'::regprocedure,
  'private.table_door_check_in(uuid, integer)'::regprocedure, 30);

-- Claims due table mails (after the sweep), each locked five minutes; the oldest open mail
-- of a request first. Mails to guests without a verified address are closed unsent.
create or replace function private.claim_table_mails(max_count integer default 25)
returns table (
  mail_id bigint,
  kind text,
  request_id uuid,
  code text,
  to_email text,
  guest_name text,
  event_title text,
  party_size integer,
  arrives_at timestamptz,
  held_until timestamptz,
  table_name text,
  min_spend_cents integer,
  staff_message text,
  policy_text text,
  bottles text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  tries constant integer := private.booking_mail_attempts();
begin
  perform private.sweep_lounge_tables();

  update public.table_mail_outbox m
  set sent_at = now(), last_error = 'The guest has no verified e-mail address'
  from public.table_requests r
  left join auth.users u on u.id = r.user_id
  where m.request_id = r.id and m.sent_at is null
    and (u.id is null or u.email_confirmed_at is null or coalesce(u.email, '') = '');

  return query
  with due as (
    select m.id from public.table_mail_outbox m
    where m.sent_at is null
      and (m.locked_until is null or m.locked_until < now())
      and m.attempts < tries
      and not exists (
        select 1 from public.table_mail_outbox e
        where e.request_id = m.request_id and e.id < m.id and e.sent_at is null
          and (e.attempts < tries or e.locked_until > now())
      )
    order by m.id
    limit greatest(least(coalesce(max_count, 25), 100), 1)
    for update skip locked
  ),
  claimed as (
    update public.table_mail_outbox m
    set locked_until = now() + interval '5 minutes', attempts = m.attempts + 1
    from due where m.id = due.id
    returning m.id, m.kind, m.request_id
  )
  select c.id, c.kind, r.id, r.code, u.email::text, r.guest_name, e.title, r.party_size::integer,
    r.arrives_at, r.held_until, t.name, r.min_spend_cents, r.staff_message,
    (select s.policy_text from public.lounge_settings s),
    coalesce((select string_agg(b.quantity || ' × ' || mi.name, ', ' order by mi.name)
              from public.table_request_bottles b join public.menu_items mi on mi.id = b.menu_item_id
              where b.request_id = r.id), '')
  from claimed c
  join public.table_requests r on r.id = c.request_id
  join public.events e on e.id = r.event_id
  join auth.users u on u.id = r.user_id
  left join public.lounge_tables t on t.id = r.table_id
  order by c.id;
end
$$;

revoke execute on function private.claim_table_mails(integer) from public, anon, authenticated;
grant execute on function private.claim_table_mails(integer) to service_role;

create or replace function private.complete_table_mail(mail_id bigint, failure text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if failure is null then
    update public.table_mail_outbox m set sent_at = now(), locked_until = null, last_error = null
    where m.id = mail_id;
  else
    update public.table_mail_outbox m
    set locked_until = case when m.attempts >= private.booking_mail_attempts() then null
                            else now() + m.attempts * interval '5 minutes' end,
        last_error = left(failure, 500)
    where m.id = mail_id;
  end if;
  if not found then
    raise exception 'No table mail %', mail_id using errcode = 'P0002';
  end if;
end
$$;

revoke execute on function private.complete_table_mail(bigint, text) from public, anon, authenticated;
grant execute on function private.complete_table_mail(bigint, text) to service_role;

-- The API's entry points: each runs the private function of the same name, which checks who asks.
create or replace function public.lounge_night_tables(p_event_id uuid)
returns table (table_id uuid, name text, section_id uuid, seats smallint, grid_x smallint, grid_y smallint,
  min_spend_cents integer, is_free boolean)
language sql
stable
set search_path = ''
as $$
  select * from private.lounge_night_tables(p_event_id)
$$;

revoke execute on function public.lounge_night_tables(uuid) from public, anon, authenticated;
grant execute on function public.lounge_night_tables(uuid) to anon, authenticated;

create or replace function public.request_table(
  p_event_id uuid, p_party_size integer, p_arrives_at timestamptz, p_bottles jsonb default '[]'::jsonb,
  p_note text default ''
)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.request_table(p_event_id, p_party_size, p_arrives_at, p_bottles, p_note)
$$;

revoke execute on function public.request_table(uuid, integer, timestamptz, jsonb, text) from public, anon, authenticated;
grant execute on function public.request_table(uuid, integer, timestamptz, jsonb, text) to authenticated;

create or replace function public.cancel_table_request(p_id uuid)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.cancel_table_request(p_id)
$$;

revoke execute on function public.cancel_table_request(uuid) from public, anon, authenticated;
grant execute on function public.cancel_table_request(uuid) to authenticated;

create or replace function public.confirm_table_request(p_id uuid, p_table_id uuid, p_message text default '')
returns json
language sql
volatile
set search_path = ''
as $$
  select private.confirm_table_request(p_id, p_table_id, p_message)
$$;

revoke execute on function public.confirm_table_request(uuid, uuid, text) from public, anon, authenticated;
grant execute on function public.confirm_table_request(uuid, uuid, text) to authenticated;

create or replace function public.decline_table_request(p_id uuid, p_message text)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.decline_table_request(p_id, p_message)
$$;

revoke execute on function public.decline_table_request(uuid, text) from public, anon, authenticated;
grant execute on function public.decline_table_request(uuid, text) to authenticated;

create or replace function public.sweep_lounge_tables()
returns integer
language sql
volatile
set search_path = ''
as $$
  select private.sweep_lounge_tables()
$$;

revoke execute on function public.sweep_lounge_tables() from public, anon, authenticated;
grant execute on function public.sweep_lounge_tables() to service_role;

create or replace function public.claim_table_mails(max_count integer default 25)
returns table (
  mail_id bigint, kind text, request_id uuid, code text, to_email text, guest_name text, event_title text,
  party_size integer, arrives_at timestamptz, held_until timestamptz, table_name text, min_spend_cents integer,
  staff_message text, policy_text text, bottles text
)
language sql
volatile
set search_path = ''
as $$
  select * from private.claim_table_mails(max_count)
$$;

revoke execute on function public.claim_table_mails(integer) from public, anon, authenticated;
grant execute on function public.claim_table_mails(integer) to service_role;

create or replace function public.complete_table_mail(mail_id bigint, failure text default null)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.complete_table_mail(mail_id, failure)
$$;

revoke execute on function public.complete_table_mail(bigint, text) from public, anon, authenticated;
grant execute on function public.complete_table_mail(bigint, text) to service_role;

-- The venue's starting floor: booths along the wall, tables by the DJ booth.
insert into public.lounge_sections (name, position) values ('Booths', 0), ('DJ floor', 1);
insert into public.lounge_tables (section_id, name, seats, grid_x, grid_y, min_spend_cents)
select s.id, v.name, v.seats, v.x, v.y, v.cents
from (values ('Booths', 'V1', 6, 0, 0, 50000), ('Booths', 'V2', 6, 1, 0, 50000), ('Booths', 'V3', 8, 2, 0, 75000),
             ('DJ floor', 'D1', 4, 0, 2, 30000), ('DJ floor', 'D2', 4, 1, 2, 30000), ('DJ floor', 'D3', 10, 2, 2, 100000))
  as v (section, name, seats, x, y, cents)
join public.lounge_sections s on s.name = v.section;

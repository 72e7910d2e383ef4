-- Guest lists: one per event night, closing at a set time ("Guest list closes at 10 PM",
-- venue time). A member puts themselves on it with plus-ones up to the night's cap and gets a
-- pass with a code (its QR code at the door); staff add names; promoters (members holding the
-- promoter role, or anyone arriving through a promoter's link code) bring guests, and every
-- entry remembers who brought it, so the admin sees who brought whom and how many arrived.
-- The list refuses additions after its close time, whoever writes. After the night, entries
-- whose guests never came are marked no-show.

create table public.guest_lists (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null constraint guest_lists_event_key unique references public.events (id) on delete cascade,
  closes_at timestamptz not null,
  plus_ones_max smallint not null constraint guest_lists_plus_ones_range check (plus_ones_max between 0 and 20),
  created_at timestamptz not null default now()
);

comment on table public.guest_lists is 'The guest list of an event night with its close time and plus-one cap. Everyone reads; admins edit.';

-- A promoter: a member (user_id) holding the promoter role, or a name with a link code only.
create table public.promoters (
  id uuid primary key default gen_random_uuid(),
  user_id uuid constraint promoters_user_key unique references auth.users (id) on delete set null,
  name text not null constraint promoters_name_length check (length(btrim(name)) between 1 and 80),
  code text not null constraint promoters_code_key unique
    constraint promoters_code_format check (code ~ '^[A-Z0-9]{4,16}$'),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.promoters is 'Promoters and their link codes. Admins read and edit; a promoter reads their own.';

create table public.guest_list_entries (
  id uuid primary key default gen_random_uuid(),
  list_id uuid not null references public.guest_lists (id) on delete cascade,
  -- Null for a name added by staff or a promoter; a member's own entries go with their account.
  user_id uuid references auth.users (id) on delete cascade,
  guest_name text not null constraint guest_list_entries_guest_name_length check (length(btrim(guest_name)) between 1 and 100),
  plus_ones smallint not null default 0 constraint guest_list_entries_plus_ones_range check (plus_ones between 0 and 20),
  -- The pass's code (its QR code), 6 letters and digits without look-alikes.
  code text not null constraint guest_list_entries_code_key unique
    constraint guest_list_entries_code_format check (code ~ '^[A-HJ-NP-Z2-9]{6}$'),
  promoter_id uuid references public.promoters (id) on delete set null,
  added_by uuid references auth.users (id) on delete set null,
  status text not null default 'listed' constraint guest_list_entries_status_check check (
    status in ('listed', 'arrived', 'cancelled', 'no_show')
  ),
  arrived_people smallint not null default 0 constraint guest_list_entries_arrived_range check (arrived_people between 0 and 21),
  arrived_at timestamptz,
  created_at timestamptz not null default now(),
  constraint guest_list_entries_member_key unique (list_id, user_id)
);

comment on table public.guest_list_entries is 'Names on a guest list. Guests read their own, promoters the guests they brought, staff tonight''s, admins all; written by functions only.';

create index guest_list_entries_promoter_idx on public.guest_list_entries (promoter_id);
create index guest_list_entries_user_idx on public.guest_list_entries (user_id);
create index guest_list_entries_added_by_idx on public.guest_list_entries (added_by);

revoke all on table public.guest_lists, public.promoters, public.guest_list_entries from public, anon, authenticated;
grant select on table public.guest_lists to anon, authenticated;
grant insert (event_id, closes_at, plus_ones_max), update (closes_at, plus_ones_max), delete
  on table public.guest_lists to authenticated;
grant select, insert (user_id, name, code, is_active), update (user_id, name, code, is_active), delete
  on table public.promoters to authenticated;
grant select on table public.guest_list_entries to authenticated;
grant all on table public.guest_lists, public.promoters, public.guest_list_entries to service_role;

alter table public.guest_lists enable row level security;
alter table public.promoters enable row level security;
alter table public.guest_list_entries enable row level security;

create policy "Everyone can read the guest lists" on public.guest_lists
  for select to anon, authenticated using (true);
create policy "Admins can open guest lists" on public.guest_lists
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit guest lists" on public.guest_lists
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove guest lists" on public.guest_lists
  for delete to authenticated using ((select private.is_admin()));

create policy "Admins read all promoters, a promoter their own" on public.promoters
  for select to authenticated using ((select private.is_admin()) or user_id = (select auth.uid()));
create policy "Admins can add promoters" on public.promoters
  for insert to authenticated with check ((select private.is_admin()));
create policy "Admins can edit promoters" on public.promoters
  for update to authenticated using ((select private.is_admin())) with check ((select private.is_admin()));
create policy "Admins can remove promoters" on public.promoters
  for delete to authenticated using ((select private.is_admin()));

-- The guest list of tonight's events, for the staff policy below.
create or replace function private.is_tonights_list(_list_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.guest_lists l join public.events e on e.id = l.event_id
    where l.id = _list_id and private.business_date_of(e.event_date) = private.business_date()
  )
$$;

revoke execute on function private.is_tonights_list(uuid) from public, anon, authenticated;
grant execute on function private.is_tonights_list(uuid) to authenticated, service_role;

-- The promoter row of the signed-in member, when they hold the promoter role.
create or replace function private.my_promoter_id()
returns uuid
language sql
stable
security definer
set search_path = ''
as $$
  select p.id from public.promoters p
  where p.user_id = auth.uid() and p.is_active and private.is_promoter()
$$;

revoke execute on function private.my_promoter_id() from public, anon, authenticated;
grant execute on function private.my_promoter_id() to authenticated, service_role;

create policy "Guests read their own entries, promoters their guests, staff tonight's, admins all"
  on public.guest_list_entries for select to authenticated using (
    user_id = (select auth.uid())
    or (select private.is_admin())
    or (promoter_id is not null and promoter_id = (select private.my_promoter_id()))
    or ((select private.is_staff()) and private.is_tonights_list(list_id))
  );

-- Every write to the entries checks the list is still open and the plus-ones fit its cap.
create or replace function private.guest_list_entries_rules()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  l public.guest_lists;
begin
  select * into l from public.guest_lists where id = new.list_id;
  if tg_op = 'INSERT' or new.plus_ones > old.plus_ones then
    if now() >= l.closes_at then
      raise exception 'The guest list is closed' using errcode = 'P0001';
    end if;
    if new.plus_ones > l.plus_ones_max then
      raise exception 'At most % plus-ones on this list', l.plus_ones_max using errcode = 'P0001';
    end if;
  end if;
  if new.arrived_people > new.plus_ones + 1 then
    raise exception 'More arrivals than the entry''s party' using errcode = 'P0001';
  end if;
  return new;
end
$$;

revoke execute on function private.guest_list_entries_rules() from public, anon, authenticated;

create trigger guest_list_entries_rules
  before insert or update on public.guest_list_entries
  for each row execute function private.guest_list_entries_rules();

create or replace function private.new_guest_list_code()
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
    exit when not exists (select 1 from public.guest_list_entries g where g.code = result);
  end loop;
  return result;
end
$$;

revoke execute on function private.new_guest_list_code() from public, anon, authenticated;

create or replace function private.guest_list_entry_json(g public.guest_list_entries)
returns json
language sql
stable
set search_path = ''
as $$
  select json_build_object(
    'id', g.id, 'list_id', g.list_id, 'guest_name', g.guest_name, 'plus_ones', g.plus_ones,
    'code', g.code, 'status', g.status, 'promoter_id', g.promoter_id
  )
$$;

revoke execute on function private.guest_list_entry_json(public.guest_list_entries) from public, anon, authenticated;

-- The event's list, opened with the venue's close time and cap when it has none yet.
create or replace function private.guest_list_of(_event_id uuid)
returns public.guest_lists
language plpgsql
volatile
set search_path = ''
as $$
declare
  l public.guest_lists;
  e public.events;
  s public.lounge_settings;
begin
  select * into l from public.guest_lists where event_id = _event_id;
  if found then
    return l;
  end if;
  select * into e from public.events where id = _event_id and is_approved;
  if not found then
    raise exception 'That event has no guest list' using errcode = 'P0001';
  end if;
  select * into s from public.lounge_settings;
  insert into public.guest_lists (event_id, closes_at, plus_ones_max)
  values (e.id,
    -- the close time on the event's night: a time before the rollover hour is after midnight
    (private.business_date_of(e.event_date)
      + case when s.guest_list_closes_at < make_time(private.business_day_rollover_hour(), 0, 0) then 1 else 0 end
      + s.guest_list_closes_at) at time zone private.venue_time_zone(),
    s.guest_list_plus_ones_max)
  on conflict (event_id) do nothing;
  select * into l from public.guest_lists where event_id = _event_id;
  return l;
end
$$;

revoke execute on function private.guest_list_of(uuid) from public, anon, authenticated;

-- A member puts themselves on an event's list with plus-ones; p_promo is a promoter's link
-- code that brought them (unknown or inactive codes are ignored). Joining again updates the
-- plus-ones of the same entry while the list is open.
create or replace function private.join_guest_list(p_event_id uuid, p_plus_ones integer default 0, p_promo text default null)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  uid uuid := auth.uid();
  l public.guest_lists;
  p public.profiles;
  g public.guest_list_entries;
  promoter uuid;
begin
  if uid is null or not private.is_member() then
    raise exception 'Please sign in to join the guest list' using errcode = '42501';
  end if;
  l := private.guest_list_of(p_event_id);
  if now() >= l.closes_at then
    raise exception 'The guest list is closed' using errcode = 'P0001';
  end if;
  if p_plus_ones is null or p_plus_ones < 0 then
    raise exception 'Plus-ones cannot be negative' using errcode = 'P0001';
  end if;
  select pr.id into promoter from public.promoters pr where pr.code = upper(btrim(p_promo)) and pr.is_active;
  select * into p from public.profiles where user_id = uid;
  insert into public.guest_list_entries (list_id, user_id, guest_name, plus_ones, code, promoter_id, added_by)
  values (l.id, uid, coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'Guest'),
    p_plus_ones, private.new_guest_list_code(), promoter, uid)
  on conflict (list_id, user_id) do update
    set plus_ones = excluded.plus_ones,
        status = case when public.guest_list_entries.status = 'cancelled' then 'listed' else public.guest_list_entries.status end,
        promoter_id = coalesce(public.guest_list_entries.promoter_id, excluded.promoter_id)
  returning * into g;
  return private.guest_list_entry_json(g);
end
$$;

revoke execute on function private.join_guest_list(uuid, integer, text) from public, anon, authenticated;
grant execute on function private.join_guest_list(uuid, integer, text) to authenticated;

-- Staff add a name to an event's list (staff for tonight's, admins any night); a promoter
-- adds their own guests, tracked to them.
create or replace function private.add_guest_list_name(p_event_id uuid, p_name text, p_plus_ones integer default 0)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  l public.guest_lists;
  g public.guest_list_entries;
  promoter uuid := private.my_promoter_id();
  staff boolean;
begin
  if not private.is_staff() and promoter is null then
    raise exception 'Only staff and promoters can add names' using errcode = '42501';
  end if;
  l := private.guest_list_of(p_event_id);
  staff := private.is_admin() or (private.is_staff() and private.is_tonights_list(l.id));
  if not staff and promoter is null then
    raise exception 'Only staff and promoters can add names' using errcode = '42501';
  end if;
  if length(btrim(coalesce(p_name, ''))) = 0 then
    raise exception 'Please enter the guest''s name' using errcode = 'P0001';
  end if;
  insert into public.guest_list_entries (list_id, guest_name, plus_ones, code, promoter_id, added_by)
  values (l.id, btrim(p_name), coalesce(p_plus_ones, 0), private.new_guest_list_code(),
    case when staff then null else promoter end, auth.uid())
  returning * into g;
  return private.guest_list_entry_json(g);
end
$$;

revoke execute on function private.add_guest_list_name(uuid, text, integer) from public, anon, authenticated;
grant execute on function private.add_guest_list_name(uuid, text, integer) to authenticated;

-- The guest takes themselves off a list.
create or replace function private.leave_guest_list(p_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  g public.guest_list_entries;
begin
  update public.guest_list_entries x set status = 'cancelled'
  where x.id = p_id and x.user_id = auth.uid() and x.status = 'listed'
  returning * into g;
  if not found then
    raise exception 'That entry cannot be cancelled' using errcode = 'P0001';
  end if;
  return private.guest_list_entry_json(g);
end
$$;

revoke execute on function private.leave_guest_list(uuid) from public, anon, authenticated;
grant execute on function private.leave_guest_list(uuid) to authenticated;

-- Who brought whom: per promoter (or staff, or the guests themselves) and event, the entries,
-- the people expected and the people who arrived. Admins only.
create or replace function private.guest_list_report(p_event_id uuid default null)
returns table (event_id uuid, event_title text, promoter_id uuid, promoter_name text, entries integer,
  expected integer, arrived integer)
language plpgsql
stable
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'Only admins can see the guest list report' using errcode = '42501';
  end if;
  return query
  select e.id, e.title, pr.id, coalesce(pr.name, 'No promoter'),
    count(*)::integer, sum(g.plus_ones + 1)::integer, sum(g.arrived_people)::integer
  from public.guest_list_entries g
  join public.guest_lists l on l.id = g.list_id
  join public.events e on e.id = l.event_id
  left join public.promoters pr on pr.id = g.promoter_id
  where g.status <> 'cancelled' and (p_event_id is null or e.id = p_event_id)
  group by e.id, e.title, e.event_date, pr.id, pr.name
  order by e.event_date desc, coalesce(pr.name, '');
end
$$;

revoke execute on function private.guest_list_report(uuid) from public, anon, authenticated;
grant execute on function private.guest_list_report(uuid) to authenticated;

-- After a night, entries still only listed are no-shows. Run with the table sweep.
create or replace function private.sweep_guest_lists()
returns integer
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  k integer;
begin
  update public.guest_list_entries g set status = 'no_show'
  from public.guest_lists l join public.events e on e.id = l.event_id
  where g.list_id = l.id and g.status = 'listed'
    and private.business_date_of(e.event_date) < private.business_date();
  get diagnostics k = row_count;
  return k;
end
$$;

revoke execute on function private.sweep_guest_lists() from public, anon, authenticated;
grant execute on function private.sweep_guest_lists() to service_role;

-- The lounge's sweep (released tables, no-shows), now with the guest lists' no-shows; the
-- booking-mails job runs it every minute, before claiming the table mails.
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
  return n + k + private.sweep_guest_lists();
end
$$;

revoke execute on function private.sweep_lounge_tables() from public, anon, authenticated;
grant execute on function private.sweep_lounge_tables() to service_role;

-- The door's rows for guest lists: the entries of lists whose event falls in [_from, _to).
create or replace function private.guest_list_door_rows(_from timestamptz, _to timestamptz)
returns setof private.door_row
language sql
stable
security definer
set search_path = ''
as $$
  select row(
    'guest_list', g.id, g.user_id, g.guest_name, (g.plus_ones + 1)::integer, g.code, g.status,
    g.status in ('listed', 'arrived'),
    case g.status when 'cancelled' then 'The guest took their name off the list'
      when 'no_show' then 'Marked as a no-show' end,
    case when pr.id is null then 'Guest list' else 'Guest list, brought by ' || pr.name end,
    (select v.adults_only_from is not null from public.venue_settings v limit 1),
    e.event_date
  )::private.door_row
  from public.guest_list_entries g
  join public.guest_lists l on l.id = g.list_id
  join public.events e on e.id = l.event_id
  left join public.promoters pr on pr.id = g.promoter_id
  where e.event_date >= _from and e.event_date < _to
  order by g.guest_name
$$;

revoke execute on function private.guest_list_door_rows(timestamptz, timestamptz) from public, anon, authenticated;
grant execute on function private.guest_list_door_rows(timestamptz, timestamptz) to service_role;

-- The door admitted _people of an entry's party: the entry is marked arrived, counted.
create or replace function private.guest_list_door_check_in(_source_id uuid, _people integer)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  update public.guest_list_entries g set
    status = 'arrived',
    arrived_at = coalesce(g.arrived_at, now()),
    arrived_people = least(g.plus_ones + 1, g.arrived_people + greatest(coalesce(_people, 0), 0))
  where g.id = _source_id and g.status in ('listed', 'arrived');
  if not found then
    raise exception 'That name is not on the list' using errcode = 'P0001';
  end if;
end
$$;

revoke execute on function private.guest_list_door_check_in(uuid, integer) from public, anon, authenticated;
grant execute on function private.guest_list_door_check_in(uuid, integer) to service_role;

insert into private.door_sources (kind, label, rows_fn, check_in_fn, sort_order)
values ('guest_list', 'Guest list', 'private.guest_list_door_rows(timestamptz, timestamptz)'::regprocedure,
  'private.guest_list_door_check_in(uuid, integer)'::regprocedure, 20);

-- API entry points.
create or replace function public.join_guest_list(p_event_id uuid, p_plus_ones integer default 0, p_promo text default null)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.join_guest_list(p_event_id, p_plus_ones, p_promo)
$$;

revoke execute on function public.join_guest_list(uuid, integer, text) from public, anon, authenticated;
grant execute on function public.join_guest_list(uuid, integer, text) to authenticated;

create or replace function public.add_guest_list_name(p_event_id uuid, p_name text, p_plus_ones integer default 0)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.add_guest_list_name(p_event_id, p_name, p_plus_ones)
$$;

revoke execute on function public.add_guest_list_name(uuid, text, integer) from public, anon, authenticated;
grant execute on function public.add_guest_list_name(uuid, text, integer) to authenticated;

create or replace function public.leave_guest_list(p_id uuid)
returns json
language sql
volatile
set search_path = ''
as $$
  select private.leave_guest_list(p_id)
$$;

revoke execute on function public.leave_guest_list(uuid) from public, anon, authenticated;
grant execute on function public.leave_guest_list(uuid) to authenticated;

create or replace function public.guest_list_report(p_event_id uuid default null)
returns table (event_id uuid, event_title text, promoter_id uuid, promoter_name text, entries integer,
  expected integer, arrived integer)
language sql
stable
set search_path = ''
as $$
  select * from private.guest_list_report(p_event_id)
$$;

revoke execute on function public.guest_list_report(uuid) from public, anon, authenticated;
grant execute on function public.guest_list_report(uuid) to authenticated;

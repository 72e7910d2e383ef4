-- profiles: one row per auth user, created by a trigger on auth.users.

create table public.profiles (
  user_id uuid primary key references auth.users (id) on delete cascade,
  first_name text,
  last_name text,
  email text,
  phone text,
  birthday date,
  vip_status boolean not null default false,
  total_bookings integer not null default 0 check (total_bookings >= 0),
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.profiles is 'Member profile. vip_status is admin-only; total_bookings is kept by a trigger on event_bookings.';

-- grants: members may write their own contact fields (user_id is in the update
-- grant only because PostgREST upserts SET every sent column; the trigger keeps
-- it unchanged); vip_status is granted
-- for the admin's toggle and guarded by a trigger; total_bookings never.
revoke all on table public.profiles from public, anon, authenticated;
grant select on table public.profiles to authenticated;
grant insert (user_id, first_name, last_name, email, phone, birthday) on table public.profiles to authenticated;
grant update (user_id, first_name, last_name, email, phone, birthday, vip_status) on table public.profiles to authenticated;
grant delete on table public.profiles to authenticated;
grant all on table public.profiles to service_role;

alter table public.profiles enable row level security;

-- helpers
-- The caller's VIP status (read past RLS; never from user metadata).
create or replace function private.is_vip()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select p.vip_status from public.profiles p where p.user_id = auth.uid()), false)
$$;

revoke execute on function private.is_vip() from public;
grant execute on function private.is_vip() to authenticated, service_role;

-- Days between a birthday and a date, year ignored, across the new year
-- (Dec 30 vs Jan 2 = 3). Feb 29 birthdays fall on Feb 28 in common years.
create or replace function private.birthday_distance(_birthday date, _today date)
returns integer
language sql
immutable
set search_path = ''
as $$
  select min(abs(
    (_birthday + make_interval(years => extract(year from _today)::int + y - extract(year from _birthday)::int))::date
    - _today
  ))
  from (values (-1), (0), (1)) as years (y)
$$;

revoke execute on function private.birthday_distance(date, date) from public;
grant execute on function private.birthday_distance(date, date) to authenticated, service_role;

-- True when the caller's birthday is within _days days of today (venue time).
create or replace function private.birthday_within(_days integer)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((
    select private.birthday_distance(p.birthday, (now() at time zone 'America/New_York')::date) <= _days
    from public.profiles p
    where p.user_id = auth.uid() and p.birthday is not null
  ), false)
$$;

revoke execute on function private.birthday_within(integer) from public;
grant execute on function private.birthday_within(integer) to authenticated, service_role;

-- policies
create policy "Members can read their own profile and admins can read all profiles"
  on public.profiles for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can insert their own profile"
  on public.profiles for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Members can update their own profile and admins can update any profile"
  on public.profiles for update to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()))
  with check (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can delete their own profile and admins can delete any profile"
  on public.profiles for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index profiles_created_at_idx on public.profiles (created_at desc);

-- triggers
-- Only an admin (or a server role) changes vip_status; only the server changes
-- total_bookings. Security invoker on purpose: current_user is the role that
-- issued the statement (authenticated for API calls, the owner inside
-- security-definer triggers).
create or replace function private.guard_profile_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      if new.vip_status or new.total_bookings <> 0 then
        raise exception 'Only an admin can set vip_status or total_bookings'
          using errcode = '42501';
      end if;
    else
      if new.vip_status is distinct from old.vip_status and not private.is_admin() then
        raise exception 'Only an admin can change vip_status' using errcode = '42501';
      end if;
      if new.total_bookings is distinct from old.total_bookings then
        raise exception 'total_bookings is maintained by the server' using errcode = '42501';
      end if;
      if new.user_id is distinct from old.user_id or new.created_at is distinct from old.created_at then
        raise exception 'user_id and created_at cannot change' using errcode = '42501';
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.guard_profile_columns() from public;

create trigger profiles_guard_columns
  before insert or update on public.profiles
  for each row execute function private.guard_profile_columns();

-- A profile for every new auth user: names from the sign-up metadata, e-mail
-- from the auth record. Nothing else is taken from metadata.
create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  insert into public.profiles (user_id, first_name, last_name, email)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''),
    new.email
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;

revoke execute on function private.handle_new_user() from public;

create trigger on_auth_user_created
  after insert on auth.users
  for each row execute function private.handle_new_user();

-- user_roles: who is an admin. An admin is a row with role 'admin'; roles
-- never come from user metadata (users can write their own metadata).

create type public.app_role as enum ('admin', 'user');

create table public.user_roles (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references auth.users (id) on delete cascade,
  role public.app_role not null,
  created_at timestamptz not null default now(),
  constraint user_roles_user_id_role_key unique (user_id, role)
);

comment on table public.user_roles is 'Roles held by users; admin = a row with role admin. Duplicate grant -> 23505.';

-- grants: revoke the defaults, grant the minimum
revoke all on table public.user_roles from public, anon, authenticated;
grant select, insert (user_id, role), delete on table public.user_roles to authenticated;
grant all on table public.user_roles to service_role;

alter table public.user_roles enable row level security;

-- helpers
create or replace function private.has_role(_user_id uuid, _role public.app_role)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select _user_id is not null and exists (
    select 1 from public.user_roles ur
    where ur.user_id = _user_id and ur.role = _role
  )
$$;

revoke execute on function private.has_role(uuid, public.app_role) from public;
grant execute on function private.has_role(uuid, public.app_role) to anon, authenticated, service_role;

-- The caller is an admin (auth.uid() holds the admin role).
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.has_role(auth.uid(), 'admin'::public.app_role)
$$;

revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- policies
create policy "Members can read their own roles and admins can read all roles"
  on public.user_roles for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Admins can grant roles"
  on public.user_roles for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can revoke roles and members can delete their own"
  on public.user_roles for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- user_id is covered by the unique (user_id, role) index.

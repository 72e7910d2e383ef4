-- Who may work the night: a member holding the staff role, or an admin (whose check includes
-- the venue's two-step sign-in setting). Staff-only rules (RLS policies, security-definer
-- functions) ask this, as admin-only rules ask private.is_admin().
create or replace function private.is_staff()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_member()
    and (private.has_role(auth.uid(), 'staff'::public.app_role) or private.is_admin())
$$;

revoke execute on function private.is_staff() from public;
grant execute on function private.is_staff() to anon, authenticated, service_role;

-- A member holding the promoter role (a promoter link code is checked by the guest-list rules).
create or replace function private.is_promoter()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_member() and private.has_role(auth.uid(), 'promoter'::public.app_role)
$$;

revoke execute on function private.is_promoter() from public;
grant execute on function private.is_promoter() to anon, authenticated, service_role;

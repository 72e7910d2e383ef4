-- Two-step sign-in for admin actions. The venue may require that an admin's session was
-- completed with an authenticator-app code (TOTP): the session's access token then says
-- `aal: aal2`. With the setting on, every admin-only rule (each asks private.is_admin(): RLS
-- policies, security-definer functions, storage and Realtime authorization) treats an admin
-- whose session has only the password (aal1) as not an admin. Members are unaffected.

alter table public.venue_settings
  add column admin_requires_mfa boolean not null default false;

comment on column public.venue_settings.admin_requires_mfa is
  'When true, admin actions need a session completed with an authenticator code (JWT aal = aal2).';

grant update (admin_requires_mfa) on table public.venue_settings to authenticated;

-- Whether the caller's session is strong enough for admin actions under the venue's setting.
-- Security invoker: everyone may read the venue record, and it reads only that and the JWT.
create or replace function private.admin_assurance_met()
returns boolean
language sql
stable
set search_path = ''
as $$
  select not coalesce((select s.admin_requires_mfa from public.venue_settings s limit 1), false)
    or coalesce(auth.jwt() ->> 'aal', '') = 'aal2'
$$;

revoke execute on function private.admin_assurance_met() from public;
grant execute on function private.admin_assurance_met() to anon, authenticated, service_role;

-- An admin is a member holding the admin role whose session meets the venue's assurance
-- setting (latest definition before this: 20261123004001_anonymous_users_not_members.sql).
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_member()
    and private.has_role(auth.uid(), 'admin'::public.app_role)
    and private.admin_assurance_met()
$$;

revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Turning the requirement on is done from a session that already meets it, so the admin who
-- sets it has an authenticator enrolled and is not locked out by their own change. The
-- service role and the database owner (maintenance, seeding) may set it either way.
create or replace function private.guard_admin_mfa_setting()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.admin_requires_mfa
     and not old.admin_requires_mfa
     and coalesce(auth.jwt() ->> 'role', '') = 'authenticated'
     and coalesce(auth.jwt() ->> 'aal', '') <> 'aal2' then
    raise exception 'admin_mfa_needs_aal2'
      using errcode = '42501',
        detail = 'Sign in with your authenticator code before requiring it for admin actions.';
  end if;
  return new;
end
$$;

revoke execute on function private.guard_admin_mfa_setting() from public;

create trigger venue_settings_admin_mfa_guard
  before update of admin_requires_mfa on public.venue_settings
  for each row execute function private.guard_admin_mfa_setting();

-- A member who loses a role (an admin demoted) stops receiving what the role let them read at
-- once: their joined Realtime channels are authorized again (realtime.reauthorize_users, which
-- the backend provides; on hosted Supabase, Realtime checks the policies again itself when the
-- client refreshes its token).

create or replace function private.user_roles_changed()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if to_regprocedure('realtime.reauthorize_users(uuid[])') is not null then
    execute 'select realtime.reauthorize_users($1)' using array[old.user_id];
  end if;
  return null;
end
$$;

revoke execute on function private.user_roles_changed() from public;

create trigger user_roles_reauthorize_channels
  after delete or update on public.user_roles
  for each row execute function private.user_roles_changed();

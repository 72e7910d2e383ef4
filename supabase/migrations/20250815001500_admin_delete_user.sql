-- admin_delete_user(_user_id, _admin_id): an admin deletes a member's account:
-- every row of theirs and the auth user itself. The caller must be an admin,
-- must pass their own id as _admin_id, and cannot delete their own account.
-- (Members delete their own rows table by table through the delete policies.)

create or replace function private.admin_delete_user(_user_id uuid, _admin_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _caller uuid := auth.uid();
begin
  if _caller is null or not private.has_role(_caller, 'admin'::public.app_role) then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if _admin_id is distinct from _caller then
    raise exception 'Admin privileges required'
      using errcode = '42501', detail = '_admin_id must be the calling admin.';
  end if;
  if _user_id is null then
    raise exception 'A user id is required' using errcode = '22004';
  end if;
  if _user_id = _caller then
    raise exception 'You cannot delete your own admin account.' using errcode = 'P0001';
  end if;

  delete from public.song_votes where user_id = _user_id;
  delete from public.song_requests where user_id = _user_id;
  delete from public.dj_ratings where user_id = _user_id;
  delete from public.analytics where user_id = _user_id;
  delete from public.photo_wall where user_id = _user_id;
  delete from public.user_offers where user_id = _user_id;
  delete from public.event_bookings where user_id = _user_id;
  delete from public.user_roles where user_id = _user_id;
  delete from public.profiles where user_id = _user_id;
  delete from auth.users where id = _user_id;
end
$$;

revoke execute on function private.admin_delete_user(uuid, uuid) from public;
grant execute on function private.admin_delete_user(uuid, uuid) to authenticated;

-- The RPC the app calls (POST /rest/v1/rpc/admin_delete_user).
create or replace function public.admin_delete_user(_user_id uuid, _admin_id uuid)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.admin_delete_user(_user_id, _admin_id)
$$;

revoke execute on function public.admin_delete_user(uuid, uuid) from public, anon;
grant execute on function public.admin_delete_user(uuid, uuid) to authenticated;

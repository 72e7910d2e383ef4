-- A redemption cannot be undone by the member: members lose the delete policy
-- on user_offers (admins keep theirs), so redeeming, deleting and redeeming
-- again can no longer bypass the one-per-member rule or count the usage twice.
-- Deleting one's account data is one call instead, delete_my_account_data(),
-- which removes the member's rows from every table the privacy page lists
-- (redemptions included) in one transaction. The auth user stays, as before;
-- admin_delete_user removes it.

drop policy "Members can delete their own redemptions and admins can delete any redemption"
  on public.user_offers;

create policy "Admins can delete redemptions"
  on public.user_offers for delete to authenticated
  using ((select private.is_admin()));

create or replace function private.delete_my_account_data()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
begin
  if _uid is null then
    raise exception 'Sign in required' using errcode = '42501';
  end if;
  delete from public.photo_wall where user_id = _uid;
  delete from public.user_offers where user_id = _uid;
  delete from public.event_bookings where user_id = _uid;
  delete from public.analytics where user_id = _uid;
  delete from public.user_roles where user_id = _uid;
  delete from public.profiles where user_id = _uid;
end
$$;

revoke execute on function private.delete_my_account_data() from public;
grant execute on function private.delete_my_account_data() to authenticated;

-- The RPC the privacy page calls (POST /rest/v1/rpc/delete_my_account_data).
create or replace function public.delete_my_account_data()
returns void
language sql
volatile
set search_path = ''
as $$
  select private.delete_my_account_data()
$$;

revoke execute on function public.delete_my_account_data() from public, anon;
grant execute on function public.delete_my_account_data() to authenticated;

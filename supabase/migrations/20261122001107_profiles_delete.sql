-- A member no longer deletes their profile row on its own: deleting it and
-- inserting a new one would reset the birthday they may set only once.
-- Account deletion removes it with the rest of their data
-- (delete_my_account_data); admins keep their delete.

drop policy "Members can delete their own profile and admins can delete any profile"
  on public.profiles;

create policy "Admins can delete profiles"
  on public.profiles for delete to authenticated
  using ((select private.is_admin()));

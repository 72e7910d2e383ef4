-- Anonymous sign-ins get the `authenticated` role like every signed-in user, with
-- `is_anonymous: true` in their access token. They are not members: every capability
-- the app grants to members (profile, bookings, offers, photos, games, DJ ratings,
-- song requests and votes, uploads) needs a permanent account. What visitors may do
-- (read approved events, public files) stays open to them.

create or replace function private.is_member()
returns boolean
language sql
stable
set search_path = ''
as $$
  select auth.uid() is not null
    and coalesce((auth.jwt() ->> 'is_anonymous')::boolean, false) = false
$$;

revoke execute on function private.is_member() from public;
grant execute on function private.is_member() to anon, authenticated, service_role;

-- An admin is a member holding the admin role: a role granted to an anonymous user gives
-- it nothing (this covers every admin-only rule, events included).
create or replace function private.is_admin()
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select private.is_member() and private.has_role(auth.uid(), 'admin'::public.app_role)
$$;

revoke execute on function private.is_admin() from public;
grant execute on function private.is_admin() to anon, authenticated, service_role;

-- Restrictive policies are ANDed with the permissive ones already on each table.
create policy "Only members, not anonymous users"
  on public.user_roles as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.profiles as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.event_bookings as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.offers as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.user_offers as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.photo_wall as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.analytics as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.djs as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.dj_ratings as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.song_requests as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

create policy "Only members, not anonymous users"
  on public.song_votes as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

-- Files: public files stay readable by everyone; uploads, replacements and deletions
-- are for members.
create policy "Only members upload files, not anonymous users"
  on storage.objects as restrictive for insert to authenticated
  with check ((select private.is_member()));
create policy "Only members replace files, not anonymous users"
  on storage.objects as restrictive for update to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));
create policy "Only members delete files, not anonymous users"
  on storage.objects as restrictive for delete to authenticated
  using ((select private.is_member()));

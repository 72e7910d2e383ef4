-- The occasions a guest may pick when booking a table (Birthday, Anniversary, ...): the venue's
-- own list, edited by admins beside the other reservation settings. A reservation keeps the
-- occasion's text, so renaming or removing one never changes a booking already made.
alter table public.reservation_settings
  add column occasions text[] not null
    default array['Birthday', 'Anniversary', 'Date night', 'Business meal', 'Celebration']
    constraint reservation_settings_occasions_count check (cardinality(occasions) <= 12);

-- Each occasion is 1 to 60 characters (what a reservation's occasion holds), with no
-- surrounding spaces, and named once.
create or replace function private.occasions_valid(_occasions text[])
returns boolean
language sql
immutable
set search_path = ''
as $$
  select coalesce(bool_and(length(o) between 1 and 60 and o = btrim(o)), true)
     and count(distinct lower(o)) = count(o)
  from unnest(_occasions) as o
$$;

revoke execute on function private.occasions_valid(text[]) from public;
grant execute on function private.occasions_valid(text[]) to anon, authenticated, service_role;

alter table public.reservation_settings
  add constraint reservation_settings_occasions_valid check (private.occasions_valid(occasions));

comment on column public.reservation_settings.occasions is
  'Occasions offered when booking a table, in the order shown (at most 12, 1-60 characters each).';

grant update (occasions) on table public.reservation_settings to authenticated;

-- Visitors choose an occasion before they sign in: they read the list, and no other setting
-- (their column grant); members read every setting, as before.
grant select (id, occasions) on table public.reservation_settings to anon;
drop policy "Members can read the reservation settings" on public.reservation_settings;
create policy "Everyone can read the reservation settings" on public.reservation_settings
  for select to anon, authenticated using (true);

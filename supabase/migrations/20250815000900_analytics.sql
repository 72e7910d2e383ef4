-- analytics: members record (and may read or erase) their own events; admins
-- read them all.

create table public.analytics (
  id uuid primary key default gen_random_uuid(),
  user_id uuid default auth.uid() references auth.users (id) on delete cascade,
  event_type text not null
    constraint analytics_event_type_check check (event_type in ('offer_redeemed', 'photo_uploaded', 'booking_created')),
  event_data jsonb not null default '{}'::jsonb
    check (jsonb_typeof(event_data) = 'object' and length(event_data::text) <= 4096),
  created_at timestamptz not null default now()
);

comment on table public.analytics is 'App events (offer_redeemed, photo_uploaded, booking_created); admins read the latest 50.';

revoke all on table public.analytics from public, anon, authenticated;
grant select on table public.analytics to authenticated;
grant insert (user_id, event_type, event_data) on table public.analytics to authenticated;
grant delete on table public.analytics to authenticated;
grant all on table public.analytics to service_role;

alter table public.analytics enable row level security;

-- Members read their own rows (needed to delete them on account deletion).
create policy "Members can read their own analytics events and admins can read all"
  on public.analytics for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can record their own analytics events"
  on public.analytics for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Members can delete their own analytics events and admins can delete any"
  on public.analytics for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index analytics_created_at_idx on public.analytics (created_at desc);
create index analytics_user_id_idx on public.analytics (user_id);

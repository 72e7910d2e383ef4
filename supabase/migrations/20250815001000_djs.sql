-- djs: the lounge's DJs. Members read active DJs; admins manage them.
-- average_rating and total_ratings are kept by the dj_ratings trigger.

create table public.djs (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) between 1 and 120),
  bio text,
  genre_specialties text[] not null default '{}',
  average_rating numeric(3, 2) not null default 0 check (average_rating between 0 and 5),
  total_ratings integer not null default 0 check (total_ratings >= 0),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.djs is 'DJs; average_rating/total_ratings maintained from dj_ratings by trigger.';

revoke all on table public.djs from public, anon, authenticated;
grant select on table public.djs to authenticated;
grant insert (name, bio, genre_specialties, is_active) on table public.djs to authenticated;
grant update (name, bio, genre_specialties, is_active) on table public.djs to authenticated;
grant delete on table public.djs to authenticated;
grant all on table public.djs to service_role;

alter table public.djs enable row level security;

create policy "Members can read active DJs and admins can read all DJs"
  on public.djs for select to authenticated
  using (is_active or (select private.is_admin()));

create policy "Admins can add DJs"
  on public.djs for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can update DJs"
  on public.djs for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete DJs"
  on public.djs for delete to authenticated
  using ((select private.is_admin()));

create index djs_active_name_idx on public.djs (is_active, name);

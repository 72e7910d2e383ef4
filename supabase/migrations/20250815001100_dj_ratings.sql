-- dj_ratings: 1-5 stars, one per member per DJ per performance date
-- (duplicate -> 23505 'Already Rated'). A trigger keeps djs.average_rating and
-- djs.total_ratings right.

create table public.dj_ratings (
  id uuid primary key default gen_random_uuid(),
  dj_id uuid not null references public.djs (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  rating smallint not null constraint dj_ratings_rating_check check (rating between 1 and 5),
  comment text check (comment is null or length(comment) <= 1000),
  performance_date date not null
    default ((now() at time zone 'America/New_York') - interval '4 hours')::date,
  created_at timestamptz not null default now(),
  constraint dj_ratings_dj_id_user_id_performance_date_key unique (dj_id, user_id, performance_date)
);

comment on table public.dj_ratings is 'DJ ratings, one per member per DJ per performance date (duplicate -> 23505).';

revoke all on table public.dj_ratings from public, anon, authenticated;
grant select on table public.dj_ratings to authenticated;
grant insert (dj_id, user_id, rating, comment, performance_date) on table public.dj_ratings to authenticated;
grant delete on table public.dj_ratings to authenticated;
grant all on table public.dj_ratings to service_role;

alter table public.dj_ratings enable row level security;

create policy "Members can read DJ ratings"
  on public.dj_ratings for select to authenticated
  using (true);

create policy "Members can rate DJs as themselves"
  on public.dj_ratings for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and exists (select 1 from public.djs d where d.id = dj_id and d.is_active)
  );

create policy "Members can delete their own ratings and admins can delete any rating"
  on public.dj_ratings for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index dj_ratings_dj_id_created_at_idx on public.dj_ratings (dj_id, created_at desc);
create index dj_ratings_dj_id_performance_date_idx on public.dj_ratings (dj_id, performance_date);
create index dj_ratings_user_id_idx on public.dj_ratings (user_id);

-- An empty comment is stored as null.
create or replace function private.prepare_dj_rating()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.comment := nullif(btrim(new.comment), '');
  return new;
end
$$;

revoke execute on function private.prepare_dj_rating() from public;

create trigger dj_ratings_prepare
  before insert on public.dj_ratings
  for each row execute function private.prepare_dj_rating();

-- Recompute the DJ's aggregate from its ratings (the DJ row is locked by the
-- update, so concurrent ratings serialise on it).
create or replace function private.sync_dj_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _dj uuid;
begin
  for _dj in
    select distinct x from unnest(array[
      case when tg_op in ('UPDATE', 'DELETE') then old.dj_id end,
      case when tg_op in ('INSERT', 'UPDATE') then new.dj_id end
    ]) as t (x) where x is not null
  loop
    -- lock first, then count with a fresh snapshot
    perform 1 from public.djs d where d.id = _dj for update;
    update public.djs d
    set total_ratings = s.n,
        average_rating = s.avg
    from (
      select count(*)::integer as n, coalesce(round(avg(r.rating), 2), 0) as avg
      from public.dj_ratings r
      where r.dj_id = _dj
    ) s
    where d.id = _dj;
  end loop;
  return null;
end
$$;

revoke execute on function private.sync_dj_rating() from public;

create trigger dj_ratings_sync_dj
  after insert or update of rating, dj_id or delete on public.dj_ratings
  for each row execute function private.sync_dj_rating();

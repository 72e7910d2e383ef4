-- song_votes: one vote per member per request (duplicate -> 23505), at most 3
-- per member per night (P0001 'vote_limit_reached'). The limit is enforced
-- under concurrency twice over: a transaction-scoped advisory lock on the
-- member serialises their vote inserts so the count is exact, and every vote
-- takes one of three numbered slots per member per night (unique), so even
-- without the lock a 4th concurrent vote cannot commit. vote_count on the
-- request is kept by triggers (security definer: members cannot update
-- song_requests).

create table public.song_votes (
  song_request_id uuid not null references public.song_requests (id) on delete cascade,
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  -- both set by the prepare trigger (defaults only so clients may omit them)
  event_date date not null default ((now() at time zone 'America/New_York') - interval '4 hours')::date,
  slot smallint not null default 1 check (slot between 1 and 3),
  created_at timestamptz not null default now(),
  constraint song_votes_pkey primary key (song_request_id, user_id),
  constraint song_votes_user_night_slot_key unique (user_id, event_date, slot)
);

comment on table public.song_votes is 'Votes, one per member per request, 3 per member per night (P0001 vote_limit_reached).';

revoke all on table public.song_votes from public, anon, authenticated;
grant select on table public.song_votes to authenticated;
grant insert (song_request_id, user_id) on table public.song_votes to authenticated;
grant delete on table public.song_votes to authenticated;
grant all on table public.song_votes to service_role;

alter table public.song_votes enable row level security;

create policy "Members can read their own votes and admins can read all votes"
  on public.song_votes for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can vote as themselves"
  on public.song_votes for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Members can remove their own votes and admins can remove any vote"
  on public.song_votes for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

-- user_id is covered by the unique (user_id, event_date, slot) index.
create index song_votes_song_request_id_idx on public.song_votes (song_request_id);

-- Before a vote: lock the member, take the request's night, refuse a 4th
-- vote, pick the first free slot.
create or replace function private.prepare_song_vote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _used smallint[];
begin
  perform pg_advisory_xact_lock(hashtextextended('song_votes:' || new.user_id::text, 0));

  select r.event_date into new.event_date
  from public.song_requests r
  where r.id = new.song_request_id;

  if new.event_date is null then
    raise exception 'song_request_not_found'
      using errcode = '23503', detail = 'The song request does not exist.';
  end if;

  select coalesce(array_agg(v.slot), '{}') into _used
  from public.song_votes v
  where v.user_id = new.user_id and v.event_date = new.event_date;

  if exists (
    select 1 from public.song_votes v
    where v.user_id = new.user_id and v.song_request_id = new.song_request_id
  ) then
    -- a duplicate vote: let the primary key report 23505
    new.slot := 1;
    return new;
  end if;

  if cardinality(_used) >= 3 then
    raise exception 'vote_limit_reached'
      using errcode = 'P0001', detail = 'You can only vote for 3 songs per night.';
  end if;

  new.slot := (select min(s) from generate_series(1, 3) as s where s <> all (_used));
  return new;
end
$$;

revoke execute on function private.prepare_song_vote() from public;

create trigger song_votes_prepare
  before insert on public.song_votes
  for each row execute function private.prepare_song_vote();

create or replace function private.sync_song_vote_count()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    update public.song_requests r set vote_count = r.vote_count + 1 where r.id = new.song_request_id;
  else
    update public.song_requests r set vote_count = greatest(r.vote_count - 1, 0) where r.id = old.song_request_id;
  end if;
  return null;
end
$$;

revoke execute on function private.sync_song_vote_count() from public;

create trigger song_votes_sync_vote_count
  after insert or delete on public.song_votes
  for each row execute function private.sync_song_vote_count();

-- song_requests: tonight's lounge requests. Members add their own (title and
-- artist trimmed and non-empty, no profanity); requested_by_name comes from
-- the member's first name (auth metadata) or 'Anonymous', never from the
-- client; event_date is tonight's business date. Only admins change status.
-- vote_count is kept by the song_votes triggers.

create table public.song_requests (
  id uuid primary key default gen_random_uuid(),
  song_title text not null
    constraint song_requests_song_title_check check (length(song_title) between 1 and 200 and song_title = btrim(song_title)),
  artist text not null
    constraint song_requests_artist_check check (length(artist) between 1 and 200 and artist = btrim(artist)),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  requested_by_name text not null default 'Anonymous',
  status text not null default 'pending'
    constraint song_requests_status_check check (status in ('pending', 'approved', 'played', 'declined')),
  vote_count integer not null default 0 check (vote_count >= 0),
  event_date date not null default ((now() at time zone 'America/New_York') - interval '4 hours')::date,
  created_at timestamptz not null default now()
);

comment on table public.song_requests is 'Lounge song requests for a business night; profanity -> P0001 profanity_detected.';

-- requested_by_name is grantable only because the app sends it; the trigger
-- overwrites it. status is for the admins' update policy.
revoke all on table public.song_requests from public, anon, authenticated;
grant select on table public.song_requests to authenticated;
grant insert (song_title, artist, user_id, requested_by_name) on table public.song_requests to authenticated;
grant update (status) on table public.song_requests to authenticated;
grant delete on table public.song_requests to authenticated;
grant all on table public.song_requests to service_role;

alter table public.song_requests enable row level security;

create policy "Members can read song requests"
  on public.song_requests for select to authenticated
  using (true);

create policy "Members can request songs as themselves"
  on public.song_requests for insert to authenticated
  with check (user_id = (select auth.uid()) and status = 'pending' and vote_count = 0);

create policy "Admins can change the status of song requests"
  on public.song_requests for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Members can delete their own song requests and admins can delete any"
  on public.song_requests for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index song_requests_event_date_created_at_idx on public.song_requests (event_date, created_at);
create index song_requests_event_date_votes_idx on public.song_requests (event_date, vote_count desc, created_at);
create index song_requests_user_id_idx on public.song_requests (user_id);

-- Trim, refuse profanity, and name the requester from auth metadata
-- ('Anonymous' when there is no first name or it is not clean).
create or replace function private.prepare_song_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  new.song_title := btrim(coalesce(new.song_title, ''));
  new.artist := btrim(coalesce(new.artist, ''));

  if new.song_title = '' or new.artist = '' then
    raise exception 'song_title_and_artist_required'
      using errcode = '23514', detail = 'Song title and artist must not be empty.';
  end if;

  if private.contains_profanity(new.song_title) or private.contains_profanity(new.artist) then
    raise exception 'profanity_detected'
      using errcode = 'P0001', hint = 'Keep it Clean!', detail = 'The song title or artist contains a word we do not allow.';
  end if;

  if tg_op = 'INSERT' then
    -- the first name is user-editable metadata: show it only when it is clean
    select nullif(left(btrim(u.raw_user_meta_data ->> 'first_name'), 60), '')
    into new.requested_by_name
    from auth.users u
    where u.id = new.user_id;
    if new.requested_by_name is null or private.contains_profanity(new.requested_by_name) then
      new.requested_by_name := 'Anonymous';
    end if;
  end if;

  return new;
end
$$;

revoke execute on function private.prepare_song_request() from public;

create trigger song_requests_prepare
  before insert or update of song_title, artist on public.song_requests
  for each row execute function private.prepare_song_request();

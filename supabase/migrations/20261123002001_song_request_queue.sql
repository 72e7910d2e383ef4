-- The lounge's request queue.
--
-- Duplicates become votes: every request carries song_key, its title and
-- artist normalised (case, accents, punctuation, a leading "the", "feat."/
-- "ft." parts, extra spaces), unique per business night. public.request_song()
-- adds the member's vote to tonight's request for the same song instead of
-- making a second one; the unique key decides between concurrent requests.
--
-- The RPCs the app calls are public wrappers (security invoker) around the
-- security definer functions in private.
--
-- Queue states: pending (Requests, voted on), approved (Up Next, in the staff's
-- order: queue_position), playing (Now Playing, one per night), played (Played
-- Tonight, played_at), declined (seen by admins only). Admins move requests
-- between them with public.lounge_set_status() and public.lounge_move_up_next();
-- a trigger keeps the queue consistent whichever way the status changes.
--
-- Limits: private.requests_per_night() requests per member per night (P0001
-- 'request_limit_reached', same token in the hint); votes only on pending
-- requests (the vote trigger).

-- Venue setting: how many songs a member may request per night.
create or replace function private.requests_per_night()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 5
$$;

revoke execute on function private.requests_per_night() from public;
grant execute on function private.requests_per_night() to anon, authenticated, service_role;

-- One side (title or artist) of a song, normalised for comparison.
create or replace function private.song_key_part(_text text)
returns text
language plpgsql
immutable
set search_path = ''
as $fn$
declare
  _s text;
begin
  -- compatibility forms folded, accents (combining marks) dropped, lower case
  _s := lower(normalize(coalesce(_text, ''), NFKD));
  _s := regexp_replace(_s, '[\u0300-\u036f]', '', 'g');
  -- featured artists: "(feat. X)", "[ft. X]", or " feat. X" to the end
  _s := regexp_replace(_s, '[\(\[][[:space:]]*(feat|ft|featuring)\M\.?[^\)\]]*[\)\]]', ' ', 'g');
  _s := regexp_replace(_s, '(^|[[:space:]])(feat|ft|featuring)\M\.?([[:space:]].*)?$', ' ');
  _s := replace(_s, '&', ' and ');
  -- dots and apostrophes join ("R.E.M." = "REM", "Don't" = "Dont"), other punctuation separates
  _s := regexp_replace(_s, '[.''`\u2019]', '', 'g');
  _s := regexp_replace(_s, '[^[:alnum:]]+', ' ', 'g');
  _s := btrim(_s);
  _s := regexp_replace(_s, '^the ', '');
  return _s;
end
$fn$;

-- The night's identity of a song: normalised title and artist.
create or replace function private.song_key(_song_title text, _artist text)
returns text
language sql
immutable
set search_path = ''
as $$
  select private.song_key_part(_song_title) || ' | ' || private.song_key_part(_artist)
$$;

revoke execute on function private.song_key_part(text) from public;
revoke execute on function private.song_key(text, text) from public;
grant execute on function private.song_key_part(text) to authenticated, service_role;
grant execute on function private.song_key(text, text) to authenticated, service_role;

alter table public.song_requests
  add column song_key text,
  add column queue_position integer,
  add column played_at timestamptz;

comment on column public.song_requests.song_key is
  'Normalised title and artist, unique per night: a second request for the same song is a vote (public.request_song).';
comment on column public.song_requests.queue_position is
  'Place in Up Next (approved requests only), lowest first; kept by the queue trigger.';
comment on column public.song_requests.played_at is 'When the request was marked played.';

-- Existing requests: the first of each song per night keeps the key; later
-- duplicates keep song_key null (unique ignores nulls), so no request or vote
-- is lost. Every new or renamed request gets its key from the trigger.
update public.song_requests r
set song_key = private.song_key(r.song_title, r.artist)
where r.id in (
  select distinct on (x.event_date, private.song_key(x.song_title, x.artist)) x.id
  from public.song_requests x
  order by x.event_date, private.song_key(x.song_title, x.artist), x.created_at, x.id
);

alter table public.song_requests
  add constraint song_requests_song_key_required check (song_key is not null) not valid;
alter table public.song_requests
  add constraint song_requests_event_date_song_key_key unique (event_date, song_key);

-- The new status 'playing' (Now Playing).
alter table public.song_requests drop constraint song_requests_status_check;
alter table public.song_requests
  add constraint song_requests_status_check
  check (status in ('pending', 'approved', 'playing', 'played', 'declined'));

-- Existing approved requests join Up Next in request order; played ones get a time.
update public.song_requests r
set queue_position = q.n
from (
  select x.id, row_number() over (partition by x.event_date order by x.created_at, x.id)::integer as n
  from public.song_requests x
  where x.status = 'approved'
) q
where r.id = q.id;
update public.song_requests set played_at = created_at where status = 'played' and played_at is null;

alter table public.song_requests
  add constraint song_requests_queue_position_check
  check ((status = 'approved') = (queue_position is not null) and (queue_position is null or queue_position > 0));
-- deferred: swapping two places in one transaction passes through a duplicate
alter table public.song_requests
  add constraint song_requests_event_date_queue_position_key
  unique (event_date, queue_position) deferrable initially deferred;
create unique index song_requests_one_playing_idx
  on public.song_requests (event_date) where status = 'playing';

-- The key follows the title and artist (also on a rename by an admin).
create or replace function private.stamp_song_key()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.song_key := private.song_key(btrim(new.song_title), btrim(new.artist));
  return new;
end
$$;

revoke execute on function private.stamp_song_key() from public;

create trigger song_requests_song_key
  before insert or update of song_title, artist on public.song_requests
  for each row execute function private.stamp_song_key();

-- The per-night request limit holds for every request a member makes
-- (public.request_song and the REST insert alike: both run with the member's
-- id as auth.uid()); requests added by the venue itself (service role, seed,
-- migrations: no signed-in member) and by staff (admins) are not counted
-- against it. The member's
-- requests are serialised by a transaction-scoped advisory lock, so the count
-- is exact under concurrency.
create or replace function private.limit_song_requests()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _limit integer := private.requests_per_night();
  _used integer;
begin
  if auth.uid() is null or auth.uid() <> new.user_id or private.is_admin() then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('song_requests:' || new.user_id::text, 0));
  select count(*) into _used
  from public.song_requests r
  where r.user_id = new.user_id and r.event_date = new.event_date;
  if _used >= _limit then
    raise exception 'request_limit_reached'
      using errcode = 'P0001',
            hint = 'request_limit_reached',
            detail = format('You can request %s songs per night.', _limit);
  end if;
  return new;
end
$$;

revoke execute on function private.limit_song_requests() from public;

-- named to run after song_requests_prepare (triggers fire in name order), so
-- an empty or unclean request is refused for that first
create trigger song_requests_quota
  before insert on public.song_requests
  for each row execute function private.limit_song_requests();

-- Status changes keep the queue consistent: joining Up Next takes the last
-- place, leaving it frees the place; a new Now Playing moves the previous one
-- to Played Tonight; played requests get their time. The night's queue is
-- serialised by an advisory lock.
create or replace function private.song_request_transition()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = old.status then
    return new;
  end if;
  perform pg_advisory_xact_lock(hashtextextended('lounge_queue:' || new.event_date::text, 0));

  if new.status = 'approved' then
    select coalesce(max(r.queue_position), 0) + 1 into new.queue_position
    from public.song_requests r
    where r.event_date = new.event_date and r.status = 'approved';
  else
    new.queue_position := null;
  end if;

  new.played_at := case when new.status = 'played' then now() end;

  if new.status = 'playing' then
    update public.song_requests r
    set status = 'played'
    where r.event_date = new.event_date and r.status = 'playing' and r.id <> new.id;
  end if;
  return new;
end
$$;

revoke execute on function private.song_request_transition() from public;

create trigger song_requests_transition
  before update of status on public.song_requests
  for each row execute function private.song_request_transition();

-- Declined requests are seen by admins only.
drop policy "Members can read song requests" on public.song_requests;
create policy "Members can read song requests that are not declined and admins all"
  on public.song_requests for select to authenticated
  using (status <> 'declined' or (select private.is_admin()));

create index song_requests_user_id_event_date_idx on public.song_requests (user_id, event_date);

-- A request as members see it (the columns their select returns).
create or replace function private.song_request_json(_r public.song_requests)
returns jsonb
language sql
stable
set search_path = ''
as $$
  select jsonb_build_object(
    'id', _r.id,
    'song_title', _r.song_title,
    'artist', _r.artist,
    'user_id', _r.user_id,
    'requested_by_name', _r.requested_by_name,
    'status', _r.status,
    'vote_count', _r.vote_count,
    'event_date', _r.event_date,
    'created_at', _r.created_at,
    'song_key', _r.song_key,
    'queue_position', _r.queue_position,
    'played_at', _r.played_at
  )
$$;

revoke execute on function private.song_request_json(public.song_requests) from public;

-- Requests a song for tonight, or votes for it when it is already on tonight's
-- list. Returns {outcome, request}: outcome 'created' (a new request),
-- 'voted' (the member's vote was added to the existing one), 'already_voted',
-- 'vote_limit_reached' (the member has no votes left; the request is
-- unchanged), 'closed' (the song is already up next, playing or played; votes
-- are only taken on pending requests) or 'unavailable' (declined tonight; no
-- request is returned). Empty values (23514), profanity (P0001
-- profanity_detected) and the nightly request limit (P0001
-- request_limit_reached) are refused as errors.
create or replace function private.request_song(_song_title text, _artist text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _night date := private.business_date();
  _title text := btrim(coalesce(_song_title, ''));
  _artist_name text := btrim(coalesce(_artist, ''));
  _key text;
  _req public.song_requests;
  _attempt integer := 0;
  _hint text;
begin
  if _uid is null then
    raise exception 'not_signed_in' using errcode = '42501', detail = 'Sign in to request songs.';
  end if;
  if _title = '' or _artist_name = '' then
    raise exception 'song_title_and_artist_required'
      using errcode = '23514', detail = 'Song title and artist must not be empty.';
  end if;
  _key := private.song_key(_title, _artist_name);

  loop
    _attempt := _attempt + 1;
    select * into _req from public.song_requests r where r.event_date = _night and r.song_key = _key;
    exit when found;
    -- a concurrent request for the same song waits here for the other to
    -- commit, then finds it on the next pass
    insert into public.song_requests (song_title, artist, user_id)
    values (_title, _artist_name, _uid)
    on conflict (event_date, song_key) do nothing
    returning * into _req;
    if found then
      return jsonb_build_object('outcome', 'created', 'request', private.song_request_json(_req));
    end if;
    if _attempt >= 3 then
      raise exception 'request_conflict'
        using errcode = '40001', detail = 'The song was requested concurrently; try again.';
    end if;
  end loop;

  if _req.status = 'declined' then
    return jsonb_build_object('outcome', 'unavailable', 'request', null);
  end if;
  if exists (
    select 1 from public.song_votes v where v.song_request_id = _req.id and v.user_id = _uid
  ) then
    return jsonb_build_object('outcome', 'already_voted', 'request', private.song_request_json(_req));
  end if;
  if _req.status <> 'pending' then
    return jsonb_build_object('outcome', 'closed', 'request', private.song_request_json(_req));
  end if;

  begin
    insert into public.song_votes (song_request_id, user_id) values (_req.id, _uid);
  exception
    when unique_violation then
      return jsonb_build_object('outcome', 'already_voted', 'request', private.song_request_json(_req));
    when raise_exception then
      get stacked diagnostics _hint = pg_exception_hint;
      if _hint = 'vote_limit_reached' then
        return jsonb_build_object('outcome', 'vote_limit_reached', 'request', private.song_request_json(_req));
      elsif _hint = 'song_request_closed' then
        select * into _req from public.song_requests r where r.id = _req.id;
        return jsonb_build_object('outcome', 'closed', 'request', private.song_request_json(_req));
      end if;
      raise;
  end;

  select * into _req from public.song_requests r where r.id = _req.id;
  return jsonb_build_object('outcome', 'voted', 'request', private.song_request_json(_req));
end
$$;

revoke execute on function private.request_song(text, text) from public;
grant execute on function private.request_song(text, text) to authenticated, service_role;

create or replace function public.request_song(_song_title text, _artist text)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.request_song(_song_title, _artist)
$$;

revoke execute on function public.request_song(text, text) from public, anon;
grant execute on function public.request_song(text, text) to authenticated, service_role;

-- Staff: move a request to another state (approved = Up Next, playing = Now
-- Playing, played, declined, pending = back to Requests). Admins only (42501).
create or replace function private.lounge_set_status(_request_id uuid, _status text)
returns void
language plpgsql
security definer
set search_path = ''
as $$
begin
  if not private.is_admin() then
    raise exception 'admin_only' using errcode = '42501', detail = 'Only staff can change the queue.';
  end if;
  update public.song_requests r set status = _status where r.id = _request_id;
  if not found then
    raise exception 'song_request_not_found'
      using errcode = 'P0002', detail = 'The song request does not exist.';
  end if;
end
$$;

revoke execute on function private.lounge_set_status(uuid, text) from public;
grant execute on function private.lounge_set_status(uuid, text) to authenticated, service_role;

create or replace function public.lounge_set_status(_request_id uuid, _status text)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.lounge_set_status(_request_id, _status)
$$;

revoke execute on function public.lounge_set_status(uuid, text) from public, anon;
grant execute on function public.lounge_set_status(uuid, text) to authenticated, service_role;

-- Staff: move an Up Next request one place earlier (_offset -1) or later (+1),
-- swapping with its neighbour; at either end nothing changes. Admins only.
create or replace function private.lounge_move_up_next(_request_id uuid, _offset integer)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _req public.song_requests;
  _other public.song_requests;
begin
  if not private.is_admin() then
    raise exception 'admin_only' using errcode = '42501', detail = 'Only staff can change the queue.';
  end if;
  if _offset is null or _offset not in (-1, 1) then
    raise exception 'invalid_offset' using errcode = '22023', detail = 'The offset is -1 (up) or 1 (down).';
  end if;
  select * into _req from public.song_requests r where r.id = _request_id;
  if not found then
    raise exception 'song_request_not_found'
      using errcode = 'P0002', detail = 'The song request does not exist.';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('lounge_queue:' || _req.event_date::text, 0));
  -- read again under the lock
  select * into _req from public.song_requests r where r.id = _request_id;
  if _req.status <> 'approved' then
    raise exception 'not_up_next'
      using errcode = 'P0001', hint = 'not_up_next', detail = 'Only Up Next requests can be moved.';
  end if;
  select * into _other
  from public.song_requests r
  where r.event_date = _req.event_date and r.status = 'approved'
    and case when _offset < 0 then r.queue_position < _req.queue_position
             else r.queue_position > _req.queue_position end
  order by case when _offset < 0 then -r.queue_position else r.queue_position end
  limit 1;
  if not found then
    return;
  end if;
  update public.song_requests r set queue_position = _other.queue_position where r.id = _req.id;
  update public.song_requests r set queue_position = _req.queue_position where r.id = _other.id;
end
$$;

revoke execute on function private.lounge_move_up_next(uuid, integer) from public;
grant execute on function private.lounge_move_up_next(uuid, integer) to authenticated, service_role;

create or replace function public.lounge_move_up_next(_request_id uuid, _offset integer)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.lounge_move_up_next(_request_id, _offset)
$$;

revoke execute on function public.lounge_move_up_next(uuid, integer) from public, anon;
grant execute on function public.lounge_move_up_next(uuid, integer) to authenticated, service_role;

-- The nightly vote limit reads private.votes_per_night(). A vote over the
-- limit is refused with P0001 'vote_limit_reached' and the same token in the
-- hint, which clients match on (the message and detail are for people).
-- Votes go only to open requests: a vote on a request that is no longer
-- pending (approved, played or declined) is refused with P0001
-- 'song_request_closed' (same token in the hint). Removing one's vote stays
-- possible whatever the status.

alter table public.song_votes drop constraint song_votes_slot_check;
alter table public.song_votes
  add constraint song_votes_slot_check check (slot between 1 and private.votes_per_night());

comment on table public.song_votes is
  'Votes, one per member per request, private.votes_per_night() per member per night (P0001, hint vote_limit_reached).';

-- Before a vote: lock the member, take the request's night and status, refuse
-- a vote on a closed request or over the limit, pick the first free slot.
create or replace function private.prepare_song_vote()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _limit integer := private.votes_per_night();
  _status text;
  _used smallint[];
begin
  perform pg_advisory_xact_lock(hashtextextended('song_votes:' || new.user_id::text, 0));

  select r.event_date, r.status into new.event_date, _status
  from public.song_requests r
  where r.id = new.song_request_id;

  if new.event_date is null then
    raise exception 'song_request_not_found'
      using errcode = '23503', detail = 'The song request does not exist.';
  end if;

  if _status <> 'pending' then
    raise exception 'song_request_closed'
      using errcode = 'P0001',
            hint = 'song_request_closed',
            detail = 'Votes are only taken on pending requests.';
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

  if cardinality(_used) >= _limit then
    raise exception 'vote_limit_reached'
      using errcode = 'P0001',
            hint = 'vote_limit_reached',
            detail = format('You can only vote for %s songs per night.', _limit);
  end if;

  new.slot := (select min(s) from generate_series(1, _limit) as s where s <> all (_used));
  return new;
end
$$;

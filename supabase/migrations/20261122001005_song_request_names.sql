-- The requester name shown with a song request is the member's first name
-- from their profile, set by the trigger on insert ('Anonymous' when there is
-- none or it is not clean). Whatever a client sends in requested_by_name is
-- overwritten; the column stays in the insert grant only so that older
-- clients that still send it are not refused.

comment on column public.song_requests.requested_by_name is
  'The requester''s first name from public.profiles at request time, or Anonymous; set by the trigger.';

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
    select nullif(left(btrim(p.first_name), 60), '')
    into new.requested_by_name
    from public.profiles p
    where p.user_id = new.user_id;
    if new.requested_by_name is null or private.contains_profanity(new.requested_by_name) then
      new.requested_by_name := 'Anonymous';
    end if;
  end if;

  return new;
end
$$;

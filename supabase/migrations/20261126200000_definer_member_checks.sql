-- Every security-definer function that acts for a member checks that the caller is one:
-- a signed-in user with a permanent account (private.is_member()), never an anonymous
-- session, which has the authenticated role too. Admin-only functions check
-- private.is_admin(), which includes it. The Realtime read policy of the app's private topics
-- checks it as well, so an anonymous session receives nothing that REST hides from it.

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
  if _uid is null or not private.is_member() then
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

create or replace function private.cancel_booking(booking_id uuid)
returns event_bookings
language plpgsql
security definer
set search_path = ''
as $$
declare
  b public.event_bookings;
begin
  if not private.is_member() then
    raise exception 'Sign in required' using errcode = '42501';
  end if;
  select * into b from public.event_bookings x
  where x.id = booking_id and x.user_id = auth.uid()
  for update;
  if not found or not private.booking_cancellable(b) then
    raise exception 'This booking can no longer be cancelled' using errcode = 'P0001';
  end if;
  update public.event_bookings x set status = 'cancelled' where x.id = b.id returning * into b;
  return b;
end
$$;

create or replace function private.increment_offer_usage(_offer_id uuid)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _count integer;
begin
  if _uid is null or not private.is_member() then
    raise exception 'Sign in required' using errcode = '42501';
  end if;

  update public.user_offers uo
  set usage_counted = true
  where uo.user_id = _uid and uo.offer_id = _offer_id and not uo.usage_counted;

  if found then
    update public.offers o
    set usage_count = o.usage_count + 1
    where o.id = _offer_id
    returning o.usage_count into _count;
    return _count;
  end if;

  if not exists (select 1 from public.user_offers uo where uo.user_id = _uid and uo.offer_id = _offer_id) then
    raise exception 'offer_not_redeemed'
      using errcode = 'P0001', detail = 'Redeem the offer before counting its usage.';
  end if;

  select o.usage_count into _count from public.offers o where o.id = _offer_id;
  return _count;
end
$$;

create or replace function private.admin_delete_user(_user_id uuid, _admin_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _caller uuid := auth.uid();
begin
  if _caller is null or not private.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if _admin_id is distinct from _caller then
    raise exception 'Admin privileges required'
      using errcode = '42501', detail = '_admin_id must be the calling admin.';
  end if;
  if _user_id is null then
    raise exception 'A user id is required' using errcode = '22004';
  end if;
  if _user_id = _caller then
    raise exception 'You cannot delete your own admin account.' using errcode = 'P0001';
  end if;

  delete from public.song_votes where user_id = _user_id;
  delete from public.song_requests where user_id = _user_id;
  delete from public.dj_ratings where user_id = _user_id;
  delete from public.analytics where user_id = _user_id;
  delete from public.photo_wall where user_id = _user_id;
  delete from public.user_offers where user_id = _user_id;
  delete from public.event_bookings where user_id = _user_id;
  delete from public.user_roles where user_id = _user_id;
  delete from public.profiles where user_id = _user_id;
  delete from auth.users where id = _user_id;
end
$$;

-- Deleting one's account ends it: the data and the login go together.
create or replace function private.delete_my_account_data()
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
begin
  if _uid is null or not private.is_member() then
    raise exception 'Sign in required' using errcode = '42501';
  end if;
  delete from public.photo_wall where user_id = _uid;
  delete from public.user_offers where user_id = _uid;
  delete from public.event_bookings where user_id = _uid;
  delete from public.analytics where user_id = _uid;
  delete from public.user_roles where user_id = _uid;
  delete from public.song_votes where user_id = _uid;
  delete from public.song_requests where user_id = _uid;
  delete from public.dj_ratings where user_id = _uid;
  delete from public.profiles where user_id = _uid;
  -- the account ends with its data: a login left behind would start a new profile that sets a
  -- birthday again and redeems the once-only offers a second time
  delete from auth.users where id = _uid;
end
$$;

drop policy "Members join the lounge, their own topic, admins the admin counts" on realtime.messages;
create policy "Members join the lounge, their own topic, admins the admin counts"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select private.is_member())
    and (
      (select realtime.topic()) = 'lounge:requests'
      or (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or ((select realtime.topic()) = 'admin:counts' and (select private.is_admin()))
    )
  );

-- Live lounge: triggers broadcast every change from the database
-- (realtime.send, private channels), carrying the data the clients need to
-- patch what they show, so no member refetches on a change.
--
-- Topics and events:
--   lounge:requests  (every member)
--     request_upsert   {request}   a request was added or changed (votes, status, place)
--     request_removed  {id}        deleted or declined: only the id, never its content
--     dj_upsert        {dj}        a DJ was added or changed (the live DJ's rating too)
--     dj_removed       {id}
--     review_added     {review}    a new DJ rating
--     review_removed   {id, dj_id}
--   user:<uid>       (only that member)
--     request_playing  {request}   the member's request is playing now
--   admin:counts     (admins)
--     counts           {users, pendingEvents, pendingBookings, pendingPhotos}
--
-- Payloads hold what the receivers may select anyway (requests that are not
-- declined, DJs, ratings); never votes, voter ids or e-mail addresses.
-- Who may join which topic is decided by the select policy on
-- realtime.messages below; nobody may send on these topics from a client (no
-- insert policy).

create or replace function private.broadcast_song_request()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(jsonb_build_object('id', old.id), 'request_removed', 'lounge:requests', true);
    return null;
  end if;
  if new.status = 'declined' then
    if tg_op = 'UPDATE' and old.status <> 'declined' then
      perform realtime.send(jsonb_build_object('id', new.id), 'request_removed', 'lounge:requests', true);
    end if;
    return null;
  end if;
  perform realtime.send(
    jsonb_build_object('request', private.song_request_json(new)),
    'request_upsert',
    'lounge:requests',
    true
  );
  if new.status = 'playing' and (tg_op = 'INSERT' or old.status <> 'playing') then
    perform realtime.send(
      jsonb_build_object('request', private.song_request_json(new)),
      'request_playing',
      'user:' || new.user_id::text,
      true
    );
  end if;
  return null;
end
$$;

revoke execute on function private.broadcast_song_request() from public;

create trigger song_requests_broadcast
  after insert or delete on public.song_requests
  for each row execute function private.broadcast_song_request();

create trigger song_requests_broadcast_update
  after update on public.song_requests
  for each row
  when (old.* is distinct from new.*)
  execute function private.broadcast_song_request();

create or replace function private.broadcast_dj()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(jsonb_build_object('id', old.id), 'dj_removed', 'lounge:requests', true);
  else
    perform realtime.send(
      jsonb_build_object('dj', jsonb_build_object(
        'id', new.id,
        'name', new.name,
        'bio', new.bio,
        'genre_specialties', new.genre_specialties,
        'average_rating', new.average_rating,
        'total_ratings', new.total_ratings,
        'is_active', new.is_active,
        'created_at', new.created_at
      )),
      'dj_upsert',
      'lounge:requests',
      true
    );
  end if;
  return null;
end
$$;

revoke execute on function private.broadcast_dj() from public;

create trigger djs_broadcast
  after insert or delete on public.djs
  for each row execute function private.broadcast_dj();

create trigger djs_broadcast_update
  after update on public.djs
  for each row
  when (old.* is distinct from new.*)
  execute function private.broadcast_dj();

create or replace function private.broadcast_dj_rating()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op = 'DELETE' then
    perform realtime.send(
      jsonb_build_object('id', old.id, 'dj_id', old.dj_id),
      'review_removed',
      'lounge:requests',
      true
    );
  else
    perform realtime.send(
      jsonb_build_object('review', jsonb_build_object(
        'id', new.id,
        'dj_id', new.dj_id,
        'user_id', new.user_id,
        'rating', new.rating,
        'comment', new.comment,
        'performance_date', new.performance_date,
        'rated_on', new.rated_on,
        'created_at', new.created_at
      )),
      'review_added',
      'lounge:requests',
      true
    );
  end if;
  return null;
end
$$;

revoke execute on function private.broadcast_dj_rating() from public;

create trigger dj_ratings_broadcast
  after insert or delete on public.dj_ratings
  for each row execute function private.broadcast_dj_rating();

-- The admin dashboard's figures, sent whole after any statement that may
-- change one of them (one message per statement, not per row).
create or replace function private.admin_counts()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'users', (select count(*) from public.profiles),
    'pendingEvents', (select count(*) from public.events e where not e.is_approved),
    'pendingBookings', (select count(*) from public.event_bookings b where b.status = 'pending'),
    'pendingPhotos', (select count(*) from public.photo_wall p where not p.is_approved)
  )
$$;

revoke execute on function private.admin_counts() from public;

create or replace function private.broadcast_admin_counts()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(private.admin_counts(), 'counts', 'admin:counts', true);
  return null;
end
$$;

revoke execute on function private.broadcast_admin_counts() from public;

create trigger profiles_broadcast_admin_counts
  after insert or delete on public.profiles
  for each statement execute function private.broadcast_admin_counts();
create trigger events_broadcast_admin_counts
  after insert or delete or update of is_approved on public.events
  for each statement execute function private.broadcast_admin_counts();
create trigger event_bookings_broadcast_admin_counts
  after insert or delete or update of status on public.event_bookings
  for each statement execute function private.broadcast_admin_counts();
create trigger photo_wall_broadcast_admin_counts
  after insert or delete or update of is_approved on public.photo_wall
  for each statement execute function private.broadcast_admin_counts();

-- Who may join which private topic (checked when a socket joins, with
-- realtime.topic() naming the topic): every signed-in member the lounge,
-- each member their own user topic, admins the admin counts.
create policy "Members join the lounge, their own topic, admins the admin counts"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (
      (select realtime.topic()) = 'lounge:requests'
      or (select realtime.topic()) = 'user:' || (select auth.uid())::text
      or ((select realtime.topic()) = 'admin:counts' and (select private.is_admin()))
    )
  );

-- Actions a device may send more than once.
--
-- A phone on bad Wi-Fi keeps what the member did offline and sends it when the
-- connection returns; it may send it again when an answer was lost on the way.
-- Every such action carries an id the device made (a uuid, its client id), and
-- the database treats that id as an idempotency key: private.client_actions holds
-- one row per member and client id with what the action returned, so a replay
-- returns the first answer and does nothing else. A song requested twice is
-- stored once; a vote replayed after it counted (even after the member removed
-- it again) is not counted again. Concurrent replays of one id wait on the row's
-- key until the first commits, then read its answer. A refused action (vote
-- limit, profanity, request limit: raised as errors with their usual codes and
-- texts) leaves no row, so its replay is decided afresh.
--
-- The table is shared by every kind of queued action (kind names it), private,
-- and reached only through the security definer functions below. Rows older
-- than a week are cleared as the member acts: no device holds an action longer.

create table private.client_actions (
  user_id uuid not null references auth.users (id) on delete cascade,
  client_id uuid not null,
  kind text not null check (kind ~ '^[a-z_]{1,40}$'),
  result jsonb,
  created_at timestamptz not null default now(),
  constraint client_actions_pkey primary key (user_id, client_id)
);

comment on table private.client_actions is
  'Idempotency keys of actions sent by devices (one per member and client id) with their first answer.';

revoke all on table private.client_actions from public, anon, authenticated;
grant all on table private.client_actions to service_role;

create index client_actions_user_id_created_at_idx on private.client_actions (user_id, created_at);

-- Claims the caller's client id for an action of the given kind. Returns null
-- when the id is new (the caller acts, then stores its answer with
-- private.client_action_done), or the stored answer when the id was used
-- before. The same id for another kind of action is refused (22023).
create or replace function private.client_action_begin(_client_id uuid, _kind text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _row private.client_actions;
begin
  if _uid is null or not private.is_member() then
    raise exception 'not_signed_in' using errcode = '42501', detail = 'Sign in first.';
  end if;
  if _client_id is null then
    raise exception 'client_id_required'
      using errcode = '22004', detail = 'Every queued action carries a client id.';
  end if;

  insert into private.client_actions (user_id, client_id, kind)
  values (_uid, _client_id, _kind)
  on conflict (user_id, client_id) do nothing;
  if found then
    delete from private.client_actions a
    where a.user_id = _uid and a.created_at < now() - interval '7 days';
    return null;
  end if;

  select * into _row from private.client_actions a
  where a.user_id = _uid and a.client_id = _client_id;
  if _row.kind <> _kind then
    raise exception 'client_id_reused'
      using errcode = '22023', detail = 'This client id was used for another action.';
  end if;
  return coalesce(_row.result, '{}'::jsonb) || jsonb_build_object('replayed', true);
end
$$;

revoke execute on function private.client_action_begin(uuid, text) from public;

-- Stores the answer of the caller's action under its client id.
create or replace function private.client_action_done(_client_id uuid, _result jsonb)
returns jsonb
language sql
security definer
set search_path = ''
as $$
  update private.client_actions a set result = _result
  where a.user_id = auth.uid() and a.client_id = _client_id;
  select _result;
$$;

revoke execute on function private.client_action_done(uuid, jsonb) from public;

-- A song request sent with a client id: public.request_song's rules and answer
-- ({outcome, request}), once per id.
create or replace function private.lounge_request_song(_client_id uuid, _song_title text, _artist text)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _done jsonb;
begin
  _done := private.client_action_begin(_client_id, 'song_request');
  if _done is not null then
    return _done;
  end if;
  return private.client_action_done(_client_id, private.request_song(_song_title, _artist));
end
$$;

revoke execute on function private.lounge_request_song(uuid, text, text) from public;
grant execute on function private.lounge_request_song(uuid, text, text) to authenticated, service_role;

-- A vote sent with a client id: {outcome: 'voted' | 'already_voted', vote_count}.
-- The vote trigger's refusals stand (P0001 vote_limit_reached over the nightly
-- limit, P0001 song_request_closed when the request is no longer open, 23503
-- when it does not exist), with their texts.
create or replace function private.lounge_vote(_client_id uuid, _song_request_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _done jsonb;
  _outcome text := 'voted';
begin
  _done := private.client_action_begin(_client_id, 'song_vote');
  if _done is not null then
    return _done;
  end if;
  begin
    insert into public.song_votes (song_request_id, user_id) values (_song_request_id, _uid);
  exception
    when unique_violation then
      _outcome := 'already_voted';
  end;
  return private.client_action_done(
    _client_id,
    jsonb_build_object(
      'outcome', _outcome,
      'song_request_id', _song_request_id,
      'vote_count', (select r.vote_count from public.song_requests r where r.id = _song_request_id)
    )
  );
end
$$;

revoke execute on function private.lounge_vote(uuid, uuid) from public;
grant execute on function private.lounge_vote(uuid, uuid) to authenticated, service_role;

-- A vote removal sent with a client id: {outcome: 'removed' | 'not_voted', vote_count}.
create or replace function private.lounge_remove_vote(_client_id uuid, _song_request_id uuid)
returns jsonb
language plpgsql
security definer
set search_path = ''
as $$
declare
  _uid uuid := auth.uid();
  _done jsonb;
  _outcome text := 'removed';
begin
  _done := private.client_action_begin(_client_id, 'song_vote_removal');
  if _done is not null then
    return _done;
  end if;
  delete from public.song_votes v where v.song_request_id = _song_request_id and v.user_id = _uid;
  if not found then
    _outcome := 'not_voted';
  end if;
  return private.client_action_done(
    _client_id,
    jsonb_build_object(
      'outcome', _outcome,
      'song_request_id', _song_request_id,
      'vote_count', (select r.vote_count from public.song_requests r where r.id = _song_request_id)
    )
  );
end
$$;

revoke execute on function private.lounge_remove_vote(uuid, uuid) from public;
grant execute on function private.lounge_remove_vote(uuid, uuid) to authenticated, service_role;

-- The API entry points: security invoker wrappers, members only.
create or replace function public.lounge_request_song(_client_id uuid, _song_title text, _artist text)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.lounge_request_song(_client_id, _song_title, _artist)
$$;

create or replace function public.lounge_vote(_client_id uuid, _song_request_id uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.lounge_vote(_client_id, _song_request_id)
$$;

create or replace function public.lounge_remove_vote(_client_id uuid, _song_request_id uuid)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.lounge_remove_vote(_client_id, _song_request_id)
$$;

revoke execute on function public.lounge_request_song(uuid, text, text) from public, anon;
grant execute on function public.lounge_request_song(uuid, text, text) to authenticated, service_role;
revoke execute on function public.lounge_vote(uuid, uuid) from public, anon;
grant execute on function public.lounge_vote(uuid, uuid) to authenticated, service_role;
revoke execute on function public.lounge_remove_vote(uuid, uuid) from public, anon;
grant execute on function public.lounge_remove_vote(uuid, uuid) to authenticated, service_role;

-- "Your song is playing" as a Web Push notification, for a member whose app is
-- in the background or closed.
--
-- A member's browser subscribes to push (the browser vendor's push service gives
-- it an endpoint and keys) and stores the subscription here: one row per member
-- and endpoint, readable and removable by that member only. When a member's
-- request starts playing (the same change that sends the in-app notice on the
-- member's own Realtime topic), a message is queued in private.push_outbox for
-- each member with a subscription. The push-notifications edge function, run on
-- a timer with the service role, claims the due messages with
-- public.claim_push_messages(), sends them (Web Push, signed with the venue's
-- VAPID keys) and reports each with public.complete_push_message() (public
-- wrappers of the private security definer functions), which drops
-- the subscriptions the push service said are gone. A message nobody could send
-- within 10 minutes is dropped: the song is over by then.

create table public.push_subscriptions (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  endpoint text not null check (endpoint ~ '^https://' and length(endpoint) <= 2000),
  p256dh text not null check (length(p256dh) between 1 and 200),
  auth text not null check (length(auth) between 1 and 100),
  created_at timestamptz not null default now(),
  constraint push_subscriptions_user_endpoint_key unique (user_id, endpoint)
);

comment on table public.push_subscriptions is
  'Web Push subscriptions, one per member and browser endpoint (the member''s own only).';

revoke all on table public.push_subscriptions from public, anon, authenticated;
grant select, delete on table public.push_subscriptions to authenticated;
grant insert (endpoint, p256dh, auth) on table public.push_subscriptions to authenticated;
grant all on table public.push_subscriptions to service_role;

alter table public.push_subscriptions enable row level security;

create policy "Members can read their own push subscriptions"
  on public.push_subscriptions for select to authenticated
  using (user_id = (select auth.uid()));

create policy "Members can add their own push subscriptions"
  on public.push_subscriptions for insert to authenticated
  with check (user_id = (select auth.uid()));

create policy "Members can remove their own push subscriptions"
  on public.push_subscriptions for delete to authenticated
  using (user_id = (select auth.uid()));

create policy "Only members, not anonymous users"
  on public.push_subscriptions as restrictive for all to authenticated
  using ((select private.is_member())) with check ((select private.is_member()));

-- user_id is covered by the unique (user_id, endpoint) index.

create table private.push_outbox (
  id bigint generated always as identity primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  payload jsonb not null,
  created_at timestamptz not null default now(),
  attempts integer not null default 0,
  claimed_until timestamptz,
  sent_at timestamptz
);

comment on table private.push_outbox is 'Push notifications waiting to be sent (see public.claim_push_messages).';

revoke all on table private.push_outbox from public, anon, authenticated;
grant all on table private.push_outbox to service_role;

create index push_outbox_due_idx on private.push_outbox (created_at) where sent_at is null;
create index push_outbox_user_id_idx on private.push_outbox (user_id);

-- A request starts playing: its member is told, if they have a push subscription.
create or replace function private.queue_playing_push()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.status = 'playing' and (tg_op = 'INSERT' or old.status <> 'playing')
     and exists (select 1 from public.push_subscriptions s where s.user_id = new.user_id) then
    insert into private.push_outbox (user_id, payload)
    values (
      new.user_id,
      jsonb_build_object(
        'kind', 'request_playing',
        'title', '🎶 Your Request Is Playing Now!',
        'body', format('%s by %s is on right now', new.song_title, new.artist),
        'url', '/song-requests',
        'request_id', new.id
      )
    );
  end if;
  return null;
end
$$;

revoke execute on function private.queue_playing_push() from public;

create trigger song_requests_push_playing
  after insert or update of status on public.song_requests
  for each row execute function private.queue_playing_push();

-- The sender's side (service role only): due messages with the member's
-- subscriptions, each claimed for 2 minutes so overlapping runs never send one twice.
create or replace function private.claim_push_messages(_limit integer default 50)
returns table (message_id bigint, payload jsonb, subscriptions jsonb)
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- too late to be worth sending
  update private.push_outbox o set sent_at = now()
  where o.sent_at is null and o.created_at < now() - interval '10 minutes';

  return query
  with due as (
    select o.id from private.push_outbox o
    where o.sent_at is null and (o.claimed_until is null or o.claimed_until < now())
    order by o.created_at
    limit greatest(coalesce(_limit, 50), 1)
    for update skip locked
  ), claimed as (
    update private.push_outbox o
    set claimed_until = now() + interval '2 minutes', attempts = o.attempts + 1
    from due where o.id = due.id
    returning o.id, o.user_id, o.payload
  )
  select c.id, c.payload,
         coalesce((select jsonb_agg(jsonb_build_object(
                    'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth) order by s.created_at)
                   from public.push_subscriptions s where s.user_id = c.user_id), '[]'::jsonb)
  from claimed c;
end
$$;

revoke execute on function private.claim_push_messages(integer) from public;
grant execute on function private.claim_push_messages(integer) to service_role;

-- A claimed message is done (sent to every subscription that answered, or to
-- none when the push services could not be reached: then _sent is false and it
-- is tried again until it is too old); the endpoints the push service called
-- gone (404/410) are removed.
create or replace function private.complete_push_message(
  _message_id bigint,
  _sent boolean,
  _gone_endpoints text[] default '{}'
)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _user uuid;
begin
  select o.user_id into _user from private.push_outbox o where o.id = _message_id;
  if _user is null then
    return;
  end if;
  if _sent then
    update private.push_outbox o set sent_at = now(), claimed_until = null where o.id = _message_id;
  else
    update private.push_outbox o set claimed_until = null where o.id = _message_id;
  end if;
  delete from public.push_subscriptions s
  where s.user_id = _user and s.endpoint = any (coalesce(_gone_endpoints, '{}'));
end
$$;

revoke execute on function private.complete_push_message(bigint, boolean, text[]) from public;
grant execute on function private.complete_push_message(bigint, boolean, text[]) to service_role;

-- The RPCs the push sender calls (service role only).
create or replace function public.claim_push_messages(_limit integer default 50)
returns table (message_id bigint, payload jsonb, subscriptions jsonb)
language sql
volatile
set search_path = ''
as $$
  select * from private.claim_push_messages(_limit)
$$;

revoke execute on function public.claim_push_messages(integer) from public, anon, authenticated;
grant execute on function public.claim_push_messages(integer) to service_role;

create or replace function public.complete_push_message(
  _message_id bigint,
  _sent boolean,
  _gone_endpoints text[] default '{}'
)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.complete_push_message(_message_id, _sent, _gone_endpoints)
$$;

revoke execute on function public.complete_push_message(bigint, boolean, text[]) from public, anon, authenticated;
grant execute on function public.complete_push_message(bigint, boolean, text[]) to service_role;

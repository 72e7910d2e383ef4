-- What a Supabase project has before user migrations run. Idempotent: safe to run on
-- every start, on PGlite and on PostgreSQL 15+.

-- Roles -------------------------------------------------------------------------------
-- Roles are cluster-wide on PostgreSQL: tolerate another database creating them concurrently.
do $$
declare
  r record;
begin
  for r in select * from (values
    ('anon', 'nologin noinherit'),
    ('authenticated', 'nologin noinherit'),
    ('service_role', 'nologin noinherit bypassrls'),
    ('supabase_auth_admin', 'nologin noinherit'),
    ('supabase_storage_admin', 'nologin noinherit')
  ) as t(name, opts)
  loop
    if not exists (select 1 from pg_roles where rolname = r.name) then
      begin
        execute format('create role %I %s', r.name, r.opts);
      exception when duplicate_object or unique_violation then
        null;
      end;
    end if;
  end loop;
end
$$;

-- The connecting user must be able to `set role` to each API role.
do $$
begin
  execute format('grant anon, authenticated, service_role to %I', current_user);
exception when others then
  -- already granted, or a superuser (who can set any role anyway)
  null;
end
$$;

-- Extensions ----------------------------------------------------------------------------
create schema if not exists extensions;
grant usage on schema extensions to public;
create extension if not exists pgcrypto with schema extensions;

-- auth schema ----------------------------------------------------------------------------
create schema if not exists auth;
grant usage on schema auth to anon, authenticated, service_role;

create table if not exists auth.users (
  instance_id uuid,
  id uuid not null primary key,
  aud varchar(255),
  role varchar(255),
  email varchar(255),
  encrypted_password varchar(255),
  email_confirmed_at timestamptz,
  invited_at timestamptz,
  confirmation_token varchar(255) default '',
  confirmation_sent_at timestamptz,
  recovery_token varchar(255) default '',
  recovery_sent_at timestamptz,
  email_change_token_new varchar(255) default '',
  email_change varchar(255) default '',
  email_change_sent_at timestamptz,
  last_sign_in_at timestamptz,
  raw_app_meta_data jsonb,
  raw_user_meta_data jsonb,
  is_super_admin boolean,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  phone text default null,
  phone_confirmed_at timestamptz,
  phone_change text default '',
  phone_change_token varchar(255) default '',
  phone_change_sent_at timestamptz,
  confirmed_at timestamptz generated always as (least(email_confirmed_at, phone_confirmed_at)) stored,
  email_change_token_current varchar(255) default '',
  email_change_confirm_status smallint default 0,
  banned_until timestamptz,
  reauthentication_token varchar(255) default '',
  reauthentication_sent_at timestamptz,
  is_sso_user boolean not null default false,
  deleted_at timestamptz,
  is_anonymous boolean not null default false
);
create unique index if not exists users_email_partial_key on auth.users (lower(email)) where is_sso_user = false;
create index if not exists users_instance_id_idx on auth.users (instance_id);

create table if not exists auth.identities (
  provider_id text not null,
  user_id uuid not null references auth.users (id) on delete cascade,
  identity_data jsonb not null,
  provider text not null,
  last_sign_in_at timestamptz,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  email text generated always as (lower(identity_data ->> 'email')) stored,
  id uuid not null default gen_random_uuid() primary key,
  constraint identities_provider_id_provider_unique unique (provider_id, provider)
);
create index if not exists identities_user_id_idx on auth.identities (user_id);

create table if not exists auth.sessions (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  factor_id uuid,
  aal text default 'aal1',
  not_after timestamptz,
  refreshed_at timestamp,
  user_agent text,
  ip text,
  tag text
);
create index if not exists sessions_user_id_idx on auth.sessions (user_id);

create table if not exists auth.refresh_tokens (
  instance_id uuid,
  id bigserial primary key,
  token varchar(255) unique,
  user_id varchar(255),
  revoked boolean default false,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  parent varchar(255),
  session_id uuid references auth.sessions (id) on delete cascade
);
create index if not exists refresh_tokens_session_id_revoked_idx on auth.refresh_tokens (session_id, revoked);

-- One-time tokens for confirmation / recovery links (GoTrue keeps them on auth.users too).
create table if not exists auth.one_time_tokens (
  id uuid not null default gen_random_uuid() primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  token_type text not null,
  token_hash text not null,
  relates_to text not null default '',
  created_at timestamp not null default now(),
  updated_at timestamp not null default now()
);
create index if not exists one_time_tokens_token_hash_idx on auth.one_time_tokens (token_hash);

-- Multi-factor authentication (TOTP), as GoTrue keeps it: a user's factors, the challenges
-- made against them, and the methods each session was authenticated with (its `amr`).
create table if not exists auth.mfa_factors (
  id uuid not null primary key,
  user_id uuid not null references auth.users (id) on delete cascade,
  friendly_name text,
  factor_type text not null check (factor_type in ('totp', 'phone', 'webauthn')),
  status text not null check (status in ('unverified', 'verified')),
  secret text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  last_challenged_at timestamptz
);
create index if not exists mfa_factors_user_id_idx on auth.mfa_factors (user_id);
create unique index if not exists mfa_factors_user_friendly_name_unique
  on auth.mfa_factors (friendly_name, user_id) where trim(friendly_name) <> '';

create table if not exists auth.mfa_challenges (
  id uuid not null primary key,
  factor_id uuid not null references auth.mfa_factors (id) on delete cascade,
  created_at timestamptz not null default now(),
  verified_at timestamptz,
  ip_address text not null default ''
);
create index if not exists mfa_challenges_factor_id_idx on auth.mfa_challenges (factor_id);

create table if not exists auth.mfa_amr_claims (
  id uuid not null default gen_random_uuid() primary key,
  session_id uuid not null references auth.sessions (id) on delete cascade,
  authentication_method text not null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (session_id, authentication_method)
);

-- PKCE flow state (e-mail links of clients using flowType 'pkce').
create table if not exists auth.flow_state (
  id uuid not null primary key,
  user_id uuid references auth.users (id) on delete cascade,
  auth_code text not null,
  code_challenge_method text not null,
  code_challenge text not null,
  provider_type text not null default 'email',
  authentication_method text not null,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  auth_code_issued_at timestamptz
);
create index if not exists idx_auth_code on auth.flow_state (auth_code);
create index if not exists idx_user_id_auth_method on auth.flow_state (user_id, authentication_method);

create or replace function auth.jwt() returns jsonb
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim', true), ''),
    nullif(current_setting('request.jwt.claims', true), '')
  )::jsonb
$$;

create or replace function auth.uid() returns uuid
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.sub', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'sub')
  )::uuid
$$;

create or replace function auth.role() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.role', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'role')
  )::text
$$;

create or replace function auth.email() returns text
language sql stable
as $$
  select coalesce(
    nullif(current_setting('request.jwt.claim.email', true), ''),
    (nullif(current_setting('request.jwt.claims', true), '')::jsonb ->> 'email')
  )::text
$$;

grant execute on function auth.jwt(), auth.uid(), auth.role(), auth.email() to public;

-- The backend calls this at the start of every request made with a user's JWT: a token whose
-- user was deleted or banned, or whose session ended (signed out, on this device or all), is
-- refused at once (SQLSTATE PT401 -> HTTP 401, PostgREST's convention), not only when it
-- expires. Two primary-key lookups. Anon and service-role keys carry no user and pass.
create or replace function auth.require_live_user() returns void
language plpgsql stable security definer
set search_path = ''
as $$
declare
  _sub text := auth.jwt() ->> 'sub';
  _sid text := auth.jwt() ->> 'session_id';
  _uuid constant text := '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
begin
  if _sub is null or auth.role() is distinct from 'authenticated' then
    return;
  end if;
  if _sub !~ _uuid
     or not exists (select 1 from auth.users u where u.id = _sub::uuid and u.deleted_at is null) then
    raise exception 'User from sub claim in JWT does not exist' using errcode = 'PT401';
  end if;
  if exists (select 1 from auth.users u where u.id = _sub::uuid and u.banned_until > now()) then
    raise exception 'User is banned' using errcode = 'PT401';
  end if;
  if _sid is not null
     and (_sid !~ _uuid or not exists (select 1 from auth.sessions s where s.id = _sid::uuid)) then
    raise exception 'Session from session_id claim in JWT does not exist' using errcode = 'PT401';
  end if;
end
$$;
grant execute on function auth.require_live_user() to public;
-- Supabase lets the API roles read auth.users only through the service role / definer code.
grant all on all tables in schema auth to service_role;
grant all on all sequences in schema auth to service_role;

-- storage schema -------------------------------------------------------------------------
create schema if not exists storage;
grant usage on schema storage to anon, authenticated, service_role;

create table if not exists storage.buckets (
  id text not null primary key,
  name text not null,
  owner uuid,
  owner_id text,
  public boolean default false,
  avif_autodetection boolean default false,
  file_size_limit bigint,
  allowed_mime_types text[],
  type text default 'STANDARD',
  created_at timestamptz default now(),
  updated_at timestamptz default now()
);
create unique index if not exists bname on storage.buckets (name);

create table if not exists storage.objects (
  id uuid not null default gen_random_uuid() primary key,
  bucket_id text references storage.buckets (id),
  name text,
  owner uuid,
  owner_id text,
  metadata jsonb,
  user_metadata jsonb,
  path_tokens text[] generated always as (string_to_array(name, '/')) stored,
  version text,
  created_at timestamptz default now(),
  updated_at timestamptz default now(),
  last_accessed_at timestamptz default now()
);
create unique index if not exists bucketid_objname on storage.objects (bucket_id, name);
create index if not exists name_prefix_search on storage.objects (name text_pattern_ops);

alter table storage.buckets enable row level security;
alter table storage.objects enable row level security;

create or replace function storage.foldername(name text) returns text[]
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[1 : array_length(_parts, 1) - 1];
end
$$;

create or replace function storage.filename(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
begin
  select string_to_array(name, '/') into _parts;
  return _parts[array_length(_parts, 1)];
end
$$;

create or replace function storage.extension(name text) returns text
language plpgsql immutable
as $$
declare
  _parts text[];
  _filename text;
begin
  select string_to_array(name, '/') into _parts;
  select _parts[array_length(_parts, 1)] into _filename;
  return reverse(split_part(reverse(_filename), '.', 1));
end
$$;

grant execute on function storage.foldername(text), storage.filename(text), storage.extension(text) to public;
grant all on storage.buckets, storage.objects to anon, authenticated, service_role;

-- realtime schema (Broadcast from the database, as Supabase Realtime has it) -----------
-- realtime.send() files a message for a topic; the socket server delivers it to the
-- sockets joined to that topic. A private topic is joined only by a user whom the select
-- policies on realtime.messages let read a message of that topic (realtime.topic() names
-- the topic being joined while those policies run).
create schema if not exists realtime;
grant usage on schema realtime to anon, authenticated, service_role;

create table if not exists realtime.messages (
  id bigint generated always as identity primary key,
  topic text not null,
  extension text not null default 'broadcast',
  event text,
  payload jsonb,
  private boolean not null default true,
  inserted_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index if not exists messages_inserted_at_topic_idx on realtime.messages (inserted_at desc, topic);
alter table realtime.messages enable row level security;
grant select, insert on realtime.messages to anon, authenticated;
grant all on realtime.messages to service_role;

create or replace function realtime.topic() returns text
language sql stable
as $$
  select nullif(current_setting('realtime.topic', true), '')::text
$$;

create or replace function realtime.send(payload jsonb, event text, topic text, private boolean default true)
returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  _id bigint;
begin
  insert into realtime.messages (payload, event, topic, private, extension)
  values (payload, event, topic, private, 'broadcast')
  returning id into _id;
  -- Wakes the socket server; the message itself is read from the table.
  perform pg_notify('realtime_messages', _id::text);
end
$$;

create or replace function realtime.broadcast_changes(
  topic_name text,
  event_name text,
  operation text,
  table_name text,
  table_schema text,
  new record,
  old record,
  level text default 'ROW'
) returns void
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'schema', table_schema,
      'table', table_name,
      'operation', operation,
      'record', case when new is null then null else to_jsonb(new) end,
      'old_record', case when old is null then null else to_jsonb(old) end
    ),
    event_name,
    topic_name,
    true
  );
end
$$;

grant execute on function realtime.topic() to public;
revoke all on function realtime.send(jsonb, text, text, boolean) from public;
revoke all on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) from public;
grant execute on function realtime.send(jsonb, text, text, boolean) to service_role;
grant execute on function realtime.broadcast_changes(text, text, text, text, text, record, record, text) to service_role;

-- When what a user may read changes outside a channel (their sessions end, they are banned or
-- deleted, they lose a role), every process re-authorizes that user's joined channels: a
-- message on the internal topic 'backend:reauthorize' (which no policy lets a client join)
-- names the user, and every socket server reads it like any other message.
create or replace function realtime.reauthorize_users(_user_ids uuid[]) returns void
language plpgsql security definer
set search_path = ''
as $$
declare
  _id uuid;
begin
  foreach _id in array coalesce(_user_ids, '{}') loop
    perform realtime.send(jsonb_build_object('user_id', _id), 'reauthorize', 'backend:reauthorize', true);
  end loop;
end
$$;
revoke all on function realtime.reauthorize_users(uuid[]) from public;
grant execute on function realtime.reauthorize_users(uuid[]) to service_role;

create or replace function auth.sessions_ended() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  perform realtime.reauthorize_users(array(select distinct g.user_id from gone g));
  return null;
end
$$;
revoke all on function auth.sessions_ended() from public;
drop trigger if exists sessions_reauthorize_channels on auth.sessions;
create trigger sessions_reauthorize_channels
  after delete on auth.sessions
  referencing old table as gone
  for each statement execute function auth.sessions_ended();

create or replace function auth.user_banned() returns trigger
language plpgsql security definer
set search_path = ''
as $$
begin
  if new.banned_until is distinct from old.banned_until and new.banned_until > now() then
    perform realtime.reauthorize_users(array[new.id]);
  end if;
  return null;
end
$$;
revoke all on function auth.user_banned() from public;
drop trigger if exists users_reauthorize_channels on auth.users;
create trigger users_reauthorize_channels
  after update of banned_until on auth.users
  for each row execute function auth.user_banned();

-- The backend's own bookkeeping, shared by all its processes: no API role can reach it ------
create schema if not exists backend;
revoke all on schema backend from public;

-- Settings every process must agree on. jwt_key: on PostgreSQL, the private JWK that signs and
-- verifies every token, so that all processes and machines serving this database accept each
-- other's tokens (PGlite keeps it in <DATA_DIR>/jwt-key.json only).
create table if not exists backend.settings (
  key text primary key,
  value text not null
);

-- Auth rate limits: one fixed-window counter per key (e.g. "ip:signIn:<client ip>"), counted by
-- one atomic upsert per request, so every process serving this database counts the same hits.
-- Unlogged: a crash that forgets the counters of the last few minutes costs nothing, and the
-- hot upsert writes no WAL. Expired windows are deleted by the backend now and then.
create unlogged table if not exists backend.rate_limits (
  key text primary key,
  count integer not null,
  reset_at timestamptz not null
);
create index if not exists rate_limits_reset_at_idx on backend.rate_limits (reset_at);

-- Unconfirmed accounts whose pending password is not trusted: a second sign-up with another
-- password, or a magic link asked for, reached the account before its address was confirmed.
-- Whoever set the pending password may not own the inbox, so confirming such an account clears
-- the password and ends its sessions; the owner of the inbox then sets their own.
create table if not exists backend.contested_signups (
  user_id uuid primary key references auth.users (id) on delete cascade,
  created_at timestamptz not null default now()
);

-- Realtime broadcasts a client sends on its socket, handed to the other processes serving
-- this database (PostgreSQL): one row each, announced by NOTIFY realtime_relay with its id.
-- Unlogged and deleted after a minute: a broadcast is delivered at once or not at all.
create unlogged table if not exists backend.realtime_relay (
  id bigint generated always as identity primary key,
  origin text not null,
  topic text not null,
  private boolean not null,
  event text not null,
  encoding smallint not null,
  payload bytea not null,
  inserted_at timestamptz not null default now()
);
create index if not exists realtime_relay_inserted_at_idx on backend.realtime_relay (inserted_at);

-- public schema defaults (as a fresh Supabase project has them) -------------------------
grant usage on schema public to anon, authenticated, service_role;
alter default privileges in schema public grant all on tables to anon, authenticated, service_role;
alter default privileges in schema public grant all on functions to anon, authenticated, service_role;
alter default privileges in schema public grant all on sequences to anon, authenticated, service_role;

-- Migration bookkeeping, as the Supabase CLI keeps it.
create schema if not exists supabase_migrations;
create table if not exists supabase_migrations.schema_migrations (
  version text not null primary key,
  name text,
  statements text[],
  applied_at timestamptz not null default now()
);
create table if not exists supabase_migrations.seed_files (
  path text not null primary key,
  hash text not null
);

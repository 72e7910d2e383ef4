-- Private schema: security-definer helpers that policies and triggers call.
-- It is not exposed through the REST API (only `public` is); execute rights on
-- each helper are granted explicitly, never to public.

create schema if not exists private;
revoke all on schema private from public;
grant usage on schema private to anon, authenticated, service_role;

-- Tonight's business date for the lounge: America/New_York, rolling over at
-- 04:00 (the lounge is open until 1 AM). Used for song requests, votes and the
-- default DJ performance date.
create or replace function private.business_date()
returns date
language sql
stable
set search_path = ''
as $$
  select ((now() at time zone 'America/New_York') - interval '4 hours')::date
$$;

revoke execute on function private.business_date() from public;
grant execute on function private.business_date() to anon, authenticated, service_role;

-- How each released version of an area fares in the browsers: the shell reports, per page load
-- and area, the release it loaded, each release it refused (with why) and a load that failed or
-- an area that crashed. Counted per area, version, outcome and day; no visitor, address or
-- session is kept. The backend's report endpoint (rate-limited per client) is the only writer;
-- admins read it (the dashboard's Releases view).
create table public.release_reports (
  area text not null check (area in ('guest', 'lounge', 'games', 'admin')),
  -- a release's content hash, as the release store names it
  version text not null check (version ~ '^[0-9a-f]{16}$'),
  day date not null,
  outcome text not null check (outcome in ('loaded', 'refused', 'failed', 'error')),
  count bigint not null default 0 check (count >= 0),
  -- the shell's words for the newest refusal or failure (versions, ranges, hashes)
  last_reason text check (char_length(last_reason) <= 300),
  last_at timestamptz not null default now(),
  primary key (area, version, day, outcome)
);

comment on table public.release_reports is
  'Page loads per released area version and outcome (loaded, refused by the shell''s checks, failed to load, crashed), per day; written by the backend''s report endpoint only.';

revoke all on table public.release_reports from public, anon, authenticated;
grant select on table public.release_reports to authenticated;
grant all on table public.release_reports to service_role;

alter table public.release_reports enable row level security;

create index release_reports_day_idx on public.release_reports (day);

create policy "Admins can read release reports"
  on public.release_reports for select
  to authenticated
  using ((select private.is_admin()));

-- Counts one report. A day keeps at most 20 versions per area: a report naming a further
-- version is not counted (answers false), so made-up versions cannot grow the table (or the
-- metric that follows it) without bound.
create or replace function private.record_release_report(
  p_area text,
  p_version text,
  p_outcome text,
  p_reason text
)
returns boolean
language plpgsql
security definer
set search_path = ''
as $$
declare
  v_day date := (now() at time zone 'utc')::date;
begin
  if not exists (
    select 1 from public.release_reports
    where area = p_area and version = p_version and day = v_day
  ) and (
    select count(distinct version) from public.release_reports
    where area = p_area and day = v_day
  ) >= 20 then
    return false;
  end if;
  insert into public.release_reports as r (area, version, day, outcome, count, last_reason, last_at)
  values (p_area, p_version, v_day, p_outcome, 1, left(p_reason, 300), now())
  on conflict (area, version, day, outcome) do update set
    count = r.count + 1,
    last_reason = coalesce(left(p_reason, 300), r.last_reason),
    last_at = now();
  return true;
end;
$$;

revoke execute on function private.record_release_report(text, text, text, text) from public;
grant execute on function private.record_release_report(text, text, text, text) to service_role;

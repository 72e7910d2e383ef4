-- Recurring weekly nights: an admin keeps a template ("Friday Night Neon,
-- every Friday at 10 PM, capacity 120") and generates its next weeks of
-- events, which wait for approval like a member's would (an admin's own
-- event is approved at once; a generated one is not). A night is generated
-- once per template and start (events_template_id_event_date_key), so
-- generating again only adds the weeks that are missing.

create table public.event_templates (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint event_templates_title_length check (length(btrim(title)) between 1 and 200),
  description text not null default '' constraint event_templates_description_length check (length(description) <= 5000),
  -- 0 Sunday .. 6 Saturday, and the start in venue time.
  weekday smallint not null constraint event_templates_weekday_range check (weekday between 0 and 6),
  start_time time not null,
  capacity integer constraint event_templates_capacity_range check (capacity between 1 and 100000),
  featured_image_url text constraint event_templates_featured_image_url_format check (
    featured_image_url is null or (length(featured_image_url) <= 2048 and featured_image_url ~* '^https?://')
  ),
  is_active boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.event_templates is 'Weekly nights an admin generates events from (pending approval). Admins only.';

alter table public.events
  add column template_id uuid references public.event_templates (id) on delete set null;

create unique index events_template_id_event_date_key on public.events (template_id, event_date);

grant insert (template_id) on table public.events to authenticated;

revoke all on table public.event_templates from public, anon, authenticated;
grant select, delete on table public.event_templates to authenticated;
grant insert (title, description, weekday, start_time, capacity, featured_image_url, is_active)
  on table public.event_templates to authenticated;
grant update (title, description, weekday, start_time, capacity, featured_image_url, is_active)
  on table public.event_templates to authenticated;
grant all on table public.event_templates to service_role;

alter table public.event_templates enable row level security;

create policy "Admins can read event templates"
  on public.event_templates for select to authenticated
  using ((select private.is_admin()));

create policy "Admins can add event templates"
  on public.event_templates for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can edit event templates"
  on public.event_templates for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove event templates"
  on public.event_templates for delete to authenticated
  using ((select private.is_admin()));

create trigger event_templates_history
  after insert or update or delete on public.event_templates
  for each row execute function private.record_venue_change('title');

-- An event inserted through the API belongs to its (admin) creator and is
-- approved at once, unless a template generated it: those wait for approval.
create or replace function private.prepare_event()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if auth.uid() is not null then
      new.created_by := coalesce(new.created_by, auth.uid());
      if private.is_admin() and new.template_id is null then
        new.is_approved := true;
      end if;
    end if;
    new.title := btrim(new.title);
  else
    if new.title is distinct from old.title then
      new.title := btrim(new.title);
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

revoke execute on function private.prepare_event() from public;

-- Generates a template's next _weeks nights (venue time, from now on) as
-- events waiting for approval; returns how many were added. Runs as the
-- caller, so the events' policies apply: only admins.
create or replace function public.generate_template_events(_template_id uuid, _weeks integer default 8)
returns integer
language plpgsql
set search_path = ''
as $$
declare
  t public.event_templates;
  today date := (now() at time zone private.venue_time_zone())::date;
  first_day date;
  night timestamptz;
  added integer := 0;
  n integer;
begin
  if not private.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if _weeks is null or _weeks not between 1 and 26 then
    raise exception 'weeks must be between 1 and 26' using errcode = '22023';
  end if;
  select * into t from public.event_templates where id = _template_id;
  if not found then
    raise exception 'event_template_not_found' using errcode = 'P0002';
  end if;
  first_day := today + ((t.weekday - extract(dow from today)::integer + 7) % 7);
  -- Tonight's night if it has not started yet, then one a week.
  if ((first_day + t.start_time) at time zone private.venue_time_zone()) <= now() then
    first_day := first_day + 7;
  end if;
  for i in 0 .. _weeks - 1 loop
    night := ((first_day + 7 * i) + t.start_time) at time zone private.venue_time_zone();
    insert into public.events (title, description, event_date, featured_image_url, capacity, template_id, is_approved)
    values (t.title, nullif(t.description, ''), night, t.featured_image_url, t.capacity, t.id, false)
    on conflict (template_id, event_date) do nothing;
    get diagnostics n = row_count;
    added := added + n;
  end loop;
  return added;
end
$$;

revoke execute on function public.generate_template_events(uuid, integer) from public, anon;
grant execute on function public.generate_template_events(uuid, integer) to authenticated, service_role;

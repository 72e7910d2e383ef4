-- The venue's own record: name, address, phone, e-mail, opening hours per
-- weekday with dated exceptions (holidays, private buyouts), dress code, age
-- policy, cover charge note and social links. Everyone reads it (footer,
-- contact, events, order, chat, mails, calendar files all show it); only
-- admins change it, and every change made through the API is written to
-- venue_changes with who made it.

-- One row: id is always true.
create table public.venue_settings (
  id boolean primary key default true check (id),
  name text not null constraint venue_settings_name_length check (length(btrim(name)) between 1 and 100),
  short_name text not null constraint venue_settings_short_name_length check (length(btrim(short_name)) between 1 and 60),
  tagline text not null default '' constraint venue_settings_tagline_length check (length(tagline) <= 200),
  street text not null constraint venue_settings_street_length check (length(btrim(street)) between 1 and 200),
  city text not null constraint venue_settings_city_length check (length(btrim(city)) between 1 and 100),
  region text not null constraint venue_settings_region_length check (length(btrim(region)) between 1 and 100),
  region_code text not null constraint venue_settings_region_code_format check (region_code ~ '^[A-Z]{2}$'),
  postal_code text not null constraint venue_settings_postal_code_format check (postal_code ~ '^[0-9]{5}(-[0-9]{4})?$'),
  -- A US number as guests dial it: (216) 555-0142.
  phone text not null constraint venue_settings_phone_format check (phone ~ '^\([2-9][0-9]{2}\) [0-9]{3}-[0-9]{4}$'),
  email text not null constraint venue_settings_email_format check (
    length(email) <= 254 and email ~ '^[^@[:space:]]+@[^@[:space:]]+\.[^@[:space:]]+$'
  ),
  hours_note text not null default '' constraint venue_settings_hours_note_length check (length(hours_note) <= 300),
  dress_code text not null default '' constraint venue_settings_dress_code_length check (length(dress_code) <= 500),
  minimum_age smallint not null default 21 constraint venue_settings_minimum_age_range check (minimum_age between 18 and 25),
  -- From this hour (venue time) until close, guests must be minimum_age or
  -- older; null: all ages at every hour.
  adults_only_from time,
  cover_charge_note text not null default '' constraint venue_settings_cover_charge_note_length check (length(cover_charge_note) <= 500),
  -- [{ "label": "Instagram", "url": "https://..." }], at most 8.
  social_links jsonb not null default '[]'::jsonb,
  updated_at timestamptz not null default now()
);

comment on table public.venue_settings is 'The venue record (one row). Everyone reads it; admins edit it.';

-- Opening hours per weekday (0 Sunday .. 6 Saturday, as extract(dow)). A
-- closing time at or before the opening time is after midnight (11:00 to
-- 01:00 closes at 1 AM the next morning).
create table public.venue_hours (
  weekday smallint primary key constraint venue_hours_weekday_range check (weekday between 0 and 6),
  is_closed boolean not null default false,
  opens_at time,
  closes_at time,
  constraint venue_hours_times check (
    (is_closed and opens_at is null and closes_at is null)
    or (not is_closed and opens_at is not null and closes_at is not null and opens_at <> closes_at)
  )
);

comment on table public.venue_hours is 'Opening hours per weekday (0 = Sunday). Seven rows; admins edit them.';

-- A date whose hours differ from its weekday's: a holiday, a private buyout.
create table public.venue_hour_exceptions (
  id uuid primary key default gen_random_uuid(),
  on_date date not null constraint venue_hour_exceptions_on_date_key unique,
  label text not null constraint venue_hour_exceptions_label_length check (length(btrim(label)) between 1 and 100),
  is_closed boolean not null default true,
  opens_at time,
  closes_at time,
  created_at timestamptz not null default now(),
  constraint venue_hour_exceptions_times check (
    (is_closed and opens_at is null and closes_at is null)
    or (not is_closed and opens_at is not null and closes_at is not null and opens_at <> closes_at)
  )
);

comment on table public.venue_hour_exceptions is 'Dates with other hours than their weekday (holidays, buyouts). Admins edit them.';

-- Who changed what in the venue's content, written by a trigger.
create table public.venue_changes (
  id bigint generated always as identity primary key,
  table_name text not null,
  row_key text not null,
  operation text not null constraint venue_changes_operation_check check (operation in ('INSERT', 'UPDATE', 'DELETE')),
  changed_by uuid references auth.users (id) on delete set null,
  changed_at timestamptz not null default now(),
  -- The columns that changed: before (null for an insert) and after (null for a delete).
  old_values jsonb,
  new_values jsonb
);

comment on table public.venue_changes is 'History of admin changes to the venue content (settings, hours, menu, promotions). Written by triggers only.';

create index venue_changes_changed_at_idx on public.venue_changes (changed_at desc);
create index venue_changes_changed_by_idx on public.venue_changes (changed_by);

-- Grants: everyone reads the venue; only the columns an admin edits are writable.
revoke all on table public.venue_settings from public, anon, authenticated;
revoke all on table public.venue_hours from public, anon, authenticated;
revoke all on table public.venue_hour_exceptions from public, anon, authenticated;
revoke all on table public.venue_changes from public, anon, authenticated;

grant select on table public.venue_settings to anon, authenticated;
grant update (
  name, short_name, tagline, street, city, region, region_code, postal_code, phone, email,
  hours_note, dress_code, minimum_age, adults_only_from, cover_charge_note, social_links
) on table public.venue_settings to authenticated;
grant select on table public.venue_hours to anon, authenticated;
grant update (is_closed, opens_at, closes_at) on table public.venue_hours to authenticated;
grant select on table public.venue_hour_exceptions to anon, authenticated;
grant insert (on_date, label, is_closed, opens_at, closes_at) on table public.venue_hour_exceptions to authenticated;
grant update (on_date, label, is_closed, opens_at, closes_at) on table public.venue_hour_exceptions to authenticated;
grant delete on table public.venue_hour_exceptions to authenticated;
grant select on table public.venue_changes to authenticated;
grant all on table public.venue_settings, public.venue_hours, public.venue_hour_exceptions, public.venue_changes to service_role;

alter table public.venue_settings enable row level security;
alter table public.venue_hours enable row level security;
alter table public.venue_hour_exceptions enable row level security;
alter table public.venue_changes enable row level security;

-- Social links: an array of at most 8 { label, url } objects, each url https.
create or replace function private.valid_social_links(links jsonb)
returns boolean
language sql
immutable
set search_path = ''
as $$
  select jsonb_typeof(links) = 'array'
    and jsonb_array_length(links) <= 8
    and not exists (
      select 1 from jsonb_array_elements(links) as l(item)
      where jsonb_typeof(l.item) <> 'object'
         or jsonb_typeof(l.item -> 'label') is distinct from 'string'
         or jsonb_typeof(l.item -> 'url') is distinct from 'string'
         or length(btrim(l.item ->> 'label')) not between 1 and 40
         or length(l.item ->> 'url') > 300
         or (l.item ->> 'url') !~ '^https://[^[:space:]]+$'
    )
$$;

revoke execute on function private.valid_social_links(jsonb) from public;
grant execute on function private.valid_social_links(jsonb) to anon, authenticated, service_role;

alter table public.venue_settings
  add constraint venue_settings_social_links_valid check (private.valid_social_links(social_links));

create policy "Everyone can read the venue settings"
  on public.venue_settings for select to anon, authenticated
  using (true);

create policy "Admins can edit the venue settings"
  on public.venue_settings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Everyone can read the opening hours"
  on public.venue_hours for select to anon, authenticated
  using (true);

create policy "Admins can edit the opening hours"
  on public.venue_hours for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Everyone can read the dates with other hours"
  on public.venue_hour_exceptions for select to anon, authenticated
  using (true);

create policy "Admins can add dates with other hours"
  on public.venue_hour_exceptions for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can edit dates with other hours"
  on public.venue_hour_exceptions for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove dates with other hours"
  on public.venue_hour_exceptions for delete to authenticated
  using ((select private.is_admin()));

create policy "Admins can read the history of venue changes"
  on public.venue_changes for select to authenticated
  using ((select private.is_admin()));

-- Stamps updated_at on every change of the settings row.
create or replace function private.touch_venue_settings()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.touch_venue_settings() from public;

create trigger venue_settings_touch
  before update on public.venue_settings
  for each row execute function private.touch_venue_settings();

-- Records a change to the venue's content in venue_changes: the table, the
-- row's key (trigger argument: its key column), who (auth.uid(), null for the
-- service role) and the columns that changed. Only changes made through the
-- API (a request with JWT claims) are recorded; migrations and the seed run
-- without claims and write no history. An update that changes nothing is not
-- recorded.
create or replace function private.record_venue_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  key_column text := tg_argv[0];
  before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  old_changed jsonb;
  new_changed jsonb;
begin
  if nullif(current_setting('request.jwt.claims', true), '') is null then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(b.key, b.value), '{}'::jsonb),
           coalesce(jsonb_object_agg(b.key, after -> b.key), '{}'::jsonb)
      into old_changed, new_changed
      from jsonb_each(before) as b(key, value)
     where b.key not in ('updated_at')
       and b.value is distinct from after -> b.key;
    if old_changed = '{}'::jsonb then
      return null;
    end if;
  else
    old_changed := before;
    new_changed := after;
  end if;
  insert into public.venue_changes (table_name, row_key, operation, changed_by, old_values, new_values)
  values (
    tg_table_name,
    coalesce(after ->> key_column, before ->> key_column),
    tg_op,
    auth.uid(),
    old_changed,
    new_changed
  );
  return null;
end
$$;

revoke execute on function private.record_venue_change() from public;

create trigger venue_settings_history
  after update on public.venue_settings
  for each row execute function private.record_venue_change('id');

create trigger venue_hours_history
  after update on public.venue_hours
  for each row execute function private.record_venue_change('weekday');

create trigger venue_hour_exceptions_history
  after insert or update or delete on public.venue_hour_exceptions
  for each row execute function private.record_venue_change('on_date');

-- The venue's defaults: open daily 11AM to 1AM, in downtown Cleveland. The
-- phone is a fictional 555 number and the e-mail on a reserved demo domain;
-- a venue sets its own in the admin's Venue tab.
insert into public.venue_settings (
  id, name, short_name, tagline, street, city, region, region_code, postal_code, phone, email,
  hours_note, dress_code, minimum_age, adults_only_from, cover_charge_note, social_links
) values (
  true,
  'The Lakeshore Bistro & Ultra Lounge',
  'Lakeshore Bistro',
  'Small plates and cocktails in the bistro, DJs and dancing in the ultra lounge.',
  '1250 West 6th Street',
  'Cleveland',
  'Ohio',
  'OH',
  '44113',
  '(216) 555-0142',
  'concierge@lakeshorebistro.example',
  'Kitchen until midnight.',
  'Smart casual in the bistro; upscale nightlife attire in the lounge after 9PM. No athletic wear, please.',
  21,
  '21:00',
  'No cover in the bistro. Special event nights in the lounge may have a cover at the door after 9PM.',
  '[{"label": "Instagram", "url": "https://www.instagram.com/"}, {"label": "Facebook", "url": "https://www.facebook.com/"}]'::jsonb
) on conflict (id) do nothing;

insert into public.venue_hours (weekday, is_closed, opens_at, closes_at)
select d, false, '11:00', '01:00' from generate_series(0, 6) as d
on conflict (weekday) do nothing;

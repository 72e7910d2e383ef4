-- Promotions: the home page's "Special Promotions" card (happy hour, late-night
-- bites...). Each runs from a first to an optional last day (venue dates) and
-- can be switched off; everyone reads the active ones, admins read and change
-- all of them, and every change is written to venue_changes. Offer changes
-- (titles, texts, validity) are recorded there too.

create table public.promotions (
  id uuid primary key default gen_random_uuid(),
  title text not null constraint promotions_title_length check (length(btrim(title)) between 1 and 120),
  body text not null default '' constraint promotions_body_length check (length(body) <= 500),
  starts_on date not null default (now() at time zone private.venue_time_zone())::date,
  -- The last day it runs (venue date), or null: until switched off.
  ends_on date,
  is_active boolean not null default true,
  position integer not null default 0,
  created_at timestamptz not null default now(),
  constraint promotions_dates check (ends_on is null or ends_on >= starts_on)
);

comment on table public.promotions is 'Promotions on the home page. Everyone reads active ones; admins edit.';

create index promotions_active_dates_idx on public.promotions (is_active, starts_on, ends_on);
create index promotions_position_idx on public.promotions (position);

revoke all on table public.promotions from public, anon, authenticated;
grant select on table public.promotions to anon, authenticated;
grant insert (title, body, starts_on, ends_on, is_active, position) on table public.promotions to authenticated;
grant update (title, body, starts_on, ends_on, is_active, position) on table public.promotions to authenticated;
grant delete on table public.promotions to authenticated;
grant all on table public.promotions to service_role;

alter table public.promotions enable row level security;

create policy "Everyone can read active promotions and admins can read all"
  on public.promotions for select to anon, authenticated
  using (is_active or (select private.is_admin()));

create policy "Admins can add promotions"
  on public.promotions for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can edit promotions"
  on public.promotions for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove promotions"
  on public.promotions for delete to authenticated
  using ((select private.is_admin()));

create trigger promotions_history
  after insert or update or delete on public.promotions
  for each row execute function private.record_venue_change('title');

-- The history trigger leaves out the columns named after the key column (a
-- counter members move, such as offers.usage_count): a change to only those
-- is not an admin's edit.
create or replace function private.record_venue_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  key_column text := tg_argv[0];
  ignored text[] := array['updated_at']::text[] || coalesce(tg_argv[1:], '{}'::text[]);
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
     where b.key <> all (ignored)
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

create trigger offers_history
  after insert or update or delete on public.offers
  for each row execute function private.record_venue_change('title', 'usage_count');

-- The menu as content: sections (small plates, mains, desserts, cocktails,
-- wine, beer, bottle service) and their items with description, price,
-- dietary and allergen tags, an order, a visibility flag and "86'd tonight".
-- Everyone reads what is visible; admins read and change everything, and
-- every change is written to venue_changes. Admins may also replace the
-- order page's menu image with an upload (venue_settings.menu_image_url).

create table public.menu_sections (
  id uuid primary key default gen_random_uuid(),
  slug text not null constraint menu_sections_slug_key unique
    constraint menu_sections_slug_format check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$' and length(slug) <= 60),
  title text not null constraint menu_sections_title_length check (length(btrim(title)) between 1 and 60),
  note text not null default '' constraint menu_sections_note_length check (length(note) <= 300),
  position integer not null default 0,
  is_visible boolean not null default true,
  created_at timestamptz not null default now()
);

comment on table public.menu_sections is 'Sections of the menu, in position order. Everyone reads visible ones; admins edit.';

-- The tags a dish or drink may carry, as guests filter by them.
create or replace function private.menu_tags()
returns text[]
language sql
immutable
set search_path = ''
as $$
  select array['vegetarian', 'vegan', 'gluten-free', 'dairy-free', 'contains-nuts',
               'contains-shellfish', 'spicy', 'non-alcoholic']::text[]
$$;

revoke execute on function private.menu_tags() from public;
grant execute on function private.menu_tags() to anon, authenticated, service_role;

create table public.menu_items (
  id uuid primary key default gen_random_uuid(),
  section_id uuid not null references public.menu_sections (id) on delete cascade,
  name text not null constraint menu_items_name_length check (length(btrim(name)) between 1 and 100),
  description text not null default '' constraint menu_items_description_length check (length(description) <= 500),
  -- US dollars in cents: $14.00 is 1400.
  price_cents integer not null constraint menu_items_price_range check (price_cents between 0 and 1000000),
  -- What the price is for, when it needs saying: "glass", "bottle", "per person".
  unit text not null default '' constraint menu_items_unit_length check (length(unit) <= 30),
  tags text[] not null default '{}' constraint menu_items_tags_known check (tags <@ private.menu_tags()),
  position integer not null default 0,
  is_visible boolean not null default true,
  -- The business night the item ran out ("86'd tonight"); it is back on the next night.
  eighty_sixed_on date,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.menu_items is 'Menu items. Everyone reads visible items of visible sections; admins edit.';

create index menu_sections_position_idx on public.menu_sections (position);
create index menu_items_section_id_position_idx on public.menu_items (section_id, position);
create index menu_items_is_visible_idx on public.menu_items (is_visible);

alter table public.venue_settings
  add column menu_image_url text
    constraint venue_settings_menu_image_url_format check (
      menu_image_url is null or (length(menu_image_url) <= 2048 and menu_image_url ~ '^https?://[^[:space:]]+$')
    );

comment on column public.venue_settings.menu_image_url is 'An uploaded menu image shown on the order page instead of the drawn one.';

grant update (menu_image_url) on table public.venue_settings to authenticated;

revoke all on table public.menu_sections from public, anon, authenticated;
revoke all on table public.menu_items from public, anon, authenticated;
grant select on table public.menu_sections, public.menu_items to anon, authenticated;
grant insert (slug, title, note, position, is_visible) on table public.menu_sections to authenticated;
grant update (slug, title, note, position, is_visible) on table public.menu_sections to authenticated;
grant delete on table public.menu_sections to authenticated;
grant insert (section_id, name, description, price_cents, unit, tags, position, is_visible, eighty_sixed_on)
  on table public.menu_items to authenticated;
grant update (section_id, name, description, price_cents, unit, tags, position, is_visible, eighty_sixed_on)
  on table public.menu_items to authenticated;
grant delete on table public.menu_items to authenticated;
grant all on table public.menu_sections, public.menu_items to service_role;

alter table public.menu_sections enable row level security;
alter table public.menu_items enable row level security;

-- True when the section is shown to guests (security definer: the policy on
-- menu_items must not depend on the caller's view of menu_sections).
create or replace function private.menu_section_visible(_section_id uuid)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select coalesce((select s.is_visible from public.menu_sections s where s.id = _section_id), false)
$$;

revoke execute on function private.menu_section_visible(uuid) from public;
grant execute on function private.menu_section_visible(uuid) to anon, authenticated, service_role;

create policy "Everyone can read visible menu sections and admins can read all"
  on public.menu_sections for select to anon, authenticated
  using (is_visible or (select private.is_admin()));

create policy "Admins can add menu sections"
  on public.menu_sections for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can edit menu sections"
  on public.menu_sections for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove menu sections"
  on public.menu_sections for delete to authenticated
  using ((select private.is_admin()));

create policy "Everyone can read visible menu items and admins can read all"
  on public.menu_items for select to anon, authenticated
  using ((is_visible and private.menu_section_visible(section_id)) or (select private.is_admin()));

create policy "Admins can add menu items"
  on public.menu_items for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can edit menu items"
  on public.menu_items for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove menu items"
  on public.menu_items for delete to authenticated
  using ((select private.is_admin()));

-- Tags are kept in one order without repeats, so filters and history read the same.
create or replace function private.prepare_menu_item()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  new.tags := coalesce(
    (select array_agg(t order by array_position(private.menu_tags(), t))
       from (select distinct unnest(new.tags) as t) as d),
    '{}'
  );
  new.updated_at := now();
  return new;
end
$$;

revoke execute on function private.prepare_menu_item() from public;

create trigger menu_items_prepare
  before insert or update on public.menu_items
  for each row execute function private.prepare_menu_item();

create trigger menu_sections_history
  after insert or update or delete on public.menu_sections
  for each row execute function private.record_venue_change('slug');

create trigger menu_items_history
  after insert or update or delete on public.menu_items
  for each row execute function private.record_venue_change('name');

-- events: visitors and members read approved events; only admins create,
-- approve, reject or delete. Events created by an admin are approved.

create table public.events (
  id uuid primary key default gen_random_uuid(),
  title text not null check (length(btrim(title)) between 1 and 200),
  description text,
  event_date timestamptz not null,
  featured_image_url text,
  is_approved boolean not null default false,
  created_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.events is 'Lounge events. Visitors see approved ones; admins see and moderate all.';

revoke all on table public.events from public, anon, authenticated;
grant select on table public.events to anon, authenticated;
grant insert (title, description, event_date, featured_image_url, created_by, is_approved) on table public.events to authenticated;
grant update (title, description, event_date, featured_image_url, is_approved) on table public.events to authenticated;
grant delete on table public.events to authenticated;
grant all on table public.events to service_role;

alter table public.events enable row level security;

create policy "Everyone can read approved events and admins can read all events"
  on public.events for select to anon, authenticated
  using (is_approved or (select private.is_admin()));

create policy "Admins can create events"
  on public.events for insert to authenticated
  with check ((select private.is_admin()) and created_by = (select auth.uid()));

create policy "Admins can update events"
  on public.events for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can delete events"
  on public.events for delete to authenticated
  using ((select private.is_admin()));

create index events_approved_event_date_idx on public.events (is_approved, event_date);
create index events_created_at_idx on public.events (created_at desc);
create index events_created_by_idx on public.events (created_by);

-- An event inserted through the API belongs to its (admin) creator and is
-- approved at once.
create or replace function private.prepare_event()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    if auth.uid() is not null then
      new.created_by := coalesce(new.created_by, auth.uid());
      if private.is_admin() then
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

create trigger events_prepare
  before insert or update on public.events
  for each row execute function private.prepare_event();

-- event_bookings: a member books an event for themself (always pending);
-- only an admin approves or rejects and writes admin notes.

create table public.event_bookings (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  name text not null check (length(btrim(name)) between 1 and 200),
  email text not null check (length(btrim(email)) between 3 and 320),
  phone text not null check (length(btrim(phone)) between 1 and 50),
  event_title text,
  event_date timestamptz,
  number_of_guests integer not null default 1
    constraint event_bookings_number_of_guests_check check (number_of_guests between 1 and 20),
  special_requests text,
  event_image_url text,
  status text not null default 'pending'
    constraint event_bookings_status_check check (status in ('pending', 'approved', 'rejected')),
  admin_notes text,
  approved_at timestamptz,
  approved_by uuid references auth.users (id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

comment on table public.event_bookings is 'Event bookings. Members insert their own as pending; admins set status, admin_notes, approved_at, approved_by.';

-- Members can only name the booking columns; the admin-only columns are
-- granted for update only, and the update policy is admins-only.
revoke all on table public.event_bookings from public, anon, authenticated;
grant select on table public.event_bookings to authenticated;
grant insert (user_id, name, email, phone, event_title, event_date, number_of_guests, special_requests, event_image_url)
  on table public.event_bookings to authenticated;
grant update (status, admin_notes, approved_at, approved_by) on table public.event_bookings to authenticated;
grant delete on table public.event_bookings to authenticated;
grant all on table public.event_bookings to service_role;

alter table public.event_bookings enable row level security;

create policy "Members can read their own bookings and admins can read all bookings"
  on public.event_bookings for select to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can create their own pending bookings"
  on public.event_bookings for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and status = 'pending'
    and admin_notes is null
    and approved_at is null
    and approved_by is null
  );

create policy "Admins can update bookings"
  on public.event_bookings for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Members can delete their own bookings and admins can delete any booking"
  on public.event_bookings for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index event_bookings_user_id_created_at_idx on public.event_bookings (user_id, created_at desc);
create index event_bookings_created_at_idx on public.event_bookings (created_at desc);
create index event_bookings_status_idx on public.event_bookings (status);
create index event_bookings_approved_by_idx on public.event_bookings (approved_by);

-- Approval stamps: when an admin approves, approved_at/approved_by default to
-- now and the admin; leaving approved sets them back to null.
create or replace function private.prepare_booking()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.name := btrim(new.name);
    new.email := btrim(new.email);
    new.phone := btrim(new.phone);
  else
    if new.status = 'approved' and old.status is distinct from 'approved' then
      new.approved_at := coalesce(new.approved_at, now());
      new.approved_by := coalesce(new.approved_by, auth.uid());
    elsif new.status <> 'approved' then
      new.approved_at := null;
      new.approved_by := null;
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

revoke execute on function private.prepare_booking() from public;

create trigger event_bookings_prepare
  before insert or update on public.event_bookings
  for each row execute function private.prepare_booking();

-- profiles.total_bookings = the member's bookings that are not rejected, kept
-- by increments (row-locked, so concurrent bookings count right).
create or replace function private.sync_total_bookings()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if tg_op in ('UPDATE', 'DELETE') and old.status <> 'rejected' then
    update public.profiles p
    set total_bookings = greatest(p.total_bookings - 1, 0)
    where p.user_id = old.user_id;
  end if;
  if tg_op in ('INSERT', 'UPDATE') and new.status <> 'rejected' then
    update public.profiles p
    set total_bookings = p.total_bookings + 1
    where p.user_id = new.user_id;
  end if;
  return null;
end
$$;

revoke execute on function private.sync_total_bookings() from public;

create trigger event_bookings_sync_total_bookings
  after insert or delete or update of status on public.event_bookings
  for each row execute function private.sync_total_bookings();

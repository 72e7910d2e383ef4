-- photo_wall: members upload their own photos, which wait for approval;
-- approved photos are readable by members; only admins approve, reject,
-- feature or hide.

create table public.photo_wall (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null default auth.uid() references auth.users (id) on delete cascade,
  image_url text not null check (length(btrim(image_url)) between 1 and 2048),
  caption text check (caption is null or length(caption) <= 500),
  likes_count integer not null default 0 check (likes_count >= 0),
  is_approved boolean not null default false,
  is_featured boolean not null default false,
  created_at timestamptz not null default now(),
  approved_at timestamptz,
  approved_by uuid references auth.users (id) on delete set null
);

comment on table public.photo_wall is 'Member photos. Inserted unapproved; admins moderate is_approved, is_featured, approved_at, approved_by.';

revoke all on table public.photo_wall from public, anon, authenticated;
grant select on table public.photo_wall to authenticated;
grant insert (user_id, image_url, caption) on table public.photo_wall to authenticated;
grant update (is_approved, is_featured, approved_at, approved_by) on table public.photo_wall to authenticated;
grant delete on table public.photo_wall to authenticated;
grant all on table public.photo_wall to service_role;

alter table public.photo_wall enable row level security;

create policy "Members can read approved photos and their own, admins can read all photos"
  on public.photo_wall for select to authenticated
  using (is_approved or user_id = (select auth.uid()) or (select private.is_admin()));

create policy "Members can upload their own photos for approval"
  on public.photo_wall for insert to authenticated
  with check (
    user_id = (select auth.uid())
    and not is_approved
    and not is_featured
    and approved_at is null
    and approved_by is null
    and likes_count = 0
  );

create policy "Admins can moderate photos"
  on public.photo_wall for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Members can delete their own photos and admins can delete any photo"
  on public.photo_wall for delete to authenticated
  using (user_id = (select auth.uid()) or (select private.is_admin()));

create index photo_wall_approved_created_at_idx on public.photo_wall (is_approved, created_at desc);
create index photo_wall_user_id_idx on public.photo_wall (user_id);
create index photo_wall_created_at_idx on public.photo_wall (created_at desc);
create index photo_wall_approved_by_idx on public.photo_wall (approved_by);

-- Approval stamps follow is_approved: approving sets approved_at/approved_by
-- (unless given), rejecting clears them and un-features the photo.
create or replace function private.prepare_photo()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_approved and not old.is_approved then
    new.approved_at := coalesce(new.approved_at, now());
    new.approved_by := coalesce(new.approved_by, auth.uid());
  elsif not new.is_approved then
    new.approved_at := null;
    new.approved_by := null;
    new.is_featured := false;
  end if;
  return new;
end
$$;

revoke execute on function private.prepare_photo() from public;

create trigger photo_wall_prepare
  before update on public.photo_wall
  for each row execute function private.prepare_photo();

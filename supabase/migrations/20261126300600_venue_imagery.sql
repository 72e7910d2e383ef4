-- The venue's pictures: several images per event (the first by position is the
-- event's cover), a portrait per DJ, and a rejected photo kept as a state of
-- its own so its uploader sees it was turned down.

-- Event images: anyone who may see the event sees its images (the events
-- table's own policies decide, through the subquery); only admins add,
-- reorder or remove them. The files live in the public event-images bucket.
create table public.event_images (
  id uuid primary key default gen_random_uuid(),
  event_id uuid not null references public.events (id) on delete cascade,
  image_url text not null constraint event_images_image_url_format check (
    length(image_url) <= 2048 and image_url ~* '^https?://[^[:space:]]+$'
  ),
  alt_text text not null default '' constraint event_images_alt_text_length check (length(alt_text) <= 300),
  position integer not null default 0 constraint event_images_position_range check (position between 0 and 1000),
  created_at timestamptz not null default now()
);

comment on table public.event_images is 'Images of an event, in position order (the first is its cover). Admins manage them.';

revoke all on table public.event_images from public, anon, authenticated;
grant select on table public.event_images to anon, authenticated;
grant insert (event_id, image_url, alt_text, position) on table public.event_images to authenticated;
grant update (alt_text, position) on table public.event_images to authenticated;
grant delete on table public.event_images to authenticated;
grant all on table public.event_images to service_role;

alter table public.event_images enable row level security;

create policy "Anyone who can see an event can see its images"
  on public.event_images for select to anon, authenticated
  using (exists (select 1 from public.events e where e.id = event_id));

create policy "Admins can add event images"
  on public.event_images for insert to authenticated
  with check ((select private.is_admin()));

create policy "Admins can reorder event images"
  on public.event_images for update to authenticated
  using ((select private.is_admin()))
  with check ((select private.is_admin()));

create policy "Admins can remove event images"
  on public.event_images for delete to authenticated
  using ((select private.is_admin()));

create index event_images_event_id_position_idx on public.event_images (event_id, position, created_at);

-- A DJ's portrait.
alter table public.djs
  add column image_url text constraint djs_image_url_format check (
    image_url is null or (length(image_url) <= 2048 and image_url ~* '^https?://[^[:space:]]+$')
  );

comment on column public.djs.image_url is 'The DJ''s portrait (a public event-images file).';

grant insert (image_url), update (image_url) on table public.djs to authenticated;

-- A rejected photo: pending is "neither approved nor rejected". An admin
-- rejects a pending photo by writing any non-null rejected_at, which the
-- trigger replaces with the server's time; approving clears it, and hiding an
-- approved photo (is_approved true -> false without rejected_at) leaves it
-- null. A photo is never approved and rejected at once.
alter table public.photo_wall add column rejected_at timestamptz;

comment on column public.photo_wall.rejected_at is 'When an admin rejected the photo; null while pending, approved or hidden.';

alter table public.photo_wall
  add constraint photo_wall_approved_or_rejected check (not (is_approved and rejected_at is not null));

grant update (rejected_at) on table public.photo_wall to authenticated;

create or replace function private.stamp_photo_rejection()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' or new.is_approved or new.rejected_at is null then
    new.rejected_at := null;
  elsif old.rejected_at is null then
    new.rejected_at := now();
  else
    new.rejected_at := old.rejected_at;
  end if;
  return new;
end
$$;

revoke execute on function private.stamp_photo_rejection() from public;

create trigger photo_wall_stamp_rejection
  before insert or update on public.photo_wall
  for each row execute function private.stamp_photo_rejection();

-- The dashboard's live figures count as pending what is neither approved nor
-- rejected (photos and events alike), as its first read does, and follow a
-- rejection stamp too.
create or replace function private.admin_counts()
returns jsonb
language sql
stable
security definer
set search_path = ''
as $$
  select jsonb_build_object(
    'users', (select count(*) from public.profiles),
    'pendingEvents', (select count(*) from public.events e where not e.is_approved and e.rejected_at is null),
    'pendingBookings', (select count(*) from public.event_bookings b where b.status = 'pending'),
    'pendingPhotos', (select count(*) from public.photo_wall p where not p.is_approved and p.rejected_at is null)
  )
$$;

revoke execute on function private.admin_counts() from public;

drop trigger events_broadcast_admin_counts on public.events;
create trigger events_broadcast_admin_counts
  after insert or delete or update of is_approved, rejected_at on public.events
  for each statement execute function private.broadcast_admin_counts();
drop trigger photo_wall_broadcast_admin_counts on public.photo_wall;
create trigger photo_wall_broadcast_admin_counts
  after insert or delete or update of is_approved, rejected_at on public.photo_wall
  for each statement execute function private.broadcast_admin_counts();

-- Storage privacy: a photo-wall file is public only once an admin has
-- approved the photo that shows it. Until then (pending, rejected, hidden, or
-- its photo deleted) only its uploader and admins can read it. Through the API
-- a member reads, lists and copies only the files in their own folder (admins
-- any); anyone else reaches a file only by its public URL, which serves event
-- images and approved photos and nothing else, so nobody can list a bucket's
-- files or learn its uploaders' ids.

-- The photo-wall object a photo row shows: the object name in its image URL
-- (".../storage/v1/object/public/photo-wall/<name>"), null for other URLs.
create or replace function private.photo_object_name(image_url text)
returns text
language sql
immutable
set search_path = ''
as $$
  select substring(image_url from '/storage/v1/object/(?:public|authenticated)/photo-wall/([^?#]+)')
$$;

revoke execute on function private.photo_object_name(text) from public;
grant execute on function private.photo_object_name(text) to anon, authenticated, service_role;

create index photo_wall_approved_object_idx
  on public.photo_wall (private.photo_object_name(image_url))
  where is_approved;

-- Whether an approved photo shows this photo-wall object.
create or replace function private.photo_object_approved(_name text)
returns boolean
language sql
stable
security definer
set search_path = ''
as $$
  select exists (
    select 1 from public.photo_wall p
    where p.is_approved and private.photo_object_name(p.image_url) = _name
  )
$$;

revoke execute on function private.photo_object_approved(text) from public;
grant execute on function private.photo_object_approved(text) to anon, authenticated, service_role;

-- The metadata of an object anyone may fetch by its public URL (no row when
-- there is none): the bucket is public and, in photo-wall, an approved photo
-- shows the object.
create or replace function storage.public_object_metadata(_bucket_id text, _name text)
returns table (metadata jsonb)
language sql
stable
security definer
set search_path = ''
as $$
  select o.metadata
  from storage.objects o
  join storage.buckets b on b.id = o.bucket_id
  where o.bucket_id = _bucket_id
    and o.name = _name
    and b.public
    and (o.bucket_id <> 'photo-wall' or private.photo_object_approved(o.name))
$$;

revoke execute on function storage.public_object_metadata(text, text) from public;
grant execute on function storage.public_object_metadata(text, text) to anon, authenticated, service_role;

-- Reading through the API (download, list, the source of a copy): the
-- uploader's own folder, or any file for admins. Public URLs go through
-- storage.public_object_metadata() instead.
drop policy "Anyone can read photo wall and event images" on storage.objects;

create policy "Members can read their own files and admins can read any"
  on storage.objects for select to authenticated
  using (
    bucket_id in ('photo-wall', 'event-images')
    and (starts_with(name, (select auth.uid())::text) or (select private.is_admin()))
  );

-- An approved photo's file stays what the admin approved: its uploader can no
-- longer replace or rename it (admins still can, and anyone may delete their
-- own).
drop policy "Members can replace their own files and admins can replace event images"
  on storage.objects;

create policy "Members can replace their own unapproved files and admins can replace event images"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('photo-wall', 'event-images')
    and (
      (
        starts_with(name, (select auth.uid())::text)
        and (bucket_id <> 'photo-wall' or not private.photo_object_approved(name))
      )
      or (bucket_id = 'event-images' and (select private.is_admin()))
    )
  )
  with check (
    bucket_id in ('photo-wall', 'event-images')
    and (
      starts_with(name, (select auth.uid())::text)
      or (bucket_id = 'event-images' and (select private.is_admin()))
    )
  );

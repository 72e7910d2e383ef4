-- Storage: two public buckets. Members upload only under their own path
-- prefix (the object name starts with their user id, e.g.
-- "<uid>/<timestamp>.jpg" or "<uid>-<timestamp>.jpg"); admins may upload
-- anywhere in event-images. Public buckets serve files by public URL; the
-- select policy also lets the API list and download them.

insert into storage.buckets (id, name, public)
values ('photo-wall', 'photo-wall', true), ('event-images', 'event-images', true)
on conflict (id) do update set public = excluded.public;

-- The two buckets are visible (list/get bucket), never created or changed by
-- API roles.
create policy "Anyone can see the photo wall and event image buckets"
  on storage.buckets for select to anon, authenticated
  using (id in ('photo-wall', 'event-images'));

create policy "Anyone can read photo wall and event images"
  on storage.objects for select to anon, authenticated
  using (bucket_id in ('photo-wall', 'event-images'));

create policy "Members can upload into their own folder and admins into event images"
  on storage.objects for insert to authenticated
  with check (
    bucket_id in ('photo-wall', 'event-images')
    and (
      starts_with(name, (select auth.uid())::text)
      or (bucket_id = 'event-images' and (select private.is_admin()))
    )
  );

create policy "Members can replace their own files and admins can replace event images"
  on storage.objects for update to authenticated
  using (
    bucket_id in ('photo-wall', 'event-images')
    and (
      starts_with(name, (select auth.uid())::text)
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

create policy "Members can delete their own files and admins can delete any"
  on storage.objects for delete to authenticated
  using (
    bucket_id in ('photo-wall', 'event-images')
    and (starts_with(name, (select auth.uid())::text) or (select private.is_admin()))
  );

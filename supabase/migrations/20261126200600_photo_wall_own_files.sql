-- A photo-wall row shows only a file of its uploader's folder: approving a row must never
-- publish another member's file. (A URL that names no photo-wall object publishes nothing.)
-- Rows stored before are kept as they are (not valid); the check holds for every new or changed
-- row.
alter table public.photo_wall
  add constraint photo_wall_image_in_own_folder check (
    private.photo_object_name(image_url) is null
    or starts_with(private.photo_object_name(image_url), user_id::text || '/')
  ) not valid;

-- Featured photos show on the home page, to visitors too: anyone may read a
-- photo that is approved and featured (its file is public once approved).
-- Visitors read only the columns the home page shows, never who uploaded it.

drop policy "Members can read approved photos and their own, admins can read all photos"
  on public.photo_wall;

create policy "Everyone can read featured photos, members approved ones and their own, admins all"
  on public.photo_wall for select to anon, authenticated
  using (
    (is_approved and is_featured)
    or (
      (select auth.uid()) is not null
      and (is_approved or user_id = (select auth.uid()) or (select private.is_admin()))
    )
  );

grant select (id, image_url, caption, is_approved, is_featured, created_at, approved_at)
  on table public.photo_wall to anon;

create index photo_wall_featured_idx on public.photo_wall (is_featured, approved_at desc)
  where is_approved and is_featured;

-- The audit trail also covers the event galleries and the DJs, which admins manage: an image
-- added to or removed from an event, a DJ added, changed (portrait included) or removed.
create trigger event_images_audit
  after insert or update or delete on public.event_images
  for each row execute function private.audit_staff_change('id', 'event_image');
create trigger djs_audit
  after insert or update or delete on public.djs
  for each row execute function private.audit_staff_change('id', 'dj');

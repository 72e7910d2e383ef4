-- Image addresses that members and admins store are put into <img src> by the
-- app: only http(s) URLs are accepted (a javascript:, data: or other scheme is
-- refused with 23514). NOT VALID: rows written before this migration are not
-- rechecked (the app also drops non-http(s) addresses when it renders them).

alter table public.photo_wall
  add constraint photo_wall_image_url_scheme_check
  check (image_url ~* '^https?://') not valid;

alter table public.events
  add constraint events_featured_image_url_scheme_check
  check (featured_image_url is null or featured_image_url ~* '^https?://') not valid;

alter table public.event_bookings
  add constraint event_bookings_event_image_url_scheme_check
  check (event_image_url is null or event_image_url ~* '^https?://') not valid;

-- "Last call" in the lounge: staff raise it from the DJ view and the room screen shows it as a
-- banner until they lower it. It is part of the venue's record (everyone reads it; only admins
-- change it, through the table's update policy; each change is in venue_changes).

alter table public.venue_settings add column last_call_at timestamptz;

comment on column public.venue_settings.last_call_at is
  'When staff raised last call tonight; null when it is not raised.';

grant update (last_call_at) on table public.venue_settings to authenticated;

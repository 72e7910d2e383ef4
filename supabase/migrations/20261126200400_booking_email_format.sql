-- A booking's e-mail is a mail address, in the grammar GoTrue accepts for accounts (no spaces,
-- commas, angle brackets, colons or quotes), so neither the mailer nor the admin's mailto: link
-- can read it as more than one address or as a header. Rows stored before are kept as they are
-- (not valid), and the admin's list links only a well-formed address.
alter table public.event_bookings
  add constraint event_bookings_email_format check (
    length(email) <= 255
    and email ~ '^[a-zA-Z0-9.!#$%&''*+/=?^_`{|}~-]+@[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(\.[a-zA-Z0-9]([a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$'
  ) not valid;

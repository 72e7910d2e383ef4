-- The door lists tonight's arrivals from several kinds of booking (event bookings, dinner
-- reservations, guest lists, VIP tables), each owned by its own feature. A kind joins the door
-- by one row here, naming two security-definer functions of its own:
--   rows_fn(_from timestamptz, _to timestamptz) returns setof private.door_row
--     every booking of the kind whose arrival falls in the night [_from, _to), cancelled and
--     declined ones included (the door names why it refuses them);
--   check_in_fn(_source_id uuid, _people integer) returns void
--     called by the door, in the transaction that records a scan of _people people, so the
--     kind can mark its booking as arrived (checked_in_at, a claimed table...).
-- Only the door's own functions call them; API roles cannot read this table or the functions.
create type private.door_row as (
  kind text,               -- the door_sources kind
  source_id uuid,          -- the booking's id in its own table
  member_id uuid,          -- the member who booked, null for a name added by staff
  guest_name text,         -- the name the door searches and shows
  party_size integer,      -- everyone expected under this booking, the guest included
  code text,               -- what the guest's QR pass or confirmation carries
  status text,             -- the kind's own status word (confirmed, pending, cancelled, ...)
  admissible boolean,      -- whether the door may let this booking in tonight
  refusal text,            -- when not admissible: why, in words shown to the door host
  detail text,             -- a short line for the host (table and minimum, brought by, ...)
  id_required boolean,     -- the venue's age policy asks the host to check ID
  arrives_at timestamptz   -- the booking's arrival time (event start, reservation time, ...)
);

create table private.door_sources (
  kind text primary key check (kind ~ '^[a-z_]+$'),
  label text not null check (length(label) between 1 and 40),
  rows_fn regprocedure not null,
  check_in_fn regprocedure not null,
  sort_order integer not null default 0
);

comment on table private.door_sources is
  'Kinds of booking listed at the door, each with its rows and check-in functions.';

revoke all on table private.door_sources from public, anon, authenticated;
grant all on table private.door_sources to service_role;

-- The door: tonight's arrivals from every kind registered in private.door_sources, the scans
-- that let them in, and the headcount against the venue's capacity.
--
-- Every scan is a row of public.door_scans whose primary key (scan_id) the scanning device
-- chose, so a scan sent twice (a lost answer, an offline queue catching up) is recorded once.
-- Scans of one booking are decided one at a time (a transaction lock on the booking), and the
-- people let in under a booking never exceed its party size: a scan that would go over is
-- refused and names the guest. Staff (and admins) scan; nobody writes the table directly.
--
-- Staff read the door only through the functions below, which return what the door needs
-- (names, party sizes, codes, statuses, a detail line) and nothing else of the members.

-- Guests the venue lets in on one night (the live headcount's limit); null: no limit shown.
alter table public.venue_settings
  add column door_capacity integer
    constraint venue_settings_door_capacity_range check (door_capacity between 1 and 100000);

comment on column public.venue_settings.door_capacity is
  'Guests the venue lets in on one night, counted at the door; null = no limit shown.';

grant update (door_capacity) on table public.venue_settings to authenticated;

create table public.door_scans (
  -- chosen by the scanning device: the same scan sent again is the same row
  scan_id uuid primary key,
  kind text not null constraint door_scans_kind_format check (kind ~ '^[a-z_]+$'),
  source_id uuid not null,
  people integer not null constraint door_scans_people_range check (people between 1 and 100),
  id_checked boolean not null default false,
  staff_id uuid references auth.users (id) on delete set null,
  device_id text not null constraint door_scans_device_id_length check (length(device_id) between 1 and 64),
  -- the business night the scan counts for
  night date not null,
  scanned_at timestamptz not null default now()
);

comment on table public.door_scans is
  'People let in at the door, one row per scan (the device''s scan id); staff read tonight''s.';

create index door_scans_source_idx on public.door_scans (kind, source_id);
create index door_scans_night_idx on public.door_scans (night, scanned_at);
create index door_scans_staff_id_idx on public.door_scans (staff_id);

revoke all on table public.door_scans from public, anon, authenticated;
grant select on table public.door_scans to authenticated;
grant all on table public.door_scans to service_role;

alter table public.door_scans enable row level security;

create policy "Staff can read tonight's door scans"
  on public.door_scans for select to authenticated
  using (night = (select private.business_date()) and (select private.is_staff()));

-- The night [from, to) of a business date: from the rollover hour on that date to the same
-- wall-clock hour the next day, in the venue's time zone.
create or replace function private.door_night(_night date, out night_from timestamptz, out night_to timestamptz)
language sql
stable
set search_path = ''
as $$
  select
    ((_night + make_interval(hours => private.business_day_rollover_hour()))::timestamp
      at time zone private.venue_time_zone()),
    ((_night + 1 + make_interval(hours => private.business_day_rollover_hour()))::timestamp
      at time zone private.venue_time_zone())
$$;

revoke execute on function private.door_night(date) from public;

-- Whether the venue's age policy asks the door to check ID for an arrival at this time: from
-- adults_only_from (venue time) until the night rolls over. No adults-only hour: never. (A
-- kind's rows function over many rows reads the policy once, with private.door_age_policy.)
create or replace function private.door_id_required(_at timestamptz)
returns boolean
language sql
stable
set search_path = ''
as $$
  select coalesce((
    select case
      when s.adults_only_from is null or _at is null then false
      else ((_at at time zone private.venue_time_zone())::time >= s.adults_only_from
        or (_at at time zone private.venue_time_zone())::time
          < make_time(private.business_day_rollover_hour(), 0, 0))
    end
    from public.venue_settings s
  ), false)
$$;

revoke execute on function private.door_id_required(timestamptz) from public;

-- Every registered kind's rows of one night, in the kinds' order then by arrival and name.
create or replace function private.door_rows(_night date)
returns setof private.door_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _src record;
  _n record;
begin
  _n := private.door_night(_night);
  for _src in select s.kind, s.rows_fn::oid::regproc as fn from private.door_sources s order by s.sort_order, s.kind loop
    return query execute format(
      'select * from %s($1, $2) r where r.kind = $3 order by r.arrives_at, r.guest_name', _src.fn)
      using _n.night_from, _n.night_to, _src.kind;
  end loop;
end
$$;

revoke execute on function private.door_rows(date) from public;

-- One booking of tonight's list (null fields when it is not on it).
create or replace function private.door_row_of(_night date, _kind text, _source_id uuid)
returns private.door_row
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _fn regproc;
  _n record;
  _row private.door_row;
begin
  select s.rows_fn::oid::regproc into _fn from private.door_sources s where s.kind = _kind;
  if _fn is null then
    return null;
  end if;
  _n := private.door_night(_night);
  execute format('select * from %s($1, $2) r where r.source_id = $3 limit 1', _fn)
    into _row using _n.night_from, _n.night_to, _source_id;
  return _row;
end
$$;

revoke execute on function private.door_row_of(date, text, uuid) from public;

create or replace function private.require_staff()
returns void
language plpgsql
stable
set search_path = ''
as $$
begin
  if not private.is_staff() then
    raise exception 'Staff privileges required' using errcode = '42501';
  end if;
end
$$;

revoke execute on function private.require_staff() from public;

-- Tonight's list for the door: what the host needs and how many have arrived under each row.
create or replace function private.door_list()
returns table (
  kind text,
  label text,
  source_id uuid,
  guest_name text,
  party_size integer,
  code text,
  status text,
  admissible boolean,
  refusal text,
  detail text,
  id_required boolean,
  arrives_at timestamptz,
  arrived integer
)
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _night date := private.business_date();
begin
  perform private.require_staff();
  return query
  with scans as (
    select d.kind, d.source_id, sum(d.people)::integer as people
    from public.door_scans d
    where d.night = _night
    group by d.kind, d.source_id
  )
  select r.kind, s.label, r.source_id, r.guest_name, r.party_size, r.code, r.status,
    r.admissible, r.refusal, r.detail, r.id_required, r.arrives_at,
    coalesce(c.people, 0)
  from private.door_rows(_night) r
  join private.door_sources s on s.kind = r.kind
  left join scans c on c.kind = r.kind and c.source_id = r.source_id;
end
$$;

revoke execute on function private.door_list() from public;
grant execute on function private.door_list() to authenticated, service_role;

-- Tonight's headcount: people let in, the venue's capacity, scans per staff member, and when
-- the night ends.
create or replace function private.door_headcount()
returns jsonb
language plpgsql
stable
security definer
set search_path = ''
as $$
declare
  _night date := private.business_date();
begin
  perform private.require_staff();
  return jsonb_build_object(
    'night', _night,
    -- a device keeps tonight's list until then, never longer
    'night_ends_at', (private.door_night(_night)).night_to,
    'arrived', (select coalesce(sum(d.people), 0) from public.door_scans d where d.night = _night),
    'capacity', (select s.door_capacity from public.venue_settings s),
    'by_staff', coalesce((
      select jsonb_agg(jsonb_build_object(
          'staff_id', t.staff_id, 'name', t.name, 'scans', t.scans, 'people', t.people)
        order by t.people desc, t.name)
      from (
        select d.staff_id,
          coalesce(nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'Staff') as name,
          count(*)::integer as scans, sum(d.people)::integer as people
        from public.door_scans d
        left join public.profiles p on p.user_id = d.staff_id
        where d.night = _night
        group by d.staff_id, p.first_name, p.last_name
      ) t
    ), '[]'::jsonb)
  );
end
$$;

revoke execute on function private.door_headcount() from public;
grant execute on function private.door_headcount() to authenticated, service_role;

-- Records a scan of _people people under one booking of tonight's list and answers
--   {outcome: 'checked_in' | 'already_recorded' | 'refused', kind, source_id, guest_name,
--    party_size, arrived, people, reason}
-- 'already_recorded': this scan id was recorded before (nothing changes); 'refused': nobody
-- was let in, reason says why (not on tonight's list, cancelled, already in, over the party
-- size, ID not checked). A refusal leaves no row, so it is decided afresh if sent again.
create or replace function private.door_scan(
  _scan_id uuid,
  _kind text,
  _source_id uuid,
  _people integer,
  _device_id text,
  _id_checked boolean default false
)
returns jsonb
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  _night date := private.business_date();
  _row private.door_row;
  _done public.door_scans;
  _arrived integer;
  _check regproc;
  _answer jsonb;
begin
  perform private.require_staff();
  if _scan_id is null or _kind is null or _source_id is null then
    raise exception 'scan_incomplete' using errcode = '22004', detail = 'A scan names its id, kind and booking.';
  end if;
  if _people is null or _people < 1 or _people > 100 then
    raise exception 'people_out_of_range' using errcode = '22023', detail = 'A scan lets in 1 to 100 people.';
  end if;
  -- one booking's scans are decided one at a time
  perform pg_advisory_xact_lock(hashtextextended(_kind || ':' || _source_id::text, 0));

  select * into _done from public.door_scans d where d.scan_id = _scan_id;
  _row := private.door_row_of(coalesce(_done.night, _night), _kind, _source_id);
  _answer := jsonb_build_object(
    'kind', _kind, 'source_id', _source_id, 'guest_name', _row.guest_name,
    'party_size', _row.party_size, 'people', _people);

  if _done.scan_id is not null then
    if _done.kind <> _kind or _done.source_id <> _source_id then
      raise exception 'scan_id_reused' using errcode = '22023', detail = 'This scan id was used for another booking.';
    end if;
    select coalesce(sum(d.people), 0)::integer into _arrived from public.door_scans d
    where d.kind = _kind and d.source_id = _source_id and d.night = _done.night;
    return _answer || jsonb_build_object(
      'outcome', 'already_recorded', 'arrived', _arrived, 'people', _done.people, 'reason', null);
  end if;

  if _row.source_id is null then
    return _answer || jsonb_build_object(
      'outcome', 'refused', 'arrived', 0, 'reason', 'Not on tonight''s list');
  end if;

  select coalesce(sum(d.people), 0)::integer into _arrived from public.door_scans d
  where d.kind = _kind and d.source_id = _source_id and d.night = _night;
  _answer := _answer || jsonb_build_object('arrived', _arrived);

  if not _row.admissible then
    return _answer || jsonb_build_object(
      'outcome', 'refused', 'reason', coalesce(_row.refusal, 'Not admitted tonight'));
  end if;
  if _arrived >= _row.party_size then
    return _answer || jsonb_build_object('outcome', 'refused', 'reason',
      format('Already in: all %s of %s''s party arrived', _row.party_size, _row.guest_name));
  end if;
  if _arrived + _people > _row.party_size then
    return _answer || jsonb_build_object('outcome', 'refused', 'reason',
      format('Only %s of %s''s party of %s still to arrive', _row.party_size - _arrived,
        _row.guest_name, _row.party_size));
  end if;
  if _row.id_required and not coalesce(_id_checked, false) then
    return _answer || jsonb_build_object('outcome', 'refused', 'reason',
      format('Check ID first: %s+ tonight',
        (select s.minimum_age from public.venue_settings s)));
  end if;

  insert into public.door_scans (scan_id, kind, source_id, people, id_checked, staff_id, device_id, night)
  values (_scan_id, _kind, _source_id, _people, coalesce(_id_checked, false), auth.uid(),
    left(coalesce(nullif(btrim(_device_id), ''), 'unknown'), 64), _night);

  select s.check_in_fn::oid::regproc into _check from private.door_sources s where s.kind = _kind;
  execute format('select %s($1, $2)', _check) using _source_id, _people;

  return _answer || jsonb_build_object(
    'outcome', 'checked_in', 'arrived', _arrived + _people, 'reason', null);
end
$$;

revoke execute on function private.door_scan(uuid, text, uuid, integer, text, boolean) from public;
grant execute on function private.door_scan(uuid, text, uuid, integer, text, boolean) to authenticated, service_role;

-- Every scan is sent to the staff's door topic with the booking's new arrived count, so a
-- second device updates its list and headcount without refetching. Names stay out of it.
create or replace function private.broadcast_door_scan()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  perform realtime.send(
    jsonb_build_object(
      'scan_id', new.scan_id, 'kind', new.kind, 'source_id', new.source_id,
      'people', new.people, 'staff_id', new.staff_id, 'night', new.night,
      'arrived', (select coalesce(sum(d.people), 0) from public.door_scans d
        where d.kind = new.kind and d.source_id = new.source_id and d.night = new.night)),
    'door_scan', 'door:tonight', true);
  return null;
end
$$;

revoke execute on function private.broadcast_door_scan() from public;

create trigger door_scans_broadcast
  after insert on public.door_scans
  for each row execute function private.broadcast_door_scan();

create policy "Staff join the door's topic"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'door:tonight'
    and (select private.is_staff())
  );

-- The venue's age policy for a night's rows, read once per call (not once per row): whether an
-- arrival at a time needs its ID checked is the same rule as private.door_id_required.
create or replace function private.door_age_policy(
  out tz text, out adults_only_from time, out rollover time)
language sql
stable
set search_path = ''
as $$
  select private.venue_time_zone(),
    (select s.adults_only_from from public.venue_settings s),
    make_time(private.business_day_rollover_hour(), 0, 0)
$$;

revoke execute on function private.door_age_policy() from public;

-- Event bookings at the door: approved ones of the night are admitted.
create or replace function private.door_event_booking_rows(_from timestamptz, _to timestamptz)
returns setof private.door_row
language sql
stable
security definer
set search_path = ''
as $$
  select 'event_booking', b.id, b.user_id, b.name, b.number_of_guests, b.booking_code,
    b.status, b.status = 'approved',
    case b.status
      when 'approved' then null
      when 'cancelled' then 'This booking was cancelled'
      when 'rejected' then 'This booking was rejected'
      when 'waitlisted' then 'This booking is on the waitlist'
      else 'This booking is not approved'
    end,
    coalesce(b.event_title, b.occasion, 'Event booking'),
    coalesce(p.adults_only_from is not null
      and ((b.event_date at time zone p.tz)::time >= p.adults_only_from
        or (b.event_date at time zone p.tz)::time < p.rollover), false),
    b.event_date
  from public.event_bookings b
  cross join private.door_age_policy() p
  where b.event_date >= _from and b.event_date < _to
$$;

revoke execute on function private.door_event_booking_rows(timestamptz, timestamptz) from public;

-- A scan under an event booking marks it checked in (at its first scan).
create or replace function private.door_event_booking_check_in(_source_id uuid, _people integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.event_bookings b
  set checked_in_at = coalesce(b.checked_in_at, now()),
      checked_in_by = coalesce(b.checked_in_by, auth.uid())
  where b.id = _source_id
$$;

revoke execute on function private.door_event_booking_check_in(uuid, integer) from public;

-- Dinner reservations at the door: booked, arrived and seated ones are admitted.
create or replace function private.door_reservation_rows(_from timestamptz, _to timestamptz)
returns setof private.door_row
language sql
stable
security definer
set search_path = ''
as $$
  select 'dinner_reservation', r.id, r.user_id, r.guest_name, r.party_size::integer, r.code,
    r.status, r.status in ('booked', 'arrived', 'seated'),
    case r.status
      when 'cancelled' then 'This reservation was cancelled'
      when 'no_show' then 'This reservation was marked a no-show'
      when 'finished' then 'This table has already finished'
      else null
    end,
    concat_ws(' · ',
      'Dinner ' || to_char(r.starts_at at time zone p.tz, 'FMHH12:MI AM'),
      nullif(r.occasion, '')),
    coalesce(p.adults_only_from is not null
      and ((r.starts_at at time zone p.tz)::time >= p.adults_only_from
        or (r.starts_at at time zone p.tz)::time < p.rollover), false),
    r.starts_at
  from public.reservations r
  cross join private.door_age_policy() p
  where r.starts_at >= _from and r.starts_at < _to
$$;

revoke execute on function private.door_reservation_rows(timestamptz, timestamptz) from public;

-- A scan under a booked reservation marks it arrived.
create or replace function private.door_reservation_check_in(_source_id uuid, _people integer)
returns void
language sql
volatile
security definer
set search_path = ''
as $$
  update public.reservations r
  set status = 'arrived', updated_at = now()
  where r.id = _source_id and r.status = 'booked'
$$;

revoke execute on function private.door_reservation_check_in(uuid, integer) from public;

insert into private.door_sources (kind, label, rows_fn, check_in_fn, sort_order) values
  ('event_booking', 'Event booking',
    'private.door_event_booking_rows(timestamptz, timestamptz)',
    'private.door_event_booking_check_in(uuid, integer)', 10),
  ('dinner_reservation', 'Dinner',
    'private.door_reservation_rows(timestamptz, timestamptz)',
    'private.door_reservation_check_in(uuid, integer)', 20);

-- The API entry points: security invoker wrappers; the private functions check the caller.
create or replace function public.door_list()
returns table (
  kind text,
  label text,
  source_id uuid,
  guest_name text,
  party_size integer,
  code text,
  status text,
  admissible boolean,
  refusal text,
  detail text,
  id_required boolean,
  arrives_at timestamptz,
  arrived integer
)
language sql
stable
set search_path = ''
as $$
  select * from private.door_list()
$$;

create or replace function public.door_headcount()
returns jsonb
language sql
stable
set search_path = ''
as $$
  select private.door_headcount()
$$;

create or replace function public.door_scan(
  _scan_id uuid,
  _kind text,
  _source_id uuid,
  _people integer,
  _device_id text,
  _id_checked boolean default false
)
returns jsonb
language sql
volatile
set search_path = ''
as $$
  select private.door_scan(_scan_id, _kind, _source_id, _people, _device_id, _id_checked)
$$;

revoke execute on function public.door_list() from public, anon;
grant execute on function public.door_list() to authenticated, service_role;
revoke execute on function public.door_headcount() from public, anon;
grant execute on function public.door_headcount() to authenticated, service_role;
revoke execute on function public.door_scan(uuid, text, uuid, integer, text, boolean) from public, anon;
grant execute on function public.door_scan(uuid, text, uuid, integer, text, boolean) to authenticated, service_role;

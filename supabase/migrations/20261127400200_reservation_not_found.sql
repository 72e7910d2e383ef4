-- "Reservation not found" answers 404 (SQLSTATE PT404, PostgREST's convention for an HTTP
-- status), not 500: P0002 is in PL/pgSQL's error class, which PostgREST answers with 500.
-- The four functions are re-created whole from their previous definition; only that code
-- changes.

create or replace function private.change_reservation(p_id uuid, p_starts_at timestamptz, p_party_size integer)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  s public.reservation_settings;
  refusal text;
  tables smallint[];
  ends timestamptz;
  day date := private.business_date_of(p_starts_at);
begin
  select * into s from public.reservation_settings;
  select * into r from public.reservations x where x.id = p_id and x.user_id = auth.uid();
  if not found then
    raise exception 'Reservation not found' using errcode = 'PT404';
  end if;
  if r.status <> 'booked' then
    raise exception 'This reservation can no longer be changed' using errcode = 'P0001';
  end if;
  if r.starts_at - make_interval(mins => s.change_cutoff_minutes) <= now() then
    raise exception 'Changes close % hours before your time; please call us', s.change_cutoff_minutes / 60
      using errcode = 'P0001';
  end if;
  refusal := private.reservation_refusal(p_starts_at, p_party_size, r.id);
  if refusal is not null then
    raise exception '%', refusal using errcode = 'P0001';
  end if;
  -- Both nights locked in date order, so two changes never wait on each other.
  perform private.lock_dining_night(least(day, r.business_date));
  perform private.lock_dining_night(greatest(day, r.business_date));
  if private.slot_covers(p_starts_at, r.id) + p_party_size > s.covers_per_slot then
    raise exception 'That time is fully booked' using errcode = 'P0001';
  end if;
  ends := p_starts_at + make_interval(mins => private.turn_minutes(p_party_size));
  tables := private.free_tables(p_party_size, p_starts_at, ends, r.id);
  if tables is null then
    raise exception 'No table fits % guests at that time; your reservation is unchanged', p_party_size
      using errcode = 'P0001';
  end if;
  delete from public.reservation_tables where reservation_id = r.id;
  update public.reservations x
  set starts_at = p_starts_at, ends_at = ends, business_date = day, party_size = p_party_size, updated_at = now()
  where x.id = r.id
  returning * into r;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, day, r.starts_at, r.ends_at from unnest(tables) as t;
  insert into public.reservation_mail_outbox (reservation_id, kind) values (r.id, 'changed');
  return private.reservation_json(r);
end
$$;

create or replace function private.cancel_reservation(p_id uuid)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
  s public.reservation_settings;
  staff boolean := private.is_admin();
begin
  select * into s from public.reservation_settings;
  select * into r from public.reservations x
  where x.id = p_id and (x.user_id = auth.uid() or staff)
  for update;
  if not found then
    raise exception 'Reservation not found' using errcode = 'PT404';
  end if;
  if r.status <> 'booked' then
    raise exception 'This reservation can no longer be cancelled' using errcode = 'P0001';
  end if;
  if not staff and r.starts_at - make_interval(mins => s.change_cutoff_minutes) <= now() then
    raise exception 'Cancellations close % hours before your time; please call us', s.change_cutoff_minutes / 60
      using errcode = 'P0001';
  end if;
  perform private.lock_dining_night(r.business_date);
  update public.reservations x set status = 'cancelled', cancelled_at = now(), updated_at = now()
  where x.id = r.id returning * into r;
  insert into public.reservation_mail_outbox (reservation_id, kind) values (r.id, 'cancelled');
  perform private.release_reservation(r);
  return private.reservation_json(r);
end
$$;

create or replace function private.set_reservation_status(p_id uuid, p_status text)
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  if not private.is_admin() then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if p_status not in ('booked', 'arrived', 'seated', 'finished', 'no_show') then
    raise exception 'Unknown status %', p_status using errcode = '22023';
  end if;
  select * into r from public.reservations x where x.id = p_id for update;
  if not found then
    raise exception 'Reservation not found' using errcode = 'PT404';
  end if;
  if r.status = 'cancelled' then
    raise exception 'This reservation was cancelled' using errcode = 'P0001';
  end if;
  if p_status = 'no_show' and r.starts_at > now() then
    raise exception 'A no-show can be marked only after the reservation''s time' using errcode = 'P0001';
  end if;
  perform private.lock_dining_night(r.business_date);
  update public.reservations x set status = p_status, updated_at = now() where x.id = r.id returning * into r;
  if p_status in ('finished', 'no_show') then
    perform private.release_reservation(r);
  end if;
  return private.reservation_json(r);
end
$$;

create or replace function private.move_reservation(p_id uuid, p_table_ids smallint[])
returns json
language plpgsql
volatile
security definer
set search_path = ''
as $$
declare
  r public.reservations;
begin
  if not private.is_admin() then
    raise exception 'Only staff can do this' using errcode = '42501';
  end if;
  if p_table_ids is null or cardinality(p_table_ids) = 0 then
    raise exception 'Pick at least one table' using errcode = '22023';
  end if;
  select * into r from public.reservations x where x.id = p_id for update;
  if not found or r.status not in ('booked', 'arrived', 'seated') then
    raise exception 'Reservation not found' using errcode = 'PT404';
  end if;
  perform private.lock_dining_night(r.business_date);
  delete from public.reservation_tables where reservation_id = r.id;
  insert into public.reservation_tables (reservation_id, table_id, business_date, starts_at, ends_at)
  select r.id, t, r.business_date, r.starts_at, r.ends_at from unnest(p_table_ids) as t;
  return private.reservation_json(r);
end
$$;

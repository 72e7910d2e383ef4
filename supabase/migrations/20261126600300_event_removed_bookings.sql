-- An event taken off the calendar with bookings on it: its guests are told, by name and date.
--
-- Deleting an event cancels its open bookings
-- (pending, approved, waitlisted) first, as cancelled by the admin who deleted it, so each
-- guest's booking reads as cancelled by the venue and each guest gets the cancellation mail.
-- A mail keeps the event's id, title and date from when it was queued: the booking's link to
-- the event is cleared when the event row goes, and the mail must still name the event, not
-- "your private event request".

alter table private.booking_mails
  add column event_id uuid,
  add column event_title text,
  add column event_date timestamptz;

comment on column private.booking_mails.event_title is
  'The event''s title when the mail was queued (the event may be gone when it is sent).';

create or replace function private.queue_booking_mail()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  kind text;
begin
  if tg_op = 'INSERT' then
    kind := case new.status when 'pending' then 'received' when 'waitlisted' then 'waitlisted' end;
  elsif new.status is distinct from old.status then
    kind := case
      when new.status = 'pending' and old.status = 'waitlisted' then 'promoted'
      when new.status = 'waitlisted' then 'waitlisted'
      when new.status = 'cancelled'
        and coalesce(current_setting('bistro.replacing_booking', true), '') <> new.id::text
        then 'cancelled'
      when new.status = 'approved' then 'approved'
      when new.status = 'rejected' then 'rejected'
    end;
  end if;
  if kind is not null then
    insert into private.booking_mails (booking_id, kind, event_id, event_title, event_date)
    values (new.id, kind, new.event_id, new.event_title, new.event_date);
  end if;
  return null;
end
$$;

revoke execute on function private.queue_booking_mail() from public;

-- Mails already waiting name the event they were queued for.
update private.booking_mails m
set event_id = b.event_id, event_title = b.event_title, event_date = b.event_date
from public.event_bookings b
where m.booking_id = b.id and m.sent_at is null;

-- As before, with the event as it was when the mail was queued.
create or replace function private.claim_booking_mails(max_count integer default 25)
returns table (
  mail_id bigint,
  kind text,
  booking_id uuid,
  booking_code text,
  to_email text,
  guest_name text,
  event_id uuid,
  event_title text,
  event_date timestamptz,
  occasion text,
  number_of_guests integer,
  status text,
  admin_notes text,
  cancel_token text
)
language plpgsql
volatile
security definer
set search_path = ''
as $$
#variable_conflict use_column
declare
  w record;
  tries constant integer := private.booking_mail_attempts();
begin
  select * into w from private.booking_reminder_window();
  insert into private.booking_mails (booking_id, kind)
  select b.id, 'reminder'
  from public.event_bookings b
  where b.status = 'approved'
    and b.checked_in_at is null
    and b.event_date > now() + w.min_notice
    and b.event_date <= now() + w.lead_time
    and b.approved_at <= b.event_date - w.min_notice
  on conflict do nothing;

  update private.booking_mails m
  set sent_at = now(), last_error = 'The member has no verified e-mail address'
  from public.event_bookings b
  left join auth.users u on u.id = b.user_id
  where m.booking_id = b.id and m.sent_at is null
    and (u.id is null or u.email_confirmed_at is null or coalesce(u.email, '') = '');

  -- A reminder whose booking is no longer approved (or whose night has
  -- begun) is dropped.
  update private.booking_mails m
  set sent_at = now(), last_error = 'The booking is no longer approved'
  from public.event_bookings b
  where m.booking_id = b.id and m.sent_at is null and m.kind = 'reminder'
    and (b.status <> 'approved' or b.event_date <= now());

  return query
  with due as (
    select m.id from private.booking_mails m
    where m.sent_at is null and m.send_after <= now()
      and (m.locked_until is null or m.locked_until < now())
      and m.attempts < tries
      and not exists (
        select 1 from private.booking_mails e
        where e.booking_id = m.booking_id and e.id < m.id and e.sent_at is null
          and (e.attempts < tries or e.locked_until > now())
      )
    order by m.send_after, m.id
    limit greatest(least(coalesce(max_count, 25), 100), 1)
    for update skip locked
  ),
  claimed as (
    update private.booking_mails m
    set locked_until = now() + interval '5 minutes', attempts = m.attempts + 1
    from due where m.id = due.id
    returning m.id, m.kind, m.booking_id, m.event_id, m.event_title, m.event_date
  )
  select c.id, c.kind, b.id, b.booking_code, u.email::text, b.name,
         coalesce(c.event_id, b.event_id), coalesce(c.event_title, b.event_title),
         coalesce(c.event_date, b.event_date), b.occasion, b.number_of_guests, b.status, b.admin_notes,
         case when private.booking_cancellable(b) then private.issue_cancel_token(b.id) end
  from claimed c
  join public.event_bookings b on b.id = c.booking_id
  join auth.users u on u.id = b.user_id
  order by c.id;
end
$$;


revoke execute on function private.claim_booking_mails(integer) from public;
grant execute on function private.claim_booking_mails(integer) to service_role;

-- Before an event row goes: its open bookings are cancelled by whoever deletes it (an admin;
-- the venue), the waitlisted ones first so that no cancellation promotes a booking that is
-- about to be cancelled too.
create or replace function private.cancel_bookings_of_removed_event()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  update public.event_bookings b
  set status = 'cancelled', cancelled_by = coalesce(auth.uid(), b.cancelled_by)
  where b.event_id = old.id and b.status = 'waitlisted';
  update public.event_bookings b
  set status = 'cancelled', cancelled_by = coalesce(auth.uid(), b.cancelled_by)
  where b.event_id = old.id and b.status in ('pending', 'approved');
  return old;
end
$$;

revoke execute on function private.cancel_bookings_of_removed_event() from public;

create trigger events_cancel_bookings_before_delete
  before delete on public.events
  for each row execute function private.cancel_bookings_of_removed_event();

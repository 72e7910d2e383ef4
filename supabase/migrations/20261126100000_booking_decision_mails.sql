-- The admin's decision on a booking (approved, rejected) is a booking mail
-- like the others: the trigger queues it in the outbox in the same
-- transaction as the status change, and the booking-mails job sends it. So a
-- decision is mailed whoever made it and however (the dashboard, the REST API,
-- SQL), even when the admin's page is closed right after, and a decision that
-- rolls back queues nothing.
--
-- Mails of one booking go out in the order their events happened (the
-- outbox id): a mail is handed out only when every earlier mail of its
-- booking is sent, or has been given up after its last attempt. So a guest
-- never reads "approved" before "we received your request", also when the
-- earlier mail failed and waits for its retry.

alter table private.booking_mails drop constraint booking_mails_kind_check;
alter table private.booking_mails
  add constraint booking_mails_kind_check
  check (kind in ('received', 'waitlisted', 'promoted', 'cancelled', 'reminder', 'approved', 'rejected'));

comment on table private.booking_mails is
  'Outbox of booking mails, sent per booking in id order; drained by public.claim_booking_mails / complete_booking_mail.';

-- The open mails of a booking, for the "earlier mail still open" check.
create index booking_mails_open_by_booking_idx
  on private.booking_mails (booking_id, id) where sent_at is null;

-- How many times a mail is tried before it is given up.
create or replace function private.booking_mail_attempts()
returns integer
language sql
immutable
set search_path = ''
as $$
  select 5
$$;

revoke execute on function private.booking_mail_attempts() from public;

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
      when new.status = 'cancelled' then 'cancelled'
      when new.status = 'approved' then 'approved'
      when new.status = 'rejected' then 'rejected'
    end;
  end if;
  if kind is not null then
    insert into private.booking_mails (booking_id, kind) values (new.id, kind);
  end if;
  return null;
end
$$;

revoke execute on function private.queue_booking_mail() from public;

-- As before (reminders queued, unverified addresses and stale reminders
-- closed, due mails locked for five minutes, a fresh cancel token each), and
-- only the oldest open mail of each booking: a later one waits while an
-- earlier one is unsent and not given up (still being tried or waiting for
-- its retry).
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
    returning m.id, m.kind, m.booking_id
  )
  select c.id, c.kind, b.id, b.booking_code, u.email::text, b.name, b.event_id, b.event_title,
         b.event_date, b.occasion, b.number_of_guests, b.status, b.admin_notes,
         case when private.booking_cancellable(b) then private.issue_cancel_token(b.id) end
  from claimed c
  join public.event_bookings b on b.id = c.booking_id
  join auth.users u on u.id = b.user_id
  order by c.id;
end
$$;

revoke execute on function private.claim_booking_mails(integer) from public;
grant execute on function private.claim_booking_mails(integer) to service_role;

-- Marks a claimed mail sent, or records why it failed. A failed mail is
-- tried again later (after 5, 10, 15, 20 minutes); after its last attempt it
-- is given up at once, so the booking's later mails no longer wait for it.
create or replace function private.complete_booking_mail(mail_id bigint, failure text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if failure is null then
    update private.booking_mails m
    set sent_at = now(), locked_until = null, last_error = null
    where m.id = mail_id;
  else
    update private.booking_mails m
    set locked_until = case when m.attempts >= private.booking_mail_attempts() then null
                            else now() + m.attempts * interval '5 minutes' end,
        last_error = left(failure, 500)
    where m.id = mail_id;
  end if;
  if not found then
    raise exception 'No booking mail %', mail_id using errcode = 'P0002';
  end if;
end
$$;

revoke execute on function private.complete_booking_mail(bigint, text) from public;
grant execute on function private.complete_booking_mail(bigint, text) to service_role;

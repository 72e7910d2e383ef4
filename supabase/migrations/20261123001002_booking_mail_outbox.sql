-- The booking mails a guest gets without anyone pressing a button: request
-- received (with the booking code), waitlisted, moved up from the waitlist,
-- cancelled, and a reminder about 24 hours before an approved booking. The
-- triggers write them to an outbox in the same transaction as the change;
-- a scheduled job (the backend's timer, or pg_cron calling the booking-mails
-- edge function on hosted Supabase) claims them, sends them and marks them.
-- The admin's approve/reject decision is mailed by send-booking-notification,
-- so it is not queued here.

create table private.booking_mails (
  id bigint generated always as identity primary key,
  booking_id uuid not null references public.event_bookings (id) on delete cascade,
  kind text not null
    constraint booking_mails_kind_check
    check (kind in ('received', 'waitlisted', 'promoted', 'cancelled', 'reminder')),
  created_at timestamptz not null default now(),
  send_after timestamptz not null default now(),
  attempts integer not null default 0,
  locked_until timestamptz,
  sent_at timestamptz,
  last_error text
);

comment on table private.booking_mails is 'Outbox of booking mails; drained by public.claim_booking_mails / complete_booking_mail.';

revoke all on table private.booking_mails from public;

create index booking_mails_due_idx on private.booking_mails (send_after, id) where sent_at is null;
create index booking_mails_booking_id_idx on private.booking_mails (booking_id);
-- One reminder per booking.
create unique index booking_mails_one_reminder_idx on private.booking_mails (booking_id) where kind = 'reminder';

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
    end;
  end if;
  if kind is not null then
    insert into private.booking_mails (booking_id, kind) values (new.id, kind);
  end if;
  return null;
end
$$;

revoke execute on function private.queue_booking_mail() from public;

create trigger event_bookings_queue_mail
  after insert or update of status on public.event_bookings
  for each row execute function private.queue_booking_mail();

-- Hours before the event the reminder goes out, and the least notice worth a
-- reminder (a booking made or approved later than that does not get one).
create or replace function private.booking_reminder_window()
returns table (lead_time interval, min_notice interval)
language sql
immutable
set search_path = ''
as $$
  select interval '24 hours', interval '2 hours'
$$;

revoke execute on function private.booking_reminder_window() from public;

-- Claims up to max_count due mails for one sender run (each locked for five
-- minutes, so parallel runs never send the same mail), after queueing the
-- reminders that are due. Each mail comes with what its text needs, the
-- member's verified address (never the address typed into the form) and a
-- fresh cancel-link token while the booking can still be cancelled. Mails
-- for a member without a verified address are closed unsent.
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
      and m.attempts < 5
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

-- Marks a claimed mail sent, or records why it failed; a failed mail is
-- tried again later (after 5, 10, 15, 20 minutes; five attempts in all).
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
    set locked_until = now() + m.attempts * interval '5 minutes', last_error = left(failure, 500)
    where m.id = mail_id;
  end if;
  if not found then
    raise exception 'No booking mail %', mail_id using errcode = 'P0002';
  end if;
end
$$;

revoke execute on function private.complete_booking_mail(bigint, text) from public;
grant execute on function private.complete_booking_mail(bigint, text) to service_role;

-- The RPCs the mail senders call (service role only).

create or replace function public.claim_booking_mails(max_count integer default 25)
returns table (
  mail_id bigint, kind text, booking_id uuid, booking_code text, to_email text, guest_name text,
  event_id uuid, event_title text, event_date timestamptz, occasion text, number_of_guests integer,
  status text, admin_notes text, cancel_token text
)
language sql
volatile
set search_path = ''
as $$
  select * from private.claim_booking_mails(max_count)
$$;

revoke execute on function public.claim_booking_mails(integer) from public, anon, authenticated;
grant execute on function public.claim_booking_mails(integer) to service_role;

create or replace function public.complete_booking_mail(mail_id bigint, failure text default null)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.complete_booking_mail(mail_id, failure)
$$;

revoke execute on function public.complete_booking_mail(bigint, text) from public, anon, authenticated;
grant execute on function public.complete_booking_mail(bigint, text) to service_role;

-- Sending the dinner-reservation mails: the reservation functions queue
-- confirmed, changed, cancelled and table_opened rows in
-- public.reservation_mail_outbox in the same transaction as the change; the
-- reminder the day before is queued here when the sender claims. The
-- booking-mails job (the backend's timer locally, pg_cron on hosted
-- Supabase) claims due rows, sends them to the guest's verified address and
-- marks them, exactly as it does for the event-booking outbox.

alter table public.reservation_mail_outbox
  add column attempts integer not null default 0,
  add column locked_until timestamptz,
  add column last_error text;

comment on table public.reservation_mail_outbox is
  'Reservation mails waiting to be sent, per reservation in id order; drained by public.claim_reservation_mails / complete_reservation_mail. Service role only.';

create index reservation_mail_outbox_open_idx on public.reservation_mail_outbox (id) where sent_at is null;
-- One reminder per reservation.
create unique index reservation_mail_outbox_one_reminder_idx
  on public.reservation_mail_outbox (reservation_id) where kind = 'reminder';

-- Claims up to max_count due reservation mails for one sender run (each
-- locked for five minutes, so parallel runs never send the same mail), after
-- queueing the reminders that are due (a booked table starting in 2 to 24
-- hours, booked at least 2 hours before its time). Only the oldest open mail
-- of a reservation is handed out, so "changed" never arrives before
-- "confirmed". Mails for a guest without a verified address, and reminders
-- of a reservation no longer booked, are closed unsent. Each row carries
-- what the mail says, and the calendar sequence (how many mails of the
-- reservation came before it) so a calendar replaces its entry in order.
create or replace function private.claim_reservation_mails(max_count integer default 25)
returns table (
  mail_id bigint,
  kind text,
  reservation_id uuid,
  code text,
  to_email text,
  guest_name text,
  party_size integer,
  starts_at timestamptz,
  ends_at timestamptz,
  status text,
  occasion text,
  special_requests text,
  calendar_sequence integer
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
  insert into public.reservation_mail_outbox (reservation_id, kind)
  select r.id, 'reminder'
  from public.reservations r
  where r.status = 'booked'
    and r.user_id is not null
    and r.starts_at > now() + w.min_notice
    and r.starts_at <= now() + w.lead_time
    and r.created_at <= r.starts_at - w.min_notice
  on conflict do nothing;

  update public.reservation_mail_outbox m
  set sent_at = now(), last_error = 'The guest has no verified e-mail address'
  from public.reservations r
  left join auth.users u on u.id = r.user_id
  where m.reservation_id = r.id and m.sent_at is null
    and (u.id is null or u.email_confirmed_at is null or coalesce(u.email, '') = '');

  update public.reservation_mail_outbox m
  set sent_at = now(), last_error = 'The guest has no verified e-mail address'
  from public.reservation_waitlist wl
  left join auth.users u on u.id = wl.user_id
  where m.waitlist_id = wl.id and m.sent_at is null
    and (u.id is null or u.email_confirmed_at is null or coalesce(u.email, '') = '');

  update public.reservation_mail_outbox m
  set sent_at = now(), last_error = 'The reservation is no longer booked'
  from public.reservations r
  where m.reservation_id = r.id and m.sent_at is null and m.kind = 'reminder'
    and (r.status <> 'booked' or r.starts_at <= now());

  -- A freed table announced for a time that has passed is not worth sending.
  update public.reservation_mail_outbox m
  set sent_at = now(), last_error = 'The time has passed'
  from public.reservation_waitlist wl
  where m.waitlist_id = wl.id and m.sent_at is null and wl.starts_at <= now();

  return query
  with due as (
    select m.id from public.reservation_mail_outbox m
    where m.sent_at is null
      and (m.locked_until is null or m.locked_until < now())
      and m.attempts < tries
      and not exists (
        select 1 from public.reservation_mail_outbox e
        where e.reservation_id = m.reservation_id and e.id < m.id and e.sent_at is null
          and (e.attempts < tries or e.locked_until > now())
      )
    order by m.id
    limit greatest(least(coalesce(max_count, 25), 100), 1)
    for update skip locked
  ),
  claimed as (
    update public.reservation_mail_outbox m
    set locked_until = now() + interval '5 minutes', attempts = m.attempts + 1
    from due where m.id = due.id
    returning m.id, m.kind, m.reservation_id, m.waitlist_id
  )
  select c.id, c.kind, r.id, r.code, u.email::text,
    coalesce(r.guest_name, nullif(btrim(concat_ws(' ', p.first_name, p.last_name)), ''), 'Guest'),
    coalesce(r.party_size, wl.party_size)::integer,
    coalesce(r.starts_at, wl.starts_at),
    coalesce(r.ends_at, wl.starts_at + make_interval(mins => private.turn_minutes(wl.party_size))),
    r.status,
    coalesce(r.occasion, ''),
    coalesce(r.special_requests, ''),
    case when r.id is null then 0
      else (select count(*)::integer from public.reservation_mail_outbox o
            where o.reservation_id = r.id and o.id < c.id and o.kind <> 'reminder') end
  from claimed c
  left join public.reservations r on r.id = c.reservation_id
  left join public.reservation_waitlist wl on wl.id = c.waitlist_id
  join auth.users u on u.id = coalesce(r.user_id, wl.user_id)
  left join public.profiles p on p.user_id = wl.user_id
  order by c.id;
end
$$;

revoke execute on function private.claim_reservation_mails(integer) from public, anon, authenticated;
grant execute on function private.claim_reservation_mails(integer) to service_role;

-- Marks a claimed mail sent, or records why it failed; a failed mail is
-- tried again later (after 5, 10, 15, 20 minutes) and given up after its
-- last attempt, so the reservation's later mails no longer wait for it.
create or replace function private.complete_reservation_mail(mail_id bigint, failure text default null)
returns void
language plpgsql
volatile
security definer
set search_path = ''
as $$
begin
  if failure is null then
    update public.reservation_mail_outbox m
    set sent_at = now(), locked_until = null, last_error = null
    where m.id = mail_id;
  else
    update public.reservation_mail_outbox m
    set locked_until = case when m.attempts >= private.booking_mail_attempts() then null
                            else now() + m.attempts * interval '5 minutes' end,
        last_error = left(failure, 500)
    where m.id = mail_id;
  end if;
  if not found then
    raise exception 'No reservation mail %', mail_id using errcode = 'P0002';
  end if;
end
$$;

revoke execute on function private.complete_reservation_mail(bigint, text) from public, anon, authenticated;
grant execute on function private.complete_reservation_mail(bigint, text) to service_role;

create or replace function public.claim_reservation_mails(max_count integer default 25)
returns table (
  mail_id bigint, kind text, reservation_id uuid, code text, to_email text, guest_name text,
  party_size integer, starts_at timestamptz, ends_at timestamptz, status text, occasion text,
  special_requests text, calendar_sequence integer
)
language sql
volatile
set search_path = ''
as $$
  select * from private.claim_reservation_mails(max_count)
$$;

revoke execute on function public.claim_reservation_mails(integer) from public, anon, authenticated;
grant execute on function public.claim_reservation_mails(integer) to service_role;

create or replace function public.complete_reservation_mail(mail_id bigint, failure text default null)
returns void
language sql
volatile
set search_path = ''
as $$
  select private.complete_reservation_mail(mail_id, failure)
$$;

revoke execute on function public.complete_reservation_mail(bigint, text) from public, anon, authenticated;
grant execute on function public.complete_reservation_mail(bigint, text) to service_role;

-- Analytics the admin can trust: bookings and sign-ups are recorded by the database itself, as
-- they happen (client_reported false); what a member's app sends (offer_redeemed,
-- photo_uploaded) is marked client_reported, limited to `analytics_rows_per_hour` rows per member
-- an hour, and can never claim to be a booking or a sign-up.

alter table public.analytics
  add column client_reported boolean not null default true;

comment on column public.analytics.client_reported is
  'True for rows a member''s app sent (they may be forged); false for rows the database wrote.';

alter table public.analytics drop constraint analytics_event_type_check;
alter table public.analytics
  add constraint analytics_event_type_check
  check (event_type in ('offer_redeemed', 'photo_uploaded', 'booking_created', 'signed_up'));

insert into private.limits (name, value, description) values
  ('analytics_rows_per_hour', 20, 'Analytics rows one member''s app may send in an hour');

-- Security invoker on purpose: current_user is the role that writes. A member's own insert runs
-- as authenticated; the database's triggers below run as the table owner.
create or replace function private.check_client_analytics()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  _sent integer;
  _max integer;
begin
  if current_user not in ('authenticated', 'anon') then
    return new;
  end if;
  new.client_reported := true;
  if new.event_type in ('booking_created', 'signed_up') then
    raise exception 'Bookings and sign-ups are recorded by the database' using errcode = '42501';
  end if;
  perform pg_advisory_xact_lock(hashtextextended('analytics:member:' || coalesce(new.user_id::text, ''), 0));
  _max := private.limit_value('analytics_rows_per_hour');
  select count(*) into _sent from public.analytics a
  where a.user_id = new.user_id and a.client_reported and a.created_at > now() - interval '1 hour';
  if _sent >= _max then
    raise exception 'Too many analytics events (% an hour)', _max using errcode = 'P0001';
  end if;
  return new;
end
$$;

revoke execute on function private.check_client_analytics() from public;
grant execute on function private.check_client_analytics() to authenticated;

create trigger analytics_check_client
  before insert on public.analytics
  for each row execute function private.check_client_analytics();

-- A member's app may no longer state the flag, nor rewrite rows.
revoke insert on table public.analytics from authenticated;
grant insert (user_id, event_type, event_data) on table public.analytics to authenticated;

create or replace function private.record_booking_analytics()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if new.user_id is not null then
    insert into public.analytics (user_id, event_type, event_data, client_reported)
    values (
      new.user_id,
      'booking_created',
      jsonb_build_object(
        'event_id', new.event_id,
        'event_title', new.event_title,
        'guests', new.number_of_guests
      ),
      false
    );
  end if;
  return null;
end
$$;

revoke execute on function private.record_booking_analytics() from public;

create trigger event_bookings_record_analytics
  after insert on public.event_bookings
  for each row execute function private.record_booking_analytics();

create or replace function private.record_signup_analytics()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  if exists (select 1 from auth.users u where u.id = new.user_id and not u.is_anonymous) then
    insert into public.analytics (user_id, event_type, event_data, client_reported)
    values (new.user_id, 'signed_up', '{}'::jsonb, false);
  end if;
  return null;
end
$$;

revoke execute on function private.record_signup_analytics() from public;

create trigger profiles_record_signup_analytics
  after insert on public.profiles
  for each row execute function private.record_signup_analytics();

-- The audit trail: every change a staff member (an admin) makes to guests'
-- data or to the venue's content is written by the database itself, in the
-- same transaction, to public.audit_log: who (auth.uid() and their e-mail at
-- the time), when, what (an action such as booking.approved), on which row and
-- for whose account, with the columns before and after. Only admins read it.
-- Nobody changes or removes a row, not even an admin or the service role:
-- update, delete and truncate are refused by triggers, except through
-- private.prune_audit_log, the retention job.
--
-- venue_changes stays as the Venue tab's own history; the trail records the
-- same venue changes beside every other staff action.
--
-- A change made by a trigger (a cascade, a counter, the bookings an event's
-- removal cancels) is part of the action that caused it and is not recorded
-- again; deleting a user is one action (user.deleted), not one per row of
-- theirs that goes with them.

create table public.audit_log (
  id bigint generated always as identity primary key,
  at timestamptz not null default now(),
  -- No foreign key: the actor's account may be deleted, the row stays as written.
  actor_id uuid,
  actor_email text,
  action text not null,
  table_name text not null,
  row_key text,
  -- The member whose data changed (the row's user_id), when the row has one.
  subject_user_id uuid,
  -- The columns that changed: before (null for an insert) and after (null for a delete).
  old_values jsonb,
  new_values jsonb
);

comment on table public.audit_log is
  'Audit trail of staff actions (who, when, what, before/after). Admins read it; nobody updates or deletes it except retention.';

create index audit_log_at_idx on public.audit_log (at desc, id desc);
create index audit_log_actor_id_idx on public.audit_log (actor_id, at desc);
create index audit_log_action_idx on public.audit_log (action, at desc);
create index audit_log_subject_user_id_idx on public.audit_log (subject_user_id, at desc);

revoke all on table public.audit_log from public, anon, authenticated, service_role;
grant select on table public.audit_log to authenticated, service_role;

alter table public.audit_log enable row level security;

create policy "Admins can read the audit trail"
  on public.audit_log for select to authenticated
  using ((select private.is_admin()));

-- Append-only: no update, delete or truncate, whoever asks, unless the
-- retention function set its flag for this transaction.
create or replace function private.audit_log_append_only()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_setting('bistro.audit_retention', true) = 'on' and tg_op = 'DELETE' then
    return old;
  end if;
  raise exception 'The audit trail is append-only: % is not allowed', lower(tg_op)
    using errcode = '42501';
end
$$;

revoke execute on function private.audit_log_append_only() from public;

create trigger audit_log_append_only
  before update or delete on public.audit_log
  for each row execute function private.audit_log_append_only();

create trigger audit_log_no_truncate
  before truncate on public.audit_log
  for each statement execute function private.audit_log_append_only();

-- Retention: removes the rows older than _keep; the only way rows leave.
create or replace function private.prune_audit_log(_keep interval)
returns integer
language plpgsql
security definer
set search_path = ''
as $$
declare
  removed integer;
begin
  if _keep is null or _keep < interval '1 day' then
    raise exception 'Audit retention keeps at least one day' using errcode = '22023';
  end if;
  perform set_config('bistro.audit_retention', 'on', true);
  delete from public.audit_log where at < now() - _keep;
  get diagnostics removed = row_count;
  perform set_config('bistro.audit_retention', '', true);
  return removed;
end
$$;

revoke execute on function private.prune_audit_log(interval) from public, anon, authenticated;
grant execute on function private.prune_audit_log(interval) to service_role;

-- The action's name: <subject>.<verb>, the verb read from what changed.
create or replace function private.audit_action(_subject text, _op text, _changed jsonb, _after jsonb)
returns text
language sql
immutable
set search_path = ''
as $$
  select _subject || '.' || case
    when _subject = 'role' and _op = 'INSERT' then 'granted'
    when _subject = 'role' and _op = 'DELETE' then 'revoked'
    when _op = 'INSERT' then 'created'
    when _op = 'DELETE' then 'deleted'
    when _changed ? 'status' then coalesce(_after ->> 'status', 'updated')
    when _changed ? 'checked_in_at' and _after ->> 'checked_in_at' is not null then 'checked_in'
    when _changed ? 'is_approved' then case when (_after ->> 'is_approved')::boolean then 'approved' else 'unapproved' end
    when _changed ? 'rejected_at' and _after ->> 'rejected_at' is not null then 'rejected'
    when _changed ? 'is_featured' then case when (_after ->> 'is_featured')::boolean then 'featured' else 'unfeatured' end
    when _changed ? 'queue_position' then 'moved'
    when _changed ? 'eighty_sixed_on' then case when _after ->> 'eighty_sixed_on' is null then 'back_on' else 'eighty_sixed' end
    else 'updated'
  end
$$;

revoke execute on function private.audit_action(text, text, jsonb, jsonb) from public;

-- The row trigger: tg_argv[0] is the key column, tg_argv[1] the action's subject.
create or replace function private.audit_staff_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  key_column text := tg_argv[0];
  subject text := tg_argv[1];
  before jsonb := case when tg_op in ('UPDATE', 'DELETE') then to_jsonb(old) end;
  after jsonb := case when tg_op in ('INSERT', 'UPDATE') then to_jsonb(new) end;
  old_changed jsonb;
  new_changed jsonb;
  subject_user uuid;
  actor uuid := auth.uid();
begin
  -- Staff actions only, and only the statement's own rows.
  if actor is null or pg_trigger_depth() > 1 or not private.is_admin() then
    return null;
  end if;
  subject_user := nullif(coalesce(after ->> 'user_id', before ->> 'user_id'), '')::uuid;
  -- Deleting a user records the user.deleted row only.
  if tg_op = 'DELETE' and subject <> 'user'
     and subject_user::text = current_setting('bistro.audit_deleting_user', true) then
    return null;
  end if;
  if tg_op = 'UPDATE' then
    select coalesce(jsonb_object_agg(b.key, b.value), '{}'::jsonb),
           coalesce(jsonb_object_agg(b.key, after -> b.key), '{}'::jsonb)
      into old_changed, new_changed
      from jsonb_each(before) as b(key, value)
     where b.key not in ('updated_at')
       and b.value is distinct from after -> b.key;
    if old_changed = '{}'::jsonb then
      return null;
    end if;
  else
    old_changed := before;
    new_changed := after;
  end if;
  insert into public.audit_log (
    actor_id, actor_email, action, table_name, row_key, subject_user_id, old_values, new_values
  ) values (
    actor,
    (select u.email from auth.users as u where u.id = actor),
    private.audit_action(subject, tg_op, coalesce(new_changed, '{}'::jsonb), after),
    tg_table_name,
    coalesce(after ->> key_column, before ->> key_column),
    subject_user,
    old_changed,
    new_changed
  );
  return null;
end
$$;

revoke execute on function private.audit_staff_change() from public;

create trigger event_bookings_audit
  after insert or update or delete on public.event_bookings
  for each row execute function private.audit_staff_change('id', 'booking');
create trigger events_audit
  after insert or update or delete on public.events
  for each row execute function private.audit_staff_change('id', 'event');
create trigger photo_wall_audit
  after insert or update or delete on public.photo_wall
  for each row execute function private.audit_staff_change('id', 'photo');
create trigger song_requests_audit
  after insert or update or delete on public.song_requests
  for each row execute function private.audit_staff_change('id', 'song_request');
create trigger user_roles_audit
  after insert or update or delete on public.user_roles
  for each row execute function private.audit_staff_change('user_id', 'role');
create trigger profiles_audit
  after update or delete on public.profiles
  for each row execute function private.audit_staff_change('user_id', 'user');
create trigger offers_audit
  after insert or update or delete on public.offers
  for each row execute function private.audit_staff_change('id', 'offer');
create trigger venue_settings_audit
  after update on public.venue_settings
  for each row execute function private.audit_staff_change('id', 'venue_settings');
create trigger venue_hours_audit
  after update on public.venue_hours
  for each row execute function private.audit_staff_change('weekday', 'venue_hours');
create trigger venue_hour_exceptions_audit
  after insert or update or delete on public.venue_hour_exceptions
  for each row execute function private.audit_staff_change('on_date', 'venue_hours');
create trigger menu_sections_audit
  after insert or update or delete on public.menu_sections
  for each row execute function private.audit_staff_change('id', 'menu_section');
create trigger menu_items_audit
  after insert or update or delete on public.menu_items
  for each row execute function private.audit_staff_change('id', 'menu_item');
create trigger promotions_audit
  after insert or update or delete on public.promotions
  for each row execute function private.audit_staff_change('id', 'promotion');

-- Deleting a user: the same checks and deletes as before, with the flag that
-- makes the trail record it as one user.deleted action.
create or replace function private.admin_delete_user(_user_id uuid, _admin_id uuid)
returns void
language plpgsql
security definer
set search_path = ''
as $$
declare
  _caller uuid := auth.uid();
begin
  if _caller is null or not private.is_admin() then
    raise exception 'Admin privileges required' using errcode = '42501';
  end if;
  if _admin_id is distinct from _caller then
    raise exception 'Admin privileges required'
      using errcode = '42501', detail = '_admin_id must be the calling admin.';
  end if;
  if _user_id is null then
    raise exception 'A user id is required' using errcode = '22004';
  end if;
  if _user_id = _caller then
    raise exception 'You cannot delete your own admin account.' using errcode = 'P0001';
  end if;

  perform set_config('bistro.audit_deleting_user', _user_id::text, true);
  delete from public.song_votes where user_id = _user_id;
  delete from public.song_requests where user_id = _user_id;
  delete from public.dj_ratings where user_id = _user_id;
  delete from public.analytics where user_id = _user_id;
  delete from public.photo_wall where user_id = _user_id;
  delete from public.user_offers where user_id = _user_id;
  delete from public.event_bookings where user_id = _user_id;
  delete from public.user_roles where user_id = _user_id;
  delete from public.profiles where user_id = _user_id;
  delete from auth.users where id = _user_id;
  perform set_config('bistro.audit_deleting_user', '', true);
end
$$;

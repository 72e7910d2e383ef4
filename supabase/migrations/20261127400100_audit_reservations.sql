-- The audit trail covers dinner reservations: staff changing the tables, their combinations,
-- blocked times, turn times and the reservation settings, and staff acting on a guest's
-- reservation (a walk-in added, arrived / seated / finished / no-show, a cancellation, notes).
-- A guest acting on their own reservation is not a staff action and is not recorded.
create trigger reservation_settings_audit
  after update on public.reservation_settings
  for each row execute function private.audit_staff_change('id', 'reservation_settings');
create trigger reservation_turn_times_audit
  after insert or update or delete on public.reservation_turn_times
  for each row execute function private.audit_staff_change('party_max', 'turn_time');
create trigger dining_tables_audit
  after insert or update or delete on public.dining_tables
  for each row execute function private.audit_staff_change('id', 'dining_table');
create trigger dining_table_combinations_audit
  after insert or update or delete on public.dining_table_combinations
  for each row execute function private.audit_staff_change('id', 'table_combination');
create trigger dining_blocks_audit
  after insert or update or delete on public.dining_blocks
  for each row execute function private.audit_staff_change('id', 'dining_block');
create trigger reservations_audit
  after insert or update or delete on public.reservations
  for each row execute function private.audit_staff_change('id', 'reservation');

-- Staff moving a party to other tables: one reservation.moved row per reservation with the
-- tables it holds afterwards. The tables of a reservation created in the same transaction (a
-- walk-in) belong to its reservation.created row and are not recorded again.
create or replace function private.audit_reservation_tables()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  actor uuid := auth.uid();
begin
  if actor is null or pg_trigger_depth() > 1 or not private.is_admin() then
    return null;
  end if;
  insert into public.audit_log (
    actor_id, actor_email, action, table_name, row_key, subject_user_id, old_values, new_values
  )
  select actor,
         (select u.email from auth.users as u where u.id = actor),
         'reservation.moved',
         'reservation_tables',
         n.reservation_id::text,
         r.user_id,
         null,
         jsonb_build_object('table_ids', n.table_ids)
    from (
      select reservation_id, jsonb_agg(table_id order by table_id) as table_ids
        from new_rows
       group by reservation_id
    ) as n
    join public.reservations as r on r.id = n.reservation_id
   where not exists (
     select 1 from public.audit_log as a
      where a.at = now()
        and a.action = 'reservation.created'
        and a.row_key = n.reservation_id::text
   );
  return null;
end
$$;

revoke execute on function private.audit_reservation_tables() from public;

create trigger reservation_tables_audit
  after insert on public.reservation_tables
  referencing new table as new_rows
  for each statement execute function private.audit_reservation_tables();

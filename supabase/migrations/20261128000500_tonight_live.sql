-- The floor sees other staff's changes as they happen: every change of a reservation (booked,
-- changed, seated, cancelled, moved to other tables) is broadcast on the private topic
-- `staff:reservations` with only the night it belongs to (no name, no phone); the staff's
-- pages read the night again. Only staff (and admins) may join the topic.
create or replace function private.broadcast_reservation_change()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
begin
  -- both tables carry the night; a change from one night to another is news on both
  if tg_op = 'UPDATE' and old.business_date is distinct from new.business_date then
    perform realtime.send(jsonb_build_object('business_date', old.business_date),
      'reservation_changed', 'staff:reservations', true);
  end if;
  perform realtime.send(
    jsonb_build_object('business_date',
      case when tg_op = 'DELETE' then old.business_date else new.business_date end),
    'reservation_changed', 'staff:reservations', true);
  return null;
end
$$;

revoke execute on function private.broadcast_reservation_change() from public;

create trigger reservations_broadcast
  after insert or update or delete on public.reservations
  for each row execute function private.broadcast_reservation_change();

create trigger reservation_tables_broadcast
  after insert or update or delete on public.reservation_tables
  for each row execute function private.broadcast_reservation_change();

create policy "Staff join the reservations topic"
  on realtime.messages for select to authenticated
  using (
    realtime.messages.extension = 'broadcast'
    and (select realtime.topic()) = 'staff:reservations'
    and (select private.is_staff())
  );

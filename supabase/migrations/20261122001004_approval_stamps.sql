-- Approval stamps belong to the triggers: approving stamps the time and the
-- approving admin, leaving approval clears both. Clients can no longer write
-- approved_at or approved_by (the column grants are revoked), so a stamp
-- always says who really approved and when.

revoke update (approved_at, approved_by) on table public.event_bookings from authenticated;
revoke update (approved_at, approved_by) on table public.photo_wall from authenticated;

create or replace function private.prepare_booking()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.name := btrim(new.name);
    new.email := btrim(new.email);
    new.phone := btrim(new.phone);
  else
    if new.status = 'approved' and old.status is distinct from 'approved' then
      new.approved_at := now();
      new.approved_by := auth.uid();
    elsif new.status = 'approved' then
      new.approved_at := old.approved_at;
      new.approved_by := old.approved_by;
    else
      new.approved_at := null;
      new.approved_by := null;
    end if;
    new.updated_at := now();
  end if;
  return new;
end
$$;

create or replace function private.prepare_photo()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if new.is_approved and not old.is_approved then
    new.approved_at := now();
    new.approved_by := auth.uid();
  elsif new.is_approved then
    new.approved_at := old.approved_at;
    new.approved_by := old.approved_by;
  else
    new.approved_at := null;
    new.approved_by := null;
    new.is_featured := false;
  end if;
  return new;
end
$$;

-- A member sets their own birthday once: it unlocks the birthday offer, so
-- after that only an admin changes it (42501 otherwise). The other column
-- guards are unchanged.

create or replace function private.guard_profile_columns()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if current_user in ('anon', 'authenticated') then
    if tg_op = 'INSERT' then
      if new.vip_status or new.total_bookings <> 0 then
        raise exception 'Only an admin can set vip_status or total_bookings'
          using errcode = '42501';
      end if;
    else
      if new.vip_status is distinct from old.vip_status and not private.is_admin() then
        raise exception 'Only an admin can change vip_status' using errcode = '42501';
      end if;
      if new.birthday is distinct from old.birthday and old.birthday is not null
         and not private.is_admin() then
        raise exception 'Only an admin can change a birthday once it is set'
          using errcode = '42501';
      end if;
      if new.total_bookings is distinct from old.total_bookings then
        raise exception 'total_bookings is maintained by the server' using errcode = '42501';
      end if;
      if new.user_id is distinct from old.user_id or new.created_at is distinct from old.created_at then
        raise exception 'user_id and created_at cannot change' using errcode = '42501';
      end if;
    end if;
  end if;
  new.updated_at := now();
  return new;
end
$$;

-- A new member may give a birthday at sign-up (optional). It is taken from the sign-up
-- metadata only when it is a real calendar date between 1900-01-01 and today; anything else
-- is ignored, as any other metadata is. Once set it is set (profiles' column guard).

create or replace function private.handle_new_user()
returns trigger
language plpgsql
security definer
set search_path = ''
as $$
declare
  _given text := btrim(new.raw_user_meta_data ->> 'birthday');
  _birthday date;
begin
  if _given ~ '^\d{4}-\d{2}-\d{2}$' then
    begin
      _birthday := _given::date;
    exception when others then
      _birthday := null;
    end;
    if _birthday < date '1900-01-01' or _birthday > current_date then
      _birthday := null;
    end if;
  end if;
  insert into public.profiles (user_id, first_name, last_name, email, birthday)
  values (
    new.id,
    nullif(btrim(new.raw_user_meta_data ->> 'first_name'), ''),
    nullif(btrim(new.raw_user_meta_data ->> 'last_name'), ''),
    new.email,
    _birthday
  )
  on conflict (user_id) do nothing;
  return new;
end
$$;

revoke execute on function private.handle_new_user() from public;

-- A rejected event is a state of its own: events.rejected_at holds when an
-- admin rejected it. Pending is "neither approved nor rejected". The stamp
-- belongs to the trigger: approving clears it, taking an approved event back
-- (is_approved true -> false) stamps it, and a client asks to reject a pending
-- event by writing any non-null rejected_at, which the trigger replaces with
-- the server's time. Clearing it without approving makes the event pending
-- again. An event is never approved and rejected at once.

alter table public.events add column rejected_at timestamptz;

comment on column public.events.rejected_at is 'When an admin rejected the event; null while pending or approved.';

alter table public.events
  add constraint events_approved_or_rejected check (not (is_approved and rejected_at is not null));

grant update (rejected_at) on table public.events to authenticated;

create or replace function private.stamp_event_rejection()
returns trigger
language plpgsql
set search_path = ''
as $$
begin
  if tg_op = 'INSERT' then
    new.rejected_at := case when new.is_approved or new.rejected_at is null then null else now() end;
  elsif new.is_approved then
    new.rejected_at := null;
  elsif old.is_approved then
    new.rejected_at := now();
  elsif new.rejected_at is null then
    new.rejected_at := null;
  elsif old.rejected_at is null then
    new.rejected_at := now();
  else
    new.rejected_at := old.rejected_at;
  end if;
  return new;
end
$$;

revoke execute on function private.stamp_event_rejection() from public;

create trigger events_stamp_rejection
  before insert or update on public.events
  for each row execute function private.stamp_event_rejection();

-- DJ ratings: at most one rating per DJ per member per business night, and
-- never for a night that has not happened yet. rated_on is the business night
-- the rating was posted in (set by the trigger, whatever the client sends);
-- a second rating of the same DJ in the same night is a duplicate (23505),
-- like a second rating for the same performance date. A performance date
-- after tonight is refused with 23514 'performance_date_in_future'.

alter table public.dj_ratings add column rated_on date;

-- Existing ratings: the night each was posted in. Where a member already rated
-- one DJ several times in a night, the first keeps the night and the rest keep
-- rated_on null (unique ignores nulls), so no rating is lost.
update public.dj_ratings r
set rated_on = ((r.created_at at time zone private.venue_time_zone()) - interval '4 hours')::date
where r.id in (
  select distinct on (x.dj_id, x.user_id, ((x.created_at at time zone private.venue_time_zone()) - interval '4 hours')::date) x.id
  from public.dj_ratings x
  order by x.dj_id, x.user_id, ((x.created_at at time zone private.venue_time_zone()) - interval '4 hours')::date, x.created_at, x.id
);

alter table public.dj_ratings alter column rated_on set default private.business_date();
alter table public.dj_ratings
  add constraint dj_ratings_rated_on_required check (rated_on is not null) not valid;
alter table public.dj_ratings
  add constraint dj_ratings_dj_id_user_id_rated_on_key unique (dj_id, user_id, rated_on);

comment on column public.dj_ratings.rated_on is
  'The business night the rating was posted in; one rating per DJ per member per night.';

-- Trim the comment (empty -> null), stamp the night, refuse a future night.
create or replace function private.prepare_dj_rating()
returns trigger
language plpgsql
set search_path = ''
as $$
declare
  _tonight date := private.business_date();
begin
  new.comment := nullif(btrim(new.comment), '');
  new.rated_on := _tonight;
  if new.performance_date > _tonight then
    raise exception 'performance_date_in_future'
      using errcode = '23514', detail = 'A DJ can only be rated for tonight or a past night.';
  end if;
  return new;
end
$$;

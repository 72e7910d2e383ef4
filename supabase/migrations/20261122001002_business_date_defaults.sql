-- Every business-date column defaults to private.business_date(), the one
-- definition of the lounge's night.

alter table public.dj_ratings alter column performance_date set default private.business_date();
alter table public.song_requests alter column event_date set default private.business_date();
alter table public.song_votes alter column event_date set default private.business_date();

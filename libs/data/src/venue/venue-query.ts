import { queryOptions, useQuery } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { venueWallClock } from '../lib/venue-time';
import { venueKeys } from './keys';
import { toVenue, type Venue } from './venue-record';

/** Today's date at the venue, YYYY-MM-DD. */
export function venueToday(now: Date = new Date()): string {
  const { year, month, day } = venueWallClock(now);
  return `${year}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/**
 * The venue record (everyone may read it): the settings row, the seven
 * weekdays' hours and the dates with other hours from today on.
 */
export async function fetchVenue(vars: { now?: Date } = {}, signal?: AbortSignal): Promise<Venue> {
  const supabase = getSupabase();
  let settings = supabase.from('venue_settings').select('*').limit(1);
  let hours = supabase
    .from('venue_hours')
    .select('weekday, is_closed, opens_at, closes_at')
    .order('weekday');
  let exceptions = supabase
    .from('venue_hour_exceptions')
    .select('id, on_date, label, is_closed, opens_at, closes_at')
    .gte('on_date', venueToday(vars.now))
    .order('on_date')
    .limit(50);
  if (signal) {
    settings = settings.abortSignal(signal);
    hours = hours.abortSignal(signal);
    exceptions = exceptions.abortSignal(signal);
  }
  const [s, h, e] = await Promise.all([settings, hours, exceptions]);
  const row = unwrap(s)?.[0];
  if (!row) throw new DataError({ code: 'PGRST116', message: 'The venue record is missing.' });
  return toVenue(row, unwrap(h) ?? [], unwrap(e) ?? []);
}

export const venueQueryOptions = () =>
  queryOptions({
    queryKey: venueKeys.record(),
    queryFn: ({ signal }) => fetchVenue({}, signal),
  });

/** The venue record, shared by every screen that shows it (one request per page). */
export const useVenue = () => useQuery(venueQueryOptions());

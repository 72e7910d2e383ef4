import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { businessDate } from '../lib/business-date';
import { LOUNGE_POLL_INTERVAL_MS, SONG_REQUEST_VISIBLE_HOURS } from './constants';
import { songRequestKeys } from './keys';

export type SongRequest = Tables<'song_requests'>;

/**
 * Tonight's requests: dated tonight's business date, created
 * within the last 6 hours, most voted first, then oldest first.
 */
export async function fetchTonightsSongRequests(
  vars: { eventDate: string; now?: Date },
  signal?: AbortSignal,
): Promise<SongRequest[]> {
  const now = vars.now ?? new Date();
  const since = new Date(now.getTime() - SONG_REQUEST_VISIBLE_HOURS * 3_600_000).toISOString();
  let query = getSupabase()
    .from('song_requests')
    .select('*')
    .eq('event_date', vars.eventDate)
    .gte('created_at', since)
    .order('vote_count', { ascending: false })
    .order('created_at', { ascending: true });
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

/**
 * pollMs: the refresh interval, 5 s unless the page has a live channel (see
 * realtime/pollIntervalFor).
 */
export const tonightsSongRequestsQueryOptions = (
  eventDate: string = businessDate(),
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) =>
  queryOptions({
    queryKey: songRequestKeys.tonight(eventDate),
    queryFn: ({ signal }) => fetchTonightsSongRequests({ eventDate }, signal),
    // Polled every 5 s (slower while live updates arrive) but only while the
    // tab is visible; the previous list stays on screen while a refetch (or the
    // next night's key) loads.
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: LOUNGE_POLL_INTERVAL_MS,
  });

export function useTonightsSongRequests(
  eventDate: string = businessDate(),
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) {
  return useQuery(tonightsSongRequestsQueryOptions(eventDate, pollMs));
}

import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';
import { djRatingKeys } from './keys';

export type DjRating = Tables<'dj_ratings'>;

/** Reviews fetched for the DJ dialog and the lounge's Live Reviews. */
export const DJ_REVIEWS_FETCHED = 5;

export interface DjRatingsPage {
  /** Newest first, at most 5. */
  ratings: DjRating[];
  /** How many ratings match in all (for the date, when one is given). */
  total: number;
}

/** A DJ's newest ratings, optionally only those for one performance date. */
export async function fetchDjRatings(
  vars: { djId: string; performanceDate?: string; limit?: number },
  signal?: AbortSignal,
): Promise<DjRatingsPage> {
  let query = getSupabase()
    .from('dj_ratings')
    .select('*', { count: 'exact' })
    .eq('dj_id', vars.djId);
  if (vars.performanceDate) query = query.eq('performance_date', vars.performanceDate);
  query = query.order('created_at', { ascending: false }).limit(vars.limit ?? DJ_REVIEWS_FETCHED);
  if (signal) query = query.abortSignal(signal);
  const result = await query;
  const ratings = unwrap(result) ?? [];
  return { ratings, total: result.count ?? ratings.length };
}

/** The DJ's 5 latest reviews (the /djs rating dialog). */
export const latestDjRatingsQueryOptions = (djId: string) =>
  queryOptions({
    queryKey: djRatingKeys.latest(djId),
    queryFn: ({ signal }) => fetchDjRatings({ djId }, signal),
  });

export function useLatestDjRatings(djId: string | undefined) {
  return useQuery({ ...latestDjRatingsQueryOptions(djId ?? ''), enabled: !!djId });
}

/** The DJ's ratings for one performance date, polled (the lounge's live DJ card). */
export const djRatingsForDateQueryOptions = (
  djId: string,
  performanceDate: string,
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) =>
  queryOptions({
    queryKey: djRatingKeys.forDate(djId, performanceDate),
    queryFn: ({ signal }) => fetchDjRatings({ djId, performanceDate }, signal),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: LOUNGE_POLL_INTERVAL_MS,
  });

export function useDjRatingsForDate(
  djId: string | undefined,
  performanceDate: string,
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) {
  return useQuery({
    ...djRatingsForDateQueryOptions(djId ?? '', performanceDate, pollMs),
    enabled: !!djId,
  });
}

/** The live DJ's ratings for a night, and which DJ that was (null: no DJ is active). */
export interface LiveDjRatingsPage extends DjRatingsPage {
  djId: string | null;
}

/**
 * The ratings of the live DJ (the first active DJ by name, as fetchLiveDj picks
 * it) for one performance date, in one request that does not wait for the DJ:
 * the DJ row embeds its 5 newest ratings of that date and the ids of all of
 * them (the count; PostgREST's count() needs aggregates, which are off). The
 * ratings are read under the same row-level security as a dj_ratings select,
 * and a DJ rating is one per member per night, so the ids stay few.
 */
export async function fetchLiveDjRatings(
  performanceDate: string,
  signal?: AbortSignal,
): Promise<LiveDjRatingsPage> {
  let query = getSupabase()
    .from('djs')
    .select('id, recent:dj_ratings(*), tonight:dj_ratings(id)')
    .eq('is_active', true)
    .eq('recent.performance_date', performanceDate)
    .eq('tonight.performance_date', performanceDate)
    .order('name')
    .order('created_at', { referencedTable: 'recent', ascending: false })
    .limit(DJ_REVIEWS_FETCHED, { referencedTable: 'recent' })
    .limit(1);
  if (signal) query = query.abortSignal(signal);
  const dj = (unwrap(await query) ?? [])[0];
  if (!dj) return { djId: null, ratings: [], total: 0 };
  return { djId: dj.id, ratings: dj.recent, total: dj.tonight.length };
}

/** The live DJ's ratings for one performance date, polled (the lounge's live DJ card). */
export const liveDjRatingsQueryOptions = (
  performanceDate: string,
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) =>
  queryOptions({
    queryKey: djRatingKeys.liveTonight(performanceDate),
    queryFn: ({ signal }) => fetchLiveDjRatings(performanceDate, signal),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: LOUNGE_POLL_INTERVAL_MS,
  });

export function useLiveDjRatings(
  performanceDate: string,
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) {
  return useQuery(liveDjRatingsQueryOptions(performanceDate, pollMs));
}

/**
 * Whether the member has rated this DJ for this night already (one rating per DJ per night,
 * dj_ratings' unique key): the lounge says so before opening the rating dialog.
 */
export async function fetchHasRated(
  vars: { userId: string; djId: string; performanceDate: string },
  signal?: AbortSignal,
): Promise<boolean> {
  let query = getSupabase()
    .from('dj_ratings')
    .select('id')
    .eq('user_id', vars.userId)
    .eq('dj_id', vars.djId)
    .eq('performance_date', vars.performanceDate)
    .limit(1);
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? []).length > 0;
}

export function useHasRatedTonight(
  userId: string | undefined,
  djId: string | undefined,
  performanceDate: string,
) {
  return useQuery({
    queryKey: djRatingKeys.mine(userId ?? '', djId ?? '', performanceDate),
    queryFn: ({ signal }) =>
      fetchHasRated({ userId: userId ?? '', djId: djId ?? '', performanceDate }, signal),
    enabled: !!userId && !!djId,
  });
}

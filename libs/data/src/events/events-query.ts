import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { eventKeys } from './keys';

/**
 * An event as guests see it: approved ones only, so the moderation stamp
 * (rejected_at, always null on an approved event) is not part of it.
 */
export type EventRow = Omit<Tables<'events'>, 'rejected_at'>;

/** Home shows this many upcoming events. */
export const HOME_UPCOMING_EVENTS = 3;

/**
 * Approved events from now on, soonest first; `limit` caps the list (home: 3,
 * events page: all). RLS lets admins read unapproved events too, so the
 * approval filter is explicit.
 */
export async function fetchUpcomingEvents(
  vars: { limit?: number; now?: Date },
  signal?: AbortSignal,
): Promise<EventRow[]> {
  let query = getSupabase()
    .from('events')
    .select('*')
    .eq('is_approved', true)
    .gte('event_date', (vars.now ?? new Date()).toISOString())
    .order('event_date', { ascending: true });
  if (vars.limit !== undefined) query = query.limit(vars.limit);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const upcomingEventsQueryOptions = (limit: number = HOME_UPCOMING_EVENTS) =>
  queryOptions({
    queryKey: eventKeys.upcoming(limit),
    queryFn: ({ signal }) => fetchUpcomingEvents({ limit }, signal),
  });

export const approvedEventsQueryOptions = () =>
  queryOptions({
    queryKey: eventKeys.approved(),
    queryFn: ({ signal }) => fetchUpcomingEvents({}, signal),
  });

/** Home: the next 3 approved events. */
export const useUpcomingEvents = (limit: number = HOME_UPCOMING_EVENTS) =>
  useQuery(upcomingEventsQueryOptions(limit));

/** Events page: every approved upcoming event, ascending by date. */
export const useApprovedEvents = () => useQuery(approvedEventsQueryOptions());

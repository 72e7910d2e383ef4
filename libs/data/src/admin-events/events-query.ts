import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { fetchNewestFirst } from '../lib/admin';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { adminEventKeys } from './keys';

export type AdminEvent = Tables<'events'>;

/** Every event, pending or approved, newest created first (admins only, by RLS). */
export const fetchAdminEvents = (signal?: AbortSignal): Promise<AdminEvent[]> =>
  fetchNewestFirst('events', signal);

export const adminEventsQueryOptions = () =>
  queryOptions({
    queryKey: adminEventKeys.list(),
    queryFn: ({ signal }) => fetchAdminEvents(signal),
  });

export const useAdminEvents = () => useQuery(adminEventsQueryOptions());

/**
 * How many bookings of an event are still open (pending, approved, waitlisted): the ones
 * deleting the event cancels, each guest told by mail.
 */
export async function fetchOpenBookingCount(
  eventId: string,
  signal?: AbortSignal,
): Promise<number> {
  let query = getSupabase()
    .from('event_bookings')
    .select('id', { count: 'exact', head: true })
    .eq('event_id', eventId)
    .in('status', ['pending', 'approved', 'waitlisted']);
  if (signal) query = query.abortSignal(signal);
  const result = await query;
  unwrap(result);
  return result.count ?? 0;
}

export const useEventOpenBookingCount = (eventId: string | undefined) =>
  useQuery({
    queryKey: adminEventKeys.openBookings(eventId ?? ''),
    queryFn: ({ signal }) => fetchOpenBookingCount(eventId ?? '', signal),
    enabled: !!eventId,
  });

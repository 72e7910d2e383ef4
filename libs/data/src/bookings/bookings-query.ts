import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

export type BookingRow = Tables<'event_bookings'>;

/** The profile page lists this many recent bookings. */
export const RECENT_BOOKINGS = 5;

/** The member's latest bookings, newest first, whatever their status (cancelled ones too). */
export async function fetchRecentBookings(
  vars: { userId: string; limit: number },
  signal?: AbortSignal,
): Promise<BookingRow[]> {
  let query = getSupabase()
    .from('event_bookings')
    .select('*')
    .eq('user_id', vars.userId)
    .order('created_at', { ascending: false })
    .limit(vars.limit);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const recentBookingsQueryOptions = (userId: string, limit: number = RECENT_BOOKINGS) =>
  queryOptions({
    queryKey: bookingKeys.recent(userId, limit),
    queryFn: ({ signal }) => fetchRecentBookings({ userId, limit }, signal),
  });

export const useRecentBookings = (userId: string | undefined, limit: number = RECENT_BOOKINGS) =>
  useQuery({ ...recentBookingsQueryOptions(userId ?? '', limit), enabled: Boolean(userId) });

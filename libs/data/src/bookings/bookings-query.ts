import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

export type BookingRow = Tables<'event_bookings'>;

/** A booking on the member's own list, with whether they can still cancel it. */
export type MemberBooking = BookingRow & {
  /**
   * The database's answer (the computed column event_bookings.cancellable,
   * private.booking_cancellable): the Cancel button shows from it, the app
   * never decides it a second time.
   */
  cancellable: boolean;
};

/** The profile page lists this many recent bookings. */
export const RECENT_BOOKINGS = 5;

/** The member's latest bookings, newest first, whatever their status (cancelled ones too). */
export async function fetchRecentBookings(
  vars: { userId: string; limit: number },
  signal?: AbortSignal,
): Promise<MemberBooking[]> {
  let query = getSupabase()
    .from('event_bookings')
    .select('*, cancellable')
    .eq('user_id', vars.userId)
    .order('created_at', { ascending: false })
    .limit(vars.limit);
  if (signal) query = query.abortSignal(signal);
  // a computed column: the generated types list it as a function, not a column
  return unwrap(await query.overrideTypes<MemberBooking[], { merge: false }>()) ?? [];
}

export const recentBookingsQueryOptions = (userId: string, limit: number = RECENT_BOOKINGS) =>
  queryOptions({
    queryKey: bookingKeys.recent(userId, limit),
    queryFn: ({ signal }) => fetchRecentBookings({ userId, limit }, signal),
  });

export const useRecentBookings = (userId: string | undefined, limit: number = RECENT_BOOKINGS) =>
  useQuery({ ...recentBookingsQueryOptions(userId ?? '', limit), enabled: Boolean(userId) });

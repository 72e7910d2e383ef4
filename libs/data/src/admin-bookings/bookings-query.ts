import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminBookingKeys } from './keys';

export type AdminBooking = Tables<'event_bookings'>;
export type BookingStatus = 'pending' | 'approved' | 'rejected';

/** approved and rejected are final; anything else is pending (spec section 4). */
export function bookingStatus(status: string | null | undefined): BookingStatus {
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}

/** Every booking, newest first (admins only, by RLS). */
export async function fetchAdminBookings(signal?: AbortSignal): Promise<AdminBooking[]> {
  let query = getSupabase()
    .from('event_bookings')
    .select('*')
    .order('created_at', { ascending: false })
    .order('id');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const adminBookingsQueryOptions = () =>
  queryOptions({
    queryKey: adminBookingKeys.list(),
    queryFn: ({ signal }) => fetchAdminBookings(signal),
  });

export const useAdminBookings = () => useQuery(adminBookingsQueryOptions());

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { fetchNewestFirst } from '../lib/admin';
import { adminBookingKeys } from './keys';

export type AdminBooking = Tables<'event_bookings'>;
export type BookingStatus = 'pending' | 'approved' | 'rejected';

/** approved and rejected are final; anything else is pending. */
export function bookingStatus(status: string | null | undefined): BookingStatus {
  return status === 'approved' || status === 'rejected' ? status : 'pending';
}

/** Every booking, newest first (admins only, by RLS). */
export const fetchAdminBookings = (signal?: AbortSignal): Promise<AdminBooking[]> =>
  fetchNewestFirst('event_bookings', signal);

export const adminBookingsQueryOptions = () =>
  queryOptions({
    queryKey: adminBookingKeys.list(),
    queryFn: ({ signal }) => fetchAdminBookings(signal),
  });

export const useAdminBookings = () => useQuery(adminBookingsQueryOptions());

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { profileKeys } from '../lib/query-keys';
import { getSupabase } from '../lib/supabase-client';
import type { BookingRow } from './bookings-query';
import { bookingKeys } from './keys';

export interface CancelBookingVars {
  bookingId: string;
  userId: string;
}

/**
 * Cancels the member's own booking (public.cancel_booking): the database
 * checks ownership, the status and that the event has not started, and moves
 * the first waitlisted booking that now fits to pending.
 */
export async function cancelBooking(vars: CancelBookingVars): Promise<BookingRow> {
  const row = unwrap(await getSupabase().rpc('cancel_booking', { booking_id: vars.bookingId }));
  if (!row) throw new DataError({ message: 'This booking can no longer be cancelled' });
  return row;
}

export function useBookingCancelMutation({
  onSuccess,
  ...options
}: MutationHookOptions<BookingRow, CancelBookingVars> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelBooking,
    async onSuccess(row, vars, ...rest) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(vars.userId) }),
      ]);
      await onSuccess?.(row, vars, ...rest);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { profileKeys } from '../lib/query-keys';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

export interface CancelBookingVars {
  bookingId: string;
  userId: string;
}

/** The cancelled booking as the call answers it. */
export interface CancelledOwnBooking {
  id: string;
  status: string;
}

/**
 * Cancels the member's own booking (public.cancel_booking): the database
 * checks ownership, the status and that the event has not started, and moves
 * the first waitlisted booking that now fits to pending.
 */
export async function cancelBooking(vars: CancelBookingVars): Promise<CancelledOwnBooking> {
  const row: unknown = unwrap(
    await getSupabase().rpc('cancel_booking', { booking_id: vars.bookingId }),
  );
  if (!row || typeof row !== 'object' || !('id' in row) || !('status' in row)) {
    throw new DataError({ message: 'This booking can no longer be cancelled' });
  }
  return { id: String(row.id), status: String(row.status) };
}

export function useBookingCancelMutation({
  onSuccess,
  ...options
}: MutationHookOptions<CancelledOwnBooking, CancelBookingVars> = {}) {
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

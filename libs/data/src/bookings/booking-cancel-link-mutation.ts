import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Json } from '../database.types';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

/** What the cancel link's call answers: the booking it cancelled. */
export interface CancelledBooking {
  bookingCode: string;
  eventTitle: string | null;
  eventDate: string | null;
  status: string;
}

const text = (value: Json | undefined): string | null =>
  typeof value === 'string' && value !== '' ? value : null;

/** The json public.cancel_booking_by_token returns, checked field by field. */
export function parseCancelledBooking(value: Json): CancelledBooking {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DataError({ message: 'The server did not return the booking.' });
  }
  const code = text(value['booking_code']);
  const status = text(value['status']);
  if (!code || !status) throw new DataError({ message: 'The server did not return the booking.' });
  return {
    bookingCode: code,
    eventTitle: text(value['event_title']),
    eventDate: text(value['event_date']),
    status,
  };
}

/**
 * Cancels a booking from the link in its e-mail (public.cancel_booking_by_token):
 * anyone holding the link may, signed in or not; the token is single purpose.
 */
export async function cancelBookingByToken(token: string): Promise<CancelledBooking> {
  return parseCancelledBooking(
    unwrap(await getSupabase().rpc('cancel_booking_by_token', { token })),
  );
}

export function useBookingCancelLinkMutation({
  onSuccess,
  ...options
}: MutationHookOptions<CancelledBooking, string> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: cancelBookingByToken,
    async onSuccess(result, token, ...rest) {
      await queryClient.invalidateQueries({ queryKey: bookingKeys.all });
      await onSuccess?.(result, token, ...rest);
    },
  });
}

import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Json } from '../database.types';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { bookingKeys } from './keys';

/** What the cancel link's calls answer: the booking, and (before cancelling) whether it still can be. */
export interface CancelledBooking {
  bookingCode: string;
  eventTitle: string | null;
  eventDate: string | null;
  status: string;
  /** Only the preview (public.booking_by_token) says; undefined after cancelling. */
  cancellable?: boolean;
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
  const cancellable = value['cancellable'];
  return {
    bookingCode: code,
    eventTitle: text(value['event_title']),
    eventDate: text(value['event_date']),
    status,
    ...(typeof cancellable === 'boolean' ? { cancellable } : {}),
  };
}

/** The booking a cancel link names, before the guest confirms (public.booking_by_token). */
export async function fetchBookingByToken(
  token: string,
  signal?: AbortSignal,
): Promise<CancelledBooking> {
  let query = getSupabase().rpc('booking_by_token', { token });
  if (signal) query = query.abortSignal(signal);
  return parseCancelledBooking(unwrap(await query));
}

export const bookingByTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: bookingKeys.byToken(token),
    queryFn: ({ signal }) => fetchBookingByToken(token, signal),
    retry: false,
  });

export const useBookingByToken = (token: string) =>
  useQuery({ ...bookingByTokenQueryOptions(token), enabled: token !== '' });

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

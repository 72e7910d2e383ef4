import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { recordAnalytics } from '../lib/analytics';
import { DataError, unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { uploadImage } from '../lib/image-upload';
import type { MutationHookOptions } from '../lib/mutation';
import { profileKeys } from '../lib/query-keys';
import { bookingKeys } from './keys';

export interface BookingInput {
  userId: string;
  event: { id: string; title: string; event_date: string };
  name: string;
  email: string;
  phone: string;
  numberOfGuests: number;
  /** Optional; the event's title when blank. */
  eventTitle: string;
  specialRequests: string;
  /** Optional image for the booking (event-images bucket). */
  image?: File | null;
}

/**
 * Books an event: uploads the optional image, inserts the booking (the
 * database makes it pending and checks 1-20 guests) and records
 * booking_created {event_id, event_title, guests}.
 */
export async function createBooking(input: BookingInput): Promise<Tables<'event_bookings'>> {
  const eventImageUrl = input.image
    ? (await uploadImage('event-images', input.userId, input.image)).publicUrl
    : null;
  const eventTitle = input.eventTitle.trim() || input.event.title;
  const row = unwrap(
    await getSupabase()
      .from('event_bookings')
      .insert({
        user_id: input.userId,
        event_date: input.event.event_date,
        event_title: eventTitle,
        name: input.name.trim(),
        email: input.email.trim(),
        phone: input.phone.trim(),
        number_of_guests: input.numberOfGuests,
        special_requests: input.specialRequests.trim() || null,
        event_image_url: eventImageUrl,
      })
      .select()
      .single(),
  );
  if (!row) throw new DataError({ message: 'Failed to submit booking' });
  await recordAnalytics(input.userId, 'booking_created', {
    event_id: input.event.id,
    event_title: eventTitle,
    guests: input.numberOfGuests,
  });
  return row;
}

export function useBookingCreateMutation({
  onSuccess,
  ...options
}: MutationHookOptions<Tables<'event_bookings'>, BookingInput> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createBooking,
    async onSuccess(row, vars, ...rest) {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: bookingKeys.all }),
        queryClient.invalidateQueries({ queryKey: profileKeys.detail(vars.userId) }),
      ]);
      await onSuccess?.(row, vars, ...rest);
    },
  });
}

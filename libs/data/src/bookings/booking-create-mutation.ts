import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables, TablesInsert } from '../database.types';
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
  /** The guest's own optional label for the occasion ("Maya's 30th"); blank for none. */
  eventTitle: string;
  specialRequests: string;
  /** Optional image for the booking (event-images bucket). */
  image?: File | null;
  /** Store this phone number on the member's profile too. */
  savePhone?: boolean;
}

/** The row an insert writes: the database fills event_title, event_date, status and the code. */
export function bookingInsert(
  input: BookingInput,
  eventImageUrl: string | null,
): TablesInsert<'event_bookings'> {
  // booking_code is NOT NULL without a column default: a BEFORE INSERT trigger
  // sets it, which the type generator cannot see, so it lists it as required.
  return {
    user_id: input.userId,
    event_id: input.event.id,
    occasion: input.eventTitle.trim() || null,
    name: input.name.trim(),
    email: input.email.trim(),
    phone: input.phone.trim(),
    number_of_guests: input.numberOfGuests,
    special_requests: input.specialRequests.trim() || null,
    event_image_url: eventImageUrl,
  } as TablesInsert<'event_bookings'>;
}

/**
 * Books an event: uploads the optional image, inserts the booking for the
 * event (the database refuses events that are not open, checks 1-20 guests,
 * makes it pending, or waitlisted when it does not fit the capacity, and sets
 * the booking code, and records booking_created {event_id, event_title,
 * guests} itself) and, when asked, saves the phone number on the profile.
 */
export async function createBooking(input: BookingInput): Promise<Tables<'event_bookings'>> {
  const eventImageUrl = input.image
    ? (await uploadImage('event-images', input.userId, input.image)).publicUrl
    : null;
  const row = unwrap(
    await getSupabase()
      .from('event_bookings')
      .insert(bookingInsert(input, eventImageUrl))
      .select()
      .single(),
  );
  if (!row) throw new DataError({ message: 'Failed to submit booking' });
  // booking_created {event_id, event_title, guests} is recorded by the database itself
  if (input.savePhone && input.phone.trim()) {
    // The booking is made; a failed profile update must not report it as failed.
    const { error } = await getSupabase()
      .from('profiles')
      .update({ phone: input.phone.trim() })
      .eq('user_id', input.userId);
    if (error) console.error('Saving the phone number on the profile failed', error);
  }
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

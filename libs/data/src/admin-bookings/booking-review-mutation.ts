import type { MutationHookOptions } from '../lib/mutation';
import { getFunctions, getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { requireRow, useAdminMutation } from '../lib/admin';
import type { AdminBooking } from './bookings-query';

export type BookingDecision = 'approved' | 'rejected';

export interface ReviewBookingVars {
  booking: AdminBooking;
  status: BookingDecision;
  adminNotes: string;
  adminId: string;
}

/** The body the send-booking-notification edge function expects. */
export interface BookingNotificationPayload {
  bookingId: string;
  status: BookingDecision;
  customerEmail: string;
  customerName: string;
  eventTitle: string | null;
  eventDate: string | null;
  adminNotes: string | null;
}

/**
 * The update an admin's decision writes. The database stamps approved_at and
 * approved_by itself (clients cannot write them).
 */
export function bookingReviewUpdate(vars: Pick<ReviewBookingVars, 'status' | 'adminNotes'>) {
  const notes = vars.adminNotes.trim();
  return { status: vars.status, admin_notes: notes || null };
}

export function bookingNotificationPayload(booking: AdminBooking): BookingNotificationPayload {
  return {
    bookingId: booking.id,
    status: booking.status === 'approved' ? 'approved' : 'rejected',
    customerEmail: booking.email,
    customerName: booking.name,
    eventTitle: booking.event_title,
    eventDate: booking.event_date,
    adminNotes: booking.admin_notes,
  };
}

/**
 * Asks the send-booking-notification function to e-mail the guest. Its failure
 * is only logged, never shown as a failure: the decision is already saved.
 */
export async function notifyBookingChange(booking: AdminBooking): Promise<boolean> {
  try {
    const { error } = await (
      await getFunctions()
    ).invoke('send-booking-notification', {
      body: bookingNotificationPayload(booking),
    });
    if (error) {
      console.error('Booking notification e-mail failed', error);
      return false;
    }
    return true;
  } catch (error) {
    console.error('Booking notification e-mail failed', error);
    return false;
  }
}

export async function reviewBooking(vars: ReviewBookingVars): Promise<AdminBooking> {
  const updated = requireRow(
    unwrap(
      await getSupabase()
        .from('event_bookings')
        .update(bookingReviewUpdate(vars))
        .eq('id', vars.booking.id)
        .select(),
    ),
    'booking',
  );
  // Not awaited: the decision is saved; the e-mail is best effort.
  void notifyBookingChange(updated);
  return updated;
}

export const useBookingReviewMutation = (
  options: MutationHookOptions<AdminBooking, ReviewBookingVars> = {},
) => useAdminMutation(reviewBooking, options);

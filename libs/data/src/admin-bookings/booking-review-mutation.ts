import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
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

/**
 * The update an admin's decision writes. The database stamps approved_at and
 * approved_by itself (clients cannot write them).
 */
export function bookingReviewUpdate(vars: Pick<ReviewBookingVars, 'status' | 'adminNotes'>) {
  const notes = vars.adminNotes.trim();
  return { status: vars.status, admin_notes: notes || null };
}

/**
 * Saves the admin's decision: one update, nothing else. The guest's e-mail
 * about it is queued by the database in the same transaction and sent by the
 * booking-mails job, after the booking's earlier mails, so closing the page
 * right after loses nothing.
 */
export async function reviewBooking(vars: ReviewBookingVars): Promise<AdminBooking> {
  return requireRow(
    unwrap(
      await getSupabase()
        .from('event_bookings')
        .update(bookingReviewUpdate(vars))
        .eq('id', vars.booking.id)
        .select(),
    ),
    'booking',
  );
}

export const useBookingReviewMutation = (
  options: MutationHookOptions<AdminBooking, ReviewBookingVars> = {},
) => useAdminMutation(reviewBooking, options);

/** Who may still cancel: a booking that is pending, approved or waitlisted, before its event starts. */
export const CANCELLABLE_STATUSES = ['pending', 'approved', 'waitlisted'] as const;

export type GuestBookingStatus = 'pending' | 'approved' | 'rejected' | 'waitlisted' | 'cancelled';

/** The five statuses the database knows; anything else is treated as pending. */
export function guestBookingStatus(status: string | null | undefined): GuestBookingStatus {
  return status === 'approved' ||
    status === 'rejected' ||
    status === 'waitlisted' ||
    status === 'cancelled'
    ? status
    : 'pending';
}

/**
 * Whether the guest may cancel the booking now: pending, approved or
 * waitlisted, and its event has not started (a booking without a date, a
 * private-event request, stays cancellable). The database enforces the same rule.
 */
export function canCancelBooking(
  booking: { status: string | null; event_date: string | null },
  now: Date = new Date(),
): boolean {
  const status = guestBookingStatus(booking.status);
  if (!(CANCELLABLE_STATUSES as readonly string[]).includes(status)) return false;
  if (!booking.event_date) return true;
  return new Date(booking.event_date).getTime() > now.getTime();
}

/**
 * Whether a party of `guests` would be waitlisted: only when the event has a
 * capacity (spotsLeft is null when it is unlimited) and the party does not fit.
 * The database decides at insert time; this tells the guest beforehand.
 */
export function willBeWaitlisted(spotsLeft: number | null | undefined, guests: number): boolean {
  return spotsLeft !== null && spotsLeft !== undefined && guests > spotsLeft;
}

/** "12 spots left", "1 spot left", "Fully booked: waitlist open"; null for unlimited events. */
export function spotsLeftLabel(spotsLeft: number | null | undefined): string | null {
  if (spotsLeft === null || spotsLeft === undefined) return null;
  if (spotsLeft <= 0) return 'Fully booked: waitlist open';
  return `${spotsLeft} ${spotsLeft === 1 ? 'spot' : 'spots'} left`;
}

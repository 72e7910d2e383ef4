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

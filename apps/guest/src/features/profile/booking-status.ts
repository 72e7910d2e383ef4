import { guestBookingStatus } from '@bistro/data';

export type BookingStatusTone = 'success' | 'danger' | 'warning' | 'primary' | 'muted';

const labels = {
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  waitlisted: { label: 'Waitlisted', tone: 'primary' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
  pending: { label: 'Pending', tone: 'warning' },
  checkedIn: { label: 'Checked in', tone: 'success' },
} as const;

/**
 * approved (green), rejected (red), waitlisted (violet), cancelled (grey);
 * anything else is pending (yellow); once checked in at the door, Checked in (green).
 */
export function bookingStatus(
  status: string | null | undefined,
  checkedInAt?: string | null,
): {
  label: (typeof labels)[keyof typeof labels]['label'];
  tone: BookingStatusTone;
} {
  // a guest let in at the door: the booking is used
  if (checkedInAt) return labels.checkedIn;
  return labels[guestBookingStatus(status)];
}

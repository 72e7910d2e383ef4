import { guestBookingStatus } from '@bistro/data';

export type BookingStatusTone = 'success' | 'danger' | 'warning' | 'primary' | 'muted';

const labels = {
  approved: { label: 'Approved', tone: 'success' },
  rejected: { label: 'Rejected', tone: 'danger' },
  waitlisted: { label: 'Waitlisted', tone: 'primary' },
  cancelled: { label: 'Cancelled', tone: 'muted' },
  pending: { label: 'Pending', tone: 'warning' },
} as const;

/**
 * approved (green), rejected (red), waitlisted (violet), cancelled (grey);
 * anything else is pending (yellow).
 */
export function bookingStatus(status: string | null | undefined): {
  label: (typeof labels)[keyof typeof labels]['label'];
  tone: BookingStatusTone;
} {
  return labels[guestBookingStatus(status)];
}

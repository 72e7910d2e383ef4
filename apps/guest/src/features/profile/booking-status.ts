export type BookingStatusTone = 'success' | 'danger' | 'warning';

/** approved (green), rejected (red), anything else is pending (yellow). */
export function bookingStatus(status: string | null | undefined): {
  label: 'Approved' | 'Rejected' | 'Pending';
  tone: BookingStatusTone;
} {
  if (status === 'approved') return { label: 'Approved', tone: 'success' };
  if (status === 'rejected') return { label: 'Rejected', tone: 'danger' };
  return { label: 'Pending', tone: 'warning' };
}

// @vitest-environment node
import { bookingStatus } from './booking-status';

describe('bookingStatus', () => {
  it('colours approved green and rejected red', () => {
    expect(bookingStatus('approved')).toEqual({ label: 'Approved', tone: 'success' });
    expect(bookingStatus('rejected')).toEqual({ label: 'Rejected', tone: 'danger' });
  });
  it('names waitlisted and cancelled bookings', () => {
    expect(bookingStatus('waitlisted')).toEqual({ label: 'Waitlisted', tone: 'primary' });
    expect(bookingStatus('cancelled')).toEqual({ label: 'Cancelled', tone: 'muted' });
  });
  it('treats anything else as pending, in yellow', () => {
    for (const s of ['pending', 'waitlist', '', null, undefined]) {
      expect(bookingStatus(s)).toEqual({ label: 'Pending', tone: 'warning' });
    }
  });
});

import { bookingStatus } from './booking-status';

describe('bookingStatus', () => {
  it('colours approved green and rejected red', () => {
    expect(bookingStatus('approved')).toEqual({ label: 'Approved', tone: 'success' });
    expect(bookingStatus('rejected')).toEqual({ label: 'Rejected', tone: 'danger' });
  });
  it('treats anything else as pending, in yellow', () => {
    for (const s of ['pending', 'waitlist', '', null, undefined]) {
      expect(bookingStatus(s)).toEqual({ label: 'Pending', tone: 'warning' });
    }
  });
});

// @vitest-environment node
import { bookingFailed } from '../bookings/errors';
import { redeemFailed } from '../offers/errors';
import { profileUpdateFailed } from '../profiles/errors';

describe('guest error toasts', () => {
  it('maps a duplicate redemption (23505) to Already Redeemed, anything else to Redemption Failed', () => {
    expect(redeemFailed({ code: '23505', message: 'duplicate key' })).toEqual({
      title: 'Already Redeemed',
      description: 'You have already redeemed this offer.',
      variant: 'destructive',
    });
    expect(redeemFailed({ code: '42501', message: 'new row violates row-level security' })).toEqual(
      expect.objectContaining({ title: 'Redemption Failed' }),
    );
  });

  it('shows the server message, or the spec fallback, for bookings and profile updates', () => {
    expect(bookingFailed({ message: 'Guests must be 1-20' }).description).toBe(
      'Guests must be 1-20',
    );
    expect(bookingFailed(new Error(''))).toEqual({
      title: 'Booking Failed',
      description: 'Failed to submit booking',
      variant: 'destructive',
    });
    expect(profileUpdateFailed(null)).toEqual({
      title: 'Update Failed',
      description: 'Failed to update profile',
      variant: 'destructive',
    });
  });
});

import type { Notice } from '../account/notice';
import { errorMessage, isUniqueViolation } from '../lib/errors';

export const offerRedeemed: Notice = {
  title: 'Offer Redeemed!',
  description: 'Show this to your server to claim your discount.',
  variant: 'success',
};

/** Redeem failures (spec section 8): a second redemption is 23505. */
export function redeemFailed(error: unknown): Notice {
  if (isUniqueViolation(error)) {
    return {
      title: 'Already Redeemed',
      description: 'You have already redeemed this offer.',
      variant: 'destructive',
    };
  }
  return {
    title: 'Redemption Failed',
    description: errorMessage(error) ?? 'Could not redeem this offer. Please try again.',
    variant: 'destructive',
  };
}

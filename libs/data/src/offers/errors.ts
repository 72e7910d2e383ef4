import { isUniqueViolation } from '../lib/errors';
import {
  failureToast,
  serverFailureToast,
  successToast,
  type ToastMessage,
} from '../lib/toast-message';

export const offerRedeemed: ToastMessage = successToast(
  'Offer Redeemed!',
  'Show this to your server to claim your discount.',
);

/** Redeem failures: a second redemption of the same offer is a unique violation (23505). */
export function redeemFailed(error: unknown): ToastMessage {
  if (isUniqueViolation(error)) {
    return failureToast('Already Redeemed', 'You have already redeemed this offer.');
  }
  return serverFailureToast(
    'Redemption Failed',
    error,
    'Could not redeem this offer. Please try again.',
  );
}

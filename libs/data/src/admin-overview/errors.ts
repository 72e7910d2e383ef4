import { errorMessage } from '../lib/errors';
import { failureToast, type ToastMessage } from '../lib/toast-message';

/** Any admin list that cannot be loaded. */
export const adminLoadFailed: ToastMessage = failureToast('Error', 'Failed to load admin data');

/** A moderation action the server refused, with its own message when it has one. */
export function adminActionFailed(error: unknown, fallback = 'Please try again.'): ToastMessage {
  return failureToast('Error', errorMessage(error) ?? fallback);
}

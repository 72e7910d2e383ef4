import {
  failureToast,
  serverFailureToast,
  successToast,
  type ToastMessage,
} from '../lib/toast-message';

export const bookingSubmitted: ToastMessage = successToast(
  'Booking Submitted',
  'Your event booking has been submitted for approval.',
);

export const bookingFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Booking Failed', error, 'Failed to submit booking');

export const authenticationRequired: ToastMessage = failureToast(
  'Authentication Required',
  'Please sign in to book an event.',
);

export const bookingCancelled: ToastMessage = successToast(
  'Booking Cancelled',
  'Your booking has been cancelled.',
);

export const bookingCancelFailed = (error: unknown): ToastMessage =>
  serverFailureToast('Cancellation Failed', error, 'This booking can no longer be cancelled');

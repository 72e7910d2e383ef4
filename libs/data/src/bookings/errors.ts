import type { Notice } from '../account/notice';
import { errorMessage } from '../lib/errors';

export const bookingSubmitted: Notice = {
  title: 'Booking Submitted',
  description: 'Your event booking has been submitted for approval.',
  variant: 'success',
};

export function bookingFailed(error: unknown): Notice {
  return {
    title: 'Booking Failed',
    description: errorMessage(error) ?? 'Failed to submit booking',
    variant: 'destructive',
  };
}

export const authenticationRequired: Notice = {
  title: 'Authentication Required',
  description: 'Please sign in to book an event.',
  variant: 'destructive',
};

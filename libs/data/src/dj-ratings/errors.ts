import { isUniqueViolation } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';

/** Rating tonight's DJ from the lounge. */
export const loungeRatingToasts = {
  noDj: {
    title: 'No DJ to Rate',
    description: "The DJ isn't available for rating right now",
    variant: 'destructive',
  },
  duplicate: {
    title: 'Already Rated Tonight! ⭐',
    description: "You've already shared your thoughts on tonight's DJ",
    variant: 'destructive',
  },
  failed: {
    title: 'Rating Failed',
    description: "Couldn't submit your rating. Try again!",
    variant: 'destructive',
  },
  success: {
    title: '🌟 Thanks for the Feedback!',
    description: 'Your rating helps us keep the vibes perfect',
    variant: 'success',
  },
} as const satisfies Record<string, ToastMessage>;

/** Rating a DJ on the /djs page. */
export const djPageToasts = {
  loadDjsFailed: { title: 'Error', description: 'Failed to load DJs', variant: 'destructive' },
  loadRatingsFailed: {
    title: 'Error',
    description: 'Failed to load ratings',
    variant: 'destructive',
  },
  duplicate: {
    title: 'Already Rated',
    description: "You've already rated this DJ for this performance date",
    variant: 'destructive',
  },
  failed: { title: 'Error', description: 'Failed to submit rating', variant: 'destructive' },
  success: {
    title: 'Rating Submitted',
    description: 'Thank you for rating this DJ!',
    variant: 'success',
  },
} as const satisfies Record<string, ToastMessage>;

export function loungeRatingErrorToast(error: unknown): ToastMessage {
  return isUniqueViolation(error) ? loungeRatingToasts.duplicate : loungeRatingToasts.failed;
}

export function djPageRatingErrorToast(error: unknown): ToastMessage {
  return isUniqueViolation(error) ? djPageToasts.duplicate : djPageToasts.failed;
}

import { errorCode, errorMessage } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';

/** The server's profanity refusal: P0001 'profanity_detected' (song_requests trigger). */
export function isProfanityError(error: unknown): boolean {
  return errorCode(error) === 'P0001' && errorMessage(error) === 'profanity_detected';
}

/** The song lounge's request toasts. */
export const songRequestToasts = {
  profanity: {
    title: 'Keep it Clean! 🎵',
    description: "Let's keep the vibes positive tonight",
    variant: 'destructive',
  },
  insertFailed: {
    title: 'Oops! 😅',
    description: "Couldn't submit your request. Try again!",
    variant: 'destructive',
  },
  added: {
    title: '🎵 Song Added to the Mix!',
    description: 'Your request is now live for everyone to vote on',
    variant: 'success',
  },
  loadFailed: {
    title: 'Connection Issue',
    description: 'Failed to load song requests',
    variant: 'destructive',
  },
  statusFailed: {
    title: 'Update Failed',
    description: "Couldn't update the request status. Try again!",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastMessage>;

/** The toast for a failed song request insert. */
export function songRequestInsertErrorToast(error: unknown): ToastMessage {
  return isProfanityError(error) ? songRequestToasts.profanity : songRequestToasts.insertFailed;
}

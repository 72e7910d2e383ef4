import { errorCode, errorMessage, isUniqueViolation } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';

/** The server's distinct refusal of a 4th vote tonight: P0001 'vote_limit_reached'. */
export function isVoteLimitError(error: unknown): boolean {
  return errorCode(error) === 'P0001' && errorMessage(error) === 'vote_limit_reached';
}

/** Spec section 8, Song lounge. */
export const songVoteToasts = {
  added: {
    title: '🔥 Vote Added!',
    description: 'Pushing this track up the charts',
    variant: 'success',
  },
  limit: {
    title: 'Vote Limit Reached! 🗳️',
    description: 'You can only vote for 3 songs per night',
    variant: 'destructive',
  },
  addFailed: { title: 'Vote Error', description: "Couldn't add your vote", variant: 'destructive' },
  removeFailed: {
    title: 'Vote Error',
    description: "Couldn't remove your vote",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastMessage>;

/**
 * The toast for a failed vote change, or null when there is nothing to tell:
 * a duplicate vote (23505, e.g. a double tap) means the vote is already there.
 */
export function voteErrorToast(error: unknown, action: 'add' | 'remove'): ToastMessage | null {
  if (action === 'remove') return songVoteToasts.removeFailed;
  if (isVoteLimitError(error)) return songVoteToasts.limit;
  if (isUniqueViolation(error)) return null;
  return songVoteToasts.addFailed;
}

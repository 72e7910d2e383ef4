import { errorCode, isUniqueViolation } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';
import { VOTE_CLOSED_HINT, VOTE_LIMIT_HINT, VOTES_PER_NIGHT } from './constants';

function errorHint(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'hint' in error) {
    const hint = (error as { hint: unknown }).hint;
    return typeof hint === 'string' ? hint : undefined;
  }
  return undefined;
}

/** The server's refusal of a vote over the nightly limit: P0001 with the limit's hint token. */
export function isVoteLimitError(error: unknown): boolean {
  return errorCode(error) === 'P0001' && errorHint(error) === VOTE_LIMIT_HINT;
}

/** The server's refusal of a vote on a request no longer open (up next, playing, played or declined). */
export function isVoteClosedError(error: unknown): boolean {
  return errorCode(error) === 'P0001' && errorHint(error) === VOTE_CLOSED_HINT;
}

/** The song lounge's vote toasts. */
export const songVoteToasts = {
  added: {
    title: '🔥 Vote Added!',
    description: 'Pushing this track up the charts',
    variant: 'success',
  },
  limit: {
    title: 'Vote Limit Reached! 🗳️',
    description: `You can only vote for ${VOTES_PER_NIGHT} songs per night`,
    variant: 'destructive',
  },
  closed: {
    title: 'Voting Closed',
    description: 'This song is no longer taking votes: the DJ has queued, played or declined it',
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
  if (isVoteClosedError(error)) return songVoteToasts.closed;
  if (isUniqueViolation(error)) return null;
  return songVoteToasts.addFailed;
}

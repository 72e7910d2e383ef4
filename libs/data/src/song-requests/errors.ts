import { errorCode, errorMessage } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';
import { VOTES_PER_NIGHT } from '../song-votes/constants';
import { REQUEST_LIMIT_HINT, REQUESTS_PER_NIGHT } from './constants';
import type { RequestSongOutcome } from './request-song-mutation';

/** The server's profanity refusal: P0001 'profanity_detected' (song_requests trigger). */
export function isProfanityError(error: unknown): boolean {
  return errorCode(error) === 'P0001' && errorMessage(error) === 'profanity_detected';
}

/** The server's refusal of a request over the nightly limit: P0001 with the limit's hint token. */
export function isRequestLimitError(error: unknown): boolean {
  if (errorCode(error) !== 'P0001' || !error || typeof error !== 'object') return false;
  return (error as { hint?: unknown }).hint === REQUEST_LIMIT_HINT;
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
  limit: {
    title: 'Request Limit Reached 🎧',
    description: `You can request ${REQUESTS_PER_NIGHT} songs per night`,
    variant: 'destructive',
  },
  voted: {
    title: '🔥 Already Requested',
    description: 'This song is already on the list - your vote was added',
    variant: 'success',
  },
  alreadyVoted: {
    title: 'Already Requested',
    description: 'This song is already on the list, and you already voted for it',
    variant: 'default',
  },
  noVotesLeft: {
    title: 'Already Requested',
    description: `This song is already on the list, but you have used your ${VOTES_PER_NIGHT} votes tonight`,
    variant: 'default',
  },
  closed: {
    title: 'Already in the Queue',
    description: 'This song is already up next, playing or played tonight',
    variant: 'default',
  },
  unavailable: {
    title: 'Not Tonight',
    description: "The DJ isn't taking this song tonight",
    variant: 'default',
  },
  waiting: {
    title: 'Saved on Your Phone 📶',
    description:
      "No connection right now - your request is waiting to send and goes out when you're back online",
    variant: 'default',
  },
  statusFailed: {
    title: 'Update Failed',
    description: "Couldn't update the request status. Try again!",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastMessage>;

/** The toast for a failed song request. */
export function songRequestInsertErrorToast(error: unknown): ToastMessage {
  if (isProfanityError(error)) return songRequestToasts.profanity;
  if (isRequestLimitError(error)) return songRequestToasts.limit;
  return songRequestToasts.insertFailed;
}

/** What the member is told about their request, by what the database did with it. */
export function requestOutcomeToast(outcome: RequestSongOutcome): ToastMessage {
  switch (outcome) {
    case 'created':
      return songRequestToasts.added;
    case 'voted':
      return songRequestToasts.voted;
    case 'already_voted':
      return songRequestToasts.alreadyVoted;
    case 'vote_limit_reached':
      return songRequestToasts.noVotesLeft;
    case 'closed':
      return songRequestToasts.closed;
    case 'unavailable':
      return songRequestToasts.unavailable;
    case 'waiting':
      return songRequestToasts.waiting;
  }
}

/** The in-app notice for the member whose request starts playing. */
export function requestPlayingToast(request: { song_title: string; artist: string }): ToastMessage {
  return {
    title: '🎶 Your Request Is Playing Now!',
    description: `${request.song_title} by ${request.artist} is on right now`,
    variant: 'success',
  };
}

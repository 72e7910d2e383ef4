import type { QueryClient } from '@tanstack/react-query';
import type { ActionQueue, QueueEvent, QueuedAction } from '../offline/action-queue';
import { getActionQueue } from '../offline/use-action-queue';
import { callQueued } from '../offline/send';
import { DataError } from '../lib/errors';
import type { ToastMessage } from '../lib/toast-message';
import { songVoteKeys } from '../song-votes/keys';
import { songVoteToasts, voteErrorToast } from '../song-votes/errors';
import { upsertTonightsRequest } from './cache';
import { requestOutcomeToast, songRequestInsertErrorToast } from './errors';
import { songRequestKeys } from './keys';
import type { SongRequest } from './song-requests-query';

/** The lounge's kinds of queued action (public.lounge_request_song, lounge_vote, lounge_remove_vote). */
export const LOUNGE_ACTION = {
  request: 'song_request',
  vote: 'song_vote',
  unvote: 'song_vote_removal',
} as const;

export interface QueuedRequestPayload {
  songTitle: string;
  artist: string;
}

export interface QueuedVotePayload {
  songRequestId: string;
}

/** What the database did with a request (see request-song-mutation.ts). */
export type ServerRequestOutcome =
  'created' | 'voted' | 'already_voted' | 'vote_limit_reached' | 'closed' | 'unavailable';

export interface ServerRequestResult {
  outcome: ServerRequestOutcome;
  request: SongRequest | null;
}

const REQUEST_OUTCOMES: readonly string[] = [
  'created',
  'voted',
  'already_voted',
  'vote_limit_reached',
  'closed',
  'unavailable',
] satisfies ServerRequestOutcome[];

export function isRequestResult(value: unknown): value is ServerRequestResult {
  if (!value || typeof value !== 'object') return false;
  const v = value as { outcome?: unknown; request?: unknown };
  return (
    typeof v.outcome === 'string' &&
    REQUEST_OUTCOMES.includes(v.outcome) &&
    (v.request === null || typeof v.request === 'object')
  );
}

/** What the database did with a vote or its removal. */
export interface ServerVoteResult {
  outcome: 'voted' | 'already_voted' | 'removed' | 'not_voted';
  song_request_id: string;
  vote_count: number | null;
}

function isVoteResult(value: unknown): value is ServerVoteResult {
  if (!value || typeof value !== 'object') return false;
  const v = value as { outcome?: unknown };
  return (
    typeof v.outcome === 'string' &&
    ['voted', 'already_voted', 'removed', 'not_voted'].includes(v.outcome)
  );
}

const unanswered = () => new DataError({ message: 'The server did not say what became of it.' });

/** Teaches the queue to send the lounge's actions (once per queue; registering again is harmless). */
export function registerLoungeSenders(queue: ActionQueue = getActionQueue()): ActionQueue {
  queue.register(LOUNGE_ACTION.request, async (payload, clientId, signal) => {
    const p = payload as QueuedRequestPayload;
    const result = await callQueued<unknown>(
      'lounge_request_song',
      { _client_id: clientId, _song_title: p.songTitle, _artist: p.artist },
      signal,
    );
    if (!isRequestResult(result)) throw unanswered();
    return result;
  });
  const vote =
    (fn: 'lounge_vote' | 'lounge_remove_vote') =>
    async (payload: unknown, clientId: string, signal: AbortSignal) => {
      const p = payload as QueuedVotePayload;
      const result = await callQueued<unknown>(
        fn,
        { _client_id: clientId, _song_request_id: p.songRequestId },
        signal,
      );
      if (!isVoteResult(result)) throw unanswered();
      return result;
    };
  queue.register(LOUNGE_ACTION.vote, vote('lounge_vote'));
  queue.register(LOUNGE_ACTION.unvote, vote('lounge_remove_vote'));
  return queue;
}

/** The member's requests and vote changes still on the device, for the lists to show. */
export interface LoungeWaiting {
  requests: { id: string; songTitle: string; artist: string }[];
  /** Per request: the member's vote as it will be once sent (true: voted). */
  votes: ReadonlyMap<string, boolean>;
}

export function loungeWaiting(actions: readonly QueuedAction[]): LoungeWaiting {
  const requests: LoungeWaiting['requests'] = [];
  const votes = new Map<string, boolean>();
  for (const action of actions) {
    if (action.kind === LOUNGE_ACTION.request) {
      const p = action.payload as QueuedRequestPayload;
      requests.push({ id: action.id, songTitle: p.songTitle, artist: p.artist });
    } else if (action.kind === LOUNGE_ACTION.vote || action.kind === LOUNGE_ACTION.unvote) {
      const p = action.payload as QueuedVotePayload;
      votes.set(p.songRequestId, action.kind === LOUNGE_ACTION.vote);
    }
  }
  return { requests, votes };
}

/**
 * After a lounge action sent in the background: the lists take in the answer, and
 * the member is told what became of it (refusals with the server's reason).
 * Returns the toast, or null for an action of another area.
 */
export function settleLoungeEvent(client: QueryClient, event: QueueEvent): ToastMessage | null {
  const { kind } = event.action;
  if (!(Object.values(LOUNGE_ACTION) as string[]).includes(kind)) return null;
  void client.invalidateQueries({ queryKey: songVoteKeys.all });
  void client.invalidateQueries({ queryKey: songRequestKeys.all });
  if (kind === LOUNGE_ACTION.request) {
    if (event.type === 'refused') return songRequestInsertErrorToast(event.error);
    if (!isRequestResult(event.result)) return null;
    if (event.result.request) upsertTonightsRequest(client, event.result.request);
    return requestOutcomeToast(event.result.outcome);
  }
  const action = kind === LOUNGE_ACTION.vote ? 'add' : 'remove';
  if (event.type === 'refused') return voteErrorToast(event.error, action);
  return action === 'add' ? songVoteToasts.added : null;
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions } from '../lib/mutation';
import { songVoteKeys } from '../song-votes/keys';
import type { SongRequest } from './song-requests-query';
import { upsertTonightsRequest } from './cache';
import {
  LOUNGE_ACTION,
  registerLoungeSenders,
  type QueuedRequestPayload,
  type ServerRequestOutcome,
} from './queued-actions';

/**
 * What the database did with a request (public.lounge_request_song):
 * - created: a new request;
 * - voted: the song was already on tonight's list and the member's vote was added;
 * - already_voted: already on the list and the member had voted for it;
 * - vote_limit_reached: already on the list, and the member has no votes left;
 * - closed: already up next, playing or played (votes are taken on open requests only);
 * - unavailable: the staff declined the song tonight;
 * or, on the device:
 * - waiting: no connection; the request is kept on the device and sent when it returns.
 */
export type RequestSongOutcome = ServerRequestOutcome | 'waiting';

export interface RequestSongResult {
  outcome: RequestSongOutcome;
  /** The request the song is now on the list as (null when unavailable or waiting). */
  request: SongRequest | null;
}

export interface RequestSongVars {
  songTitle: string;
  artist: string;
  /** The signed-in member (the request is kept on the device under their id). */
  userId: string;
}

/**
 * Requests a song for tonight, through the device's queue of actions: sent at
 * once when online, kept and sent later otherwise, with a client id the database
 * stores it under once. The database decides, under concurrency, whether it is a
 * new request or a vote for the same song already on the list (title and artist
 * compared normalised), and refuses empty values, profanity and a request over
 * the nightly limit (thrown as the server's error).
 */
export async function requestSong(vars: RequestSongVars): Promise<RequestSongResult> {
  const payload: QueuedRequestPayload = {
    songTitle: vars.songTitle.trim(),
    artist: vars.artist.trim(),
  };
  const outcome = await registerLoungeSenders().submit(LOUNGE_ACTION.request, vars.userId, payload);
  if (outcome.state === 'refused') throw outcome.error;
  if (outcome.state === 'waiting') return { outcome: 'waiting', request: null };
  return outcome.result as RequestSongResult;
}

export function useRequestSongMutation({
  onSuccess,
  ...options
}: MutationHookOptions<RequestSongResult, RequestSongVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    // offline too: the queue keeps the request on the device
    networkMode: 'always',
    ...options,
    mutationFn: requestSong,
    async onSuccess(...args) {
      const [result] = args;
      // the list shows the request at once; the broadcast brings it to everyone else
      if (result.request) upsertTonightsRequest(client, result.request);
      if (result.outcome === 'voted') {
        await client.invalidateQueries({ queryKey: songVoteKeys.all });
      }
      await onSuccess?.(...args);
    },
  });
}

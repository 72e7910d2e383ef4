import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { songVoteKeys } from '../song-votes/keys';
import type { SongRequest } from './song-requests-query';
import { upsertTonightsRequest } from './cache';

/**
 * What the database did with a request (public.request_song):
 * - created: a new request;
 * - voted: the song was already on tonight's list and the member's vote was added;
 * - already_voted: already on the list and the member had voted for it;
 * - vote_limit_reached: already on the list, and the member has no votes left;
 * - closed: already up next, playing or played (votes are taken on open requests only);
 * - unavailable: the staff declined the song tonight.
 */
export type RequestSongOutcome =
  'created' | 'voted' | 'already_voted' | 'vote_limit_reached' | 'closed' | 'unavailable';

export interface RequestSongResult {
  outcome: RequestSongOutcome;
  /** The request the song is now on the list as (null when unavailable). */
  request: SongRequest | null;
}

export interface RequestSongVars {
  songTitle: string;
  artist: string;
}

const OUTCOMES: readonly string[] = [
  'created',
  'voted',
  'already_voted',
  'vote_limit_reached',
  'closed',
  'unavailable',
] satisfies RequestSongOutcome[];

function isResult(value: unknown): value is RequestSongResult {
  if (!value || typeof value !== 'object') return false;
  const v = value as { outcome?: unknown; request?: unknown };
  return (
    typeof v.outcome === 'string' &&
    OUTCOMES.includes(v.outcome) &&
    (v.request === null || typeof v.request === 'object')
  );
}

/**
 * Requests a song for tonight. The database decides, under concurrency, whether
 * it is a new request or a vote for the same song already on the list (title
 * and artist compared normalised), and refuses empty values, profanity and a
 * request over the nightly limit.
 */
export async function requestSong(vars: RequestSongVars): Promise<RequestSongResult> {
  const result = unwrap(
    await getSupabase().rpc('request_song', {
      _song_title: vars.songTitle.trim(),
      _artist: vars.artist.trim(),
    }),
  );
  if (!isResult(result)) {
    throw new DataError({ message: 'The server did not say what became of the request.' });
  }
  return result;
}

export function useRequestSongMutation({
  onSuccess,
  ...options
}: MutationHookOptions<RequestSongResult, RequestSongVars> = {}) {
  const client = useQueryClient();
  return useMutation({
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

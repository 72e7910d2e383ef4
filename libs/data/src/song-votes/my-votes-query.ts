import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { businessDate } from '../lib/business-date';
import { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';
import { songVoteKeys } from './keys';

/** The ids of the requests the member voted for tonight (their votes count towards the 3). */
export async function fetchMyVotes(
  vars: { userId: string; eventDate: string },
  signal?: AbortSignal,
): Promise<string[]> {
  let query = getSupabase()
    .from('song_votes')
    .select('song_request_id')
    .eq('user_id', vars.userId)
    .eq('event_date', vars.eventDate);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  return rows.map((row) => row.song_request_id);
}

export const myVotesQueryOptions = (
  userId: string,
  eventDate: string = businessDate(),
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) =>
  queryOptions({
    queryKey: songVoteKeys.mine(userId, eventDate),
    queryFn: ({ signal }) => fetchMyVotes({ userId, eventDate }, signal),
    refetchInterval: pollMs,
    refetchIntervalInBackground: false,
    placeholderData: keepPreviousData,
    staleTime: LOUNGE_POLL_INTERVAL_MS,
  });

export function useMyVotes(
  userId: string | undefined,
  eventDate: string = businessDate(),
  pollMs: number = LOUNGE_POLL_INTERVAL_MS,
) {
  return useQuery({ ...myVotesQueryOptions(userId ?? '', eventDate, pollMs), enabled: !!userId });
}

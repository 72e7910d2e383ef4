import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { songRequestKeys } from '../lib/query-keys';
import { songVoteKeys } from './keys';

export interface ToggleVoteVars {
  songRequestId: string;
  userId: string;
  /** 'add' inserts the member's vote, 'remove' deletes it. */
  action: 'add' | 'remove';
}

/**
 * Adds or removes the member's vote. The database allows one vote per request,
 * only on pending requests, and VOTES_PER_NIGHT per night (one more is refused
 * with P0001 and the hint vote_limit_reached), and keeps the request's
 * vote_count.
 */
export async function toggleVote(vars: ToggleVoteVars): Promise<void> {
  const votes = getSupabase().from('song_votes');
  if (vars.action === 'add') {
    unwrap(await votes.insert({ song_request_id: vars.songRequestId, user_id: vars.userId }));
  } else {
    unwrap(
      await votes.delete().eq('song_request_id', vars.songRequestId).eq('user_id', vars.userId),
    );
  }
}

export function useSongVoteToggleMutation({
  onSettled,
  ...options
}: MutationHookOptions<void, ToggleVoteVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: toggleVote,
    // Success or not, the server now knows best: refresh the votes and counts.
    async onSettled(...args) {
      await Promise.all([
        client.invalidateQueries({ queryKey: songVoteKeys.all }),
        client.invalidateQueries({ queryKey: songRequestKeys.all }),
      ]);
      await onSettled?.(...args);
    },
  });
}

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MutationHookOptions } from '../lib/mutation';
import { songRequestKeys } from '../lib/query-keys';
import { LOUNGE_ACTION, registerLoungeSenders } from '../song-requests/queued-actions';
import { songVoteKeys } from './keys';

export interface ToggleVoteVars {
  songRequestId: string;
  userId: string;
  /** 'add' casts the member's vote, 'remove' takes it back. */
  action: 'add' | 'remove';
}

/** Sent: the database has the change; waiting: kept on the device until the connection returns. */
export type ToggleVoteResult = 'sent' | 'waiting';

/**
 * Adds or removes the member's vote, through the device's queue of actions (sent
 * at once when online, kept and sent later otherwise; the database counts a
 * client id once). The database allows one vote per request, only on pending
 * requests (P0001, hint song_request_closed), and VOTES_PER_NIGHT per night (one
 * more is refused with P0001 and the hint vote_limit_reached), and keeps the
 * request's vote_count.
 */
export async function toggleVote(vars: ToggleVoteVars): Promise<ToggleVoteResult> {
  const kind = vars.action === 'add' ? LOUNGE_ACTION.vote : LOUNGE_ACTION.unvote;
  const outcome = await registerLoungeSenders().submit(kind, vars.userId, {
    songRequestId: vars.songRequestId,
  });
  if (outcome.state === 'refused') throw outcome.error;
  return outcome.state;
}

export function useSongVoteToggleMutation({
  onSettled,
  ...options
}: MutationHookOptions<ToggleVoteResult, ToggleVoteVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    // offline too: the queue keeps the vote on the device
    networkMode: 'always',
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import type { SongRequestStatus } from './constants';
import { songRequestKeys } from './keys';

export interface SetSongRequestStatusVars {
  id: string;
  status: SongRequestStatus;
}

/**
 * Moves a request to another queue state (staff only: public.lounge_set_status
 * refuses anyone else with 42501). The database keeps the queue consistent:
 * Up Next takes the last place, a new Now Playing moves the previous one to
 * Played Tonight.
 */
export async function setSongRequestStatus(vars: SetSongRequestStatusVars): Promise<void> {
  unwrap(
    await getSupabase().rpc('lounge_set_status', { _request_id: vars.id, _status: vars.status }),
  );
}

export interface MoveUpNextVars {
  id: string;
  /** -1 one place earlier, 1 one place later. */
  offset: -1 | 1;
}

/** Moves an Up Next request one place (staff only). */
export async function moveUpNext(vars: MoveUpNextVars): Promise<void> {
  unwrap(
    await getSupabase().rpc('lounge_move_up_next', { _request_id: vars.id, _offset: vars.offset }),
  );
}

export function useSongRequestStatusMutation({
  onSuccess,
  ...options
}: MutationHookOptions<void, SetSongRequestStatusVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: setSongRequestStatus,
    async onSuccess(...args) {
      await client.invalidateQueries({ queryKey: songRequestKeys.all });
      await onSuccess?.(...args);
    },
  });
}

export function useMoveUpNextMutation({
  onSuccess,
  ...options
}: MutationHookOptions<void, MoveUpNextVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: moveUpNext,
    async onSuccess(...args) {
      await client.invalidateQueries({ queryKey: songRequestKeys.all });
      await onSuccess?.(...args);
    },
  });
}

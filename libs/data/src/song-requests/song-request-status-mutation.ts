import { useMutation, useQueryClient } from '@tanstack/react-query';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import type { SongRequestStatus } from './constants';
import { songRequestKeys } from './keys';

export interface SetSongRequestStatusVars {
  id: string;
  status: SongRequestStatus;
}

/**
 * Sets a request's status. Only admins may (RLS policy "Admins can change the
 * status of song requests"); for anyone else the update matches no row, which
 * is reported as an error rather than a silent no-op.
 */
export async function setSongRequestStatus(vars: SetSongRequestStatusVars): Promise<void> {
  const rows = unwrap(
    await getSupabase()
      .from('song_requests')
      .update({ status: vars.status })
      .eq('id', vars.id)
      .select('id'),
  );
  if (!rows || rows.length === 0) {
    throw new DataError({ code: '42501', message: 'Only admins can change a request status.' });
  }
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

import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { DataError, unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { songRequestKeys } from './keys';

export interface CreateSongRequestVars {
  songTitle: string;
  artist: string;
  userId: string;
}

/**
 * Inserts a request (values trimmed; the database trims again, refuses empty
 * values and profanity, and names the requester from their profile).
 */
export async function createSongRequest(
  vars: CreateSongRequestVars,
): Promise<Tables<'song_requests'>> {
  const row = unwrap(
    await getSupabase()
      .from('song_requests')
      .insert({
        song_title: vars.songTitle.trim(),
        artist: vars.artist.trim(),
        user_id: vars.userId,
      })
      .select()
      .single(),
  );
  if (!row) throw new DataError({ message: 'The new song request was not returned.' });
  return row;
}

export function useSongRequestCreateMutation({
  onSuccess,
  ...options
}: MutationHookOptions<Tables<'song_requests'>, CreateSongRequestVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createSongRequest,
    async onSuccess(...args) {
      await client.invalidateQueries({ queryKey: songRequestKeys.all });
      await onSuccess?.(...args);
    },
  });
}

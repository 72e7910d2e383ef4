import { useMutation, useQueryClient } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { djKeys } from '../lib/query-keys';
import { djRatingKeys } from './keys';

export interface CreateDjRatingVars {
  djId: string;
  userId: string;
  /** 1 to 5 stars. */
  rating: number;
  /** Optional; sent as null when empty. */
  comment?: string | null;
  /** 'yyyy-MM-dd'. */
  performanceDate: string;
}

/** One rating per member per DJ per performance date (a duplicate is 23505). */
export async function createDjRating(vars: CreateDjRatingVars): Promise<void> {
  const comment = vars.comment?.trim() ? vars.comment.trim() : null;
  unwrap(
    await getSupabase().from('dj_ratings').insert({
      dj_id: vars.djId,
      user_id: vars.userId,
      rating: vars.rating,
      comment,
      performance_date: vars.performanceDate,
    }),
  );
}

export function useDjRatingCreateMutation({
  onSuccess,
  ...options
}: MutationHookOptions<void, CreateDjRatingVars> = {}) {
  const client = useQueryClient();
  return useMutation({
    ...options,
    mutationFn: createDjRating,
    async onSuccess(...args) {
      await Promise.all([
        client.invalidateQueries({ queryKey: djRatingKeys.all }),
        // average_rating and total_ratings move with each rating
        client.invalidateQueries({ queryKey: djKeys.all }),
      ]);
      await onSuccess?.(...args);
    },
  });
}

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { offerKeys } from './keys';

/** One of a member's redemptions: which offer, when, and its row id (the pass code's source). */
export type Redemption = Pick<Tables<'user_offers'>, 'id' | 'offer_id' | 'redeemed_at'>;

/** A member's redemptions, newest first (user_offers by user_id; RLS: their own). */
export async function fetchRedemptions(
  vars: { userId: string },
  signal?: AbortSignal,
): Promise<Redemption[]> {
  let query = getSupabase()
    .from('user_offers')
    .select('id, offer_id, redeemed_at')
    .eq('user_id', vars.userId)
    .order('redeemed_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

// Under offerKeys.redemptions, so a redemption (which invalidates that key) refreshes it too.
export const redemptionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: [...offerKeys.redemptions(userId), 'rows'] as const,
    queryFn: ({ signal }) => fetchRedemptions({ userId }, signal),
  });

export const useRedemptions = (userId: string | undefined) =>
  useQuery({ ...redemptionsQueryOptions(userId ?? ''), enabled: Boolean(userId) });

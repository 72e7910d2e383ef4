import { queryOptions, useQuery } from '@tanstack/react-query';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { offerKeys } from './keys';

/** The ids of the offers a member has redeemed (user_offers: select offer_id by user_id). */
export async function fetchRedeemedOfferIds(
  vars: { userId: string },
  signal?: AbortSignal,
): Promise<string[]> {
  let query = getSupabase().from('user_offers').select('offer_id').eq('user_id', vars.userId);
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? []).map((row) => row.offer_id);
}

export const redeemedOfferIdsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: offerKeys.redemptions(userId),
    queryFn: ({ signal }) => fetchRedeemedOfferIds({ userId }, signal),
  });

export const useRedeemedOfferIds = (userId: string | undefined) =>
  useQuery({ ...redeemedOfferIdsQueryOptions(userId ?? ''), enabled: Boolean(userId) });

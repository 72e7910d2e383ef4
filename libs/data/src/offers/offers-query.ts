import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { offerKeys } from './keys';

export type OfferRow = Tables<'offers'>;

/**
 * Active offers that have not expired (is_active and
 * valid_until >= now; an offer without an end date does not expire). RLS
 * returns only the types the member qualifies for: vip for VIP members,
 * birthday within 7 days of their birthday.
 */
export async function fetchActiveOffers(
  vars: { now?: Date } = {},
  signal?: AbortSignal,
): Promise<OfferRow[]> {
  const now = (vars.now ?? new Date()).toISOString();
  let query = getSupabase()
    .from('offers')
    .select('*')
    .eq('is_active', true)
    .or(`valid_until.is.null,valid_until.gte.${now}`)
    .order('created_at', { ascending: true });
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const activeOffersQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: offerKeys.active(userId),
    queryFn: ({ signal }) => fetchActiveOffers({}, signal),
  });

export const useActiveOffers = (userId: string | undefined) =>
  useQuery({ ...activeOffersQueryOptions(userId ?? ''), enabled: Boolean(userId) });

import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { businessDate } from '../lib/business-date';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { promotionKeys } from './keys';

export type PromotionRow = Tables<'promotions'>;

/**
 * Promotions in order. 'current': what runs tonight (active, started, not
 * ended; row-level security shows guests only active ones); 'all' (admins).
 */
export async function fetchPromotions(
  vars: { scope: 'current' | 'all'; now?: Date },
  signal?: AbortSignal,
): Promise<PromotionRow[]> {
  let query = getSupabase().from('promotions').select('*');
  if (vars.scope === 'current') {
    const tonight = businessDate(vars.now);
    query = query
      .eq('is_active', true)
      .lte('starts_on', tonight)
      .or(`ends_on.is.null,ends_on.gte.${tonight}`);
  }
  let ordered = query.order('position').order('created_at');
  if (signal) ordered = ordered.abortSignal(signal);
  return unwrap(await ordered) ?? [];
}

export const promotionsQueryOptions = (scope: 'current' | 'all') =>
  queryOptions({
    queryKey: promotionKeys.list(scope),
    queryFn: ({ signal }) => fetchPromotions({ scope }, signal),
  });

export const usePromotions = (scope: 'current' | 'all' = 'current') =>
  useQuery(promotionsQueryOptions(scope));

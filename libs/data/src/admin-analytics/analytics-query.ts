import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminAnalyticsKeys } from './keys';

export type AnalyticsRecord = Tables<'analytics'>;

/** The analytics tab fetches the 50 newest records and shows 10. */
export const ANALYTICS_FETCHED = 50;
export const ANALYTICS_SHOWN = 10;

export async function fetchLatestAnalytics(signal?: AbortSignal): Promise<AnalyticsRecord[]> {
  let query = getSupabase()
    .from('analytics')
    .select('*')
    .order('created_at', { ascending: false })
    .limit(ANALYTICS_FETCHED);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const latestAnalyticsQueryOptions = () =>
  queryOptions({
    queryKey: adminAnalyticsKeys.latest(),
    queryFn: ({ signal }) => fetchLatestAnalytics(signal),
  });

export const useLatestAnalytics = () => useQuery(latestAnalyticsQueryOptions());

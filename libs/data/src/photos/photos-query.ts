import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { photoKeys } from './keys';

export type PhotoRow = Tables<'photo_wall'>;

/** The home photo grid: the 6 latest approved photos. */
export const PHOTO_GRID_SIZE = 6;

export async function fetchLatestApprovedPhotos(
  vars: { limit: number },
  signal?: AbortSignal,
): Promise<PhotoRow[]> {
  let query = getSupabase()
    .from('photo_wall')
    .select('*')
    .eq('is_approved', true)
    .order('created_at', { ascending: false })
    .limit(vars.limit);
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const latestPhotosQueryOptions = (limit: number = PHOTO_GRID_SIZE) =>
  queryOptions({
    queryKey: photoKeys.latestApproved(limit),
    queryFn: ({ signal }) => fetchLatestApprovedPhotos({ limit }, signal),
  });

export const useLatestPhotos = (limit: number = PHOTO_GRID_SIZE) =>
  useQuery(latestPhotosQueryOptions(limit));

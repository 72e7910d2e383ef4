import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';
import { djKeys } from './keys';

export type Dj = Tables<'djs'>;

/** Active DJs ordered by name. */
export async function fetchActiveDjs(signal?: AbortSignal): Promise<Dj[]> {
  let query = getSupabase().from('djs').select('*').eq('is_active', true).order('name');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const activeDjsQueryOptions = () =>
  queryOptions({
    queryKey: djKeys.active(),
    queryFn: ({ signal }) => fetchActiveDjs(signal),
  });

export function useActiveDjs() {
  return useQuery(activeDjsQueryOptions());
}

/** Tonight's live DJ in the lounge: the first active DJ (by name), or null. */
export async function fetchLiveDj(signal?: AbortSignal): Promise<Dj | null> {
  let query = getSupabase().from('djs').select('*').eq('is_active', true).order('name').limit(1);
  if (signal) query = query.abortSignal(signal);
  const rows = unwrap(await query) ?? [];
  return rows[0] ?? null;
}

export const liveDjQueryOptions = () =>
  queryOptions({
    queryKey: djKeys.live(),
    queryFn: ({ signal }) => fetchLiveDj(signal),
    // the average rating moves with tonight's ratings
    refetchInterval: 30_000,
    refetchIntervalInBackground: false,
  });

export function useLiveDj() {
  return useQuery(liveDjQueryOptions());
}

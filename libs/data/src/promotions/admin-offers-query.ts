import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { adminKeys } from '../lib/admin';
import { unwrap } from '../lib/errors';
import { getSupabase } from '../lib/supabase-client';

export type AdminOffer = Tables<'offers'>;

/** Every offer (admins read all: row-level security), newest first. */
export async function fetchAllOffers(
  _vars: object = {},
  signal?: AbortSignal,
): Promise<AdminOffer[]> {
  let query = getSupabase().from('offers').select('*').order('created_at', { ascending: false });
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const allOffersQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKeys.all, 'offers'] as const,
    queryFn: ({ signal }) => fetchAllOffers({}, signal),
  });

export const useAllOffers = () => useQuery(allOffersQueryOptions());

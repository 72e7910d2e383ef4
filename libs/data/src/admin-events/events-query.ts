import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminEventKeys } from './keys';

export type AdminEvent = Tables<'events'>;

/** Every event, pending or approved, newest created first (admins only, by RLS). */
export async function fetchAdminEvents(signal?: AbortSignal): Promise<AdminEvent[]> {
  let query = getSupabase()
    .from('events')
    .select('*')
    .order('created_at', { ascending: false })
    .order('id');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query) ?? [];
}

export const adminEventsQueryOptions = () =>
  queryOptions({
    queryKey: adminEventKeys.list(),
    queryFn: ({ signal }) => fetchAdminEvents(signal),
  });

export const useAdminEvents = () => useQuery(adminEventsQueryOptions());

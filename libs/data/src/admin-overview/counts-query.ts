import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { DataError } from '../lib/errors';
import { adminOverviewKeys } from './keys';

export interface AdminCounts {
  users: number;
  pendingEvents: number;
  pendingBookings: number;
  pendingPhotos: number;
}

type CountResult = { count: number | null; error: { message: string; code?: string } | null };

function countOf(result: CountResult): number {
  if (result.error) throw new DataError(result.error);
  return result.count ?? 0;
}

/**
 * The overview's figures: HEAD requests with count=exact, so no rows travel
 * (the profile count stays cheap with 5,000+ members).
 */
export async function fetchAdminCounts(signal?: AbortSignal): Promise<AdminCounts> {
  const supabase = getSupabase();
  const head = { count: 'exact', head: true } as const;
  const withSignal = <T extends { abortSignal(s: AbortSignal): T }>(q: T): T =>
    signal ? q.abortSignal(signal) : q;
  const [users, events, bookings, photos] = await Promise.all([
    withSignal(supabase.from('profiles').select('user_id', head)),
    withSignal(
      supabase.from('events').select('id', head).eq('is_approved', false).is('rejected_at', null),
    ),
    withSignal(supabase.from('event_bookings').select('id', head).eq('status', 'pending')),
    withSignal(
      supabase
        .from('photo_wall')
        .select('id', head)
        .eq('is_approved', false)
        .is('rejected_at', null),
    ),
  ]);
  return {
    users: countOf(users),
    pendingEvents: countOf(events),
    pendingBookings: countOf(bookings),
    pendingPhotos: countOf(photos),
  };
}

export const adminCountsQueryOptions = () =>
  queryOptions({
    queryKey: adminOverviewKeys.counts(),
    queryFn: ({ signal }) => fetchAdminCounts(signal),
  });

export const useAdminCounts = () => useQuery(adminCountsQueryOptions());

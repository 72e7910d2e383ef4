import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { fetchNewestFirst } from '../lib/admin';
import { adminEventKeys } from './keys';

export type AdminEvent = Tables<'events'>;

/** Every event, pending or approved, newest created first (admins only, by RLS). */
export const fetchAdminEvents = (signal?: AbortSignal): Promise<AdminEvent[]> =>
  fetchNewestFirst('events', signal);

export const adminEventsQueryOptions = () =>
  queryOptions({
    queryKey: adminEventKeys.list(),
    queryFn: ({ signal }) => fetchAdminEvents(signal),
  });

export const useAdminEvents = () => useQuery(adminEventsQueryOptions());

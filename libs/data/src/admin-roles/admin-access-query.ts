import { queryOptions, useQuery } from '@tanstack/react-query';
import { getSupabase } from '../lib/supabase-client';
import { unwrap } from '../lib/errors';
import { adminRoleKeys } from './keys';

/** Whether this user holds the admin role (a user_roles row; never user metadata). */
export async function fetchIsAdmin(userId: string, signal?: AbortSignal): Promise<boolean> {
  let query = getSupabase()
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .eq('role', 'admin');
  if (signal) query = query.abortSignal(signal);
  return unwrap(await query.maybeSingle()) !== null;
}

export const adminAccessQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: adminRoleKeys.isAdmin(userId),
    queryFn: ({ signal }) => fetchIsAdmin(userId, signal),
    staleTime: 0,
  });

/** The dashboard's own access check, so it never decides on a role lookup still in flight. */
export const useAdminAccess = (userId: string | null) =>
  useQuery({
    ...adminAccessQueryOptions(userId ?? ''),
    enabled: userId !== null,
  });

/** Whether this user may work the door: a staff or an admin role row of their own. */
export async function fetchCanWorkDoor(userId: string, signal?: AbortSignal): Promise<boolean> {
  let query = getSupabase()
    .from('user_roles')
    .select('role')
    .eq('user_id', userId)
    .in('role', ['staff', 'admin']);
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? []).length > 0;
}

/** The door's access check, asked of the database, never of a lookup still in flight. */
export const useDoorAccess = (userId: string | null) =>
  useQuery({
    queryKey: [...adminRoleKeys.isAdmin(userId ?? ''), 'door'] as const,
    queryFn: ({ signal }) => fetchCanWorkDoor(userId ?? '', signal),
    enabled: userId !== null,
    staleTime: 0,
  });

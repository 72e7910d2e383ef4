import { useMutation, useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import { DataError, unwrap } from './errors';
import { getSupabase } from './supabase-client';
import type { MutationHookOptions } from './mutation';

/**
 * Every admin query key starts with 'admin', so one invalidation refreshes the
 * dashboard; each admin domain's keys.ts builds on this root.
 */
export const adminKeys = {
  all: ['admin'] as const,
} as const;

/**
 * After a moderation change: refetch the dashboard (lists and overview counts),
 * and mark every other area's cached reads stale (the events page, a member's
 * home) so they show the change the next time they are opened.
 */
export async function refreshAfterAdminChange(queryClient: QueryClient): Promise<void> {
  void queryClient.invalidateQueries({
    predicate: (query) => query.queryKey[0] !== adminKeys.all[0],
    refetchType: 'none',
  });
  await queryClient.invalidateQueries({ queryKey: adminKeys.all });
}

/**
 * Updates and deletes that row-level security filters out raise nothing: they
 * return no rows. Treat that as the refusal it is.
 */
export function requireRow<T>(rows: T[] | null, what: string): T {
  const row = rows?.[0];
  if (!row) throw new DataError({ code: '42501', message: `The ${what} could not be changed.` });
  return row;
}

/** The tables the dashboard lists in full. */
export type ModeratedTable = 'events' | 'event_bookings' | 'photo_wall';

/**
 * Every row of a moderated table, newest created first, ties broken by id so
 * the order is stable. Only admins read every row: row-level security decides.
 */
export async function fetchNewestFirst<T extends ModeratedTable>(
  table: T,
  signal?: AbortSignal,
): Promise<Tables<T>[]> {
  let query = getSupabase()
    .from(table as ModeratedTable)
    .select('*')
    .order('created_at', { ascending: false })
    .order('id');
  if (signal) query = query.abortSignal(signal);
  return (unwrap(await query) ?? []) as Tables<T>[];
}

/**
 * A dashboard mutation: runs `mutationFn`, refreshes the dashboard and every
 * other area's cache (refreshAfterAdminChange), then the caller's onSuccess.
 */
export function useAdminMutation<TData, TVars>(
  mutationFn: (vars: TVars) => Promise<TData>,
  { onSuccess, ...options }: MutationHookOptions<TData, TVars> = {},
) {
  const queryClient = useQueryClient();
  return useMutation<TData, Error, TVars>({
    ...options,
    mutationFn,
    async onSuccess(...args) {
      await refreshAfterAdminChange(queryClient);
      await onSuccess?.(...args);
    },
  });
}

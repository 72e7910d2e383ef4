import type { QueryClient } from '@tanstack/react-query';

/** Every admin query key starts with 'admin', so one invalidation refreshes the dashboard. */
export const adminKeys = {
  all: ['admin'] as const,
  overview: () => [...adminKeys.all, 'overview'] as const,
  counts: () => [...adminKeys.overview(), 'counts'] as const,
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

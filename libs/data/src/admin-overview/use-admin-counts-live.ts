import { useQueryClient } from '@tanstack/react-query';
import { loungeTopics } from '../realtime/constants';
import { useRealtimeChannel, type LiveStatus } from '../realtime/use-realtime-channel';
import type { AdminCounts } from './counts-query';
import { adminOverviewKeys } from './keys';

const COUNT_FIELDS = ['users', 'pendingEvents', 'pendingBookings', 'pendingPhotos'] as const;

function isCounts(p: Record<string, unknown>): p is Record<keyof AdminCounts, number> {
  return COUNT_FIELDS.every((k) => typeof p[k] === 'number');
}

/**
 * Keeps the dashboard's figures live: the database broadcasts them whole on
 * 'admin:counts' (admins only may join) whenever a pending event, booking or
 * photo or a member comes or goes; the cached counts are replaced from the
 * payload. After the channel was down, the counts are fetched once again.
 */
export function useAdminCountsLive(enabled = true): LiveStatus {
  const client = useQueryClient();
  return useRealtimeChannel(
    enabled ? loungeTopics.adminCounts : null,
    {
      counts: (p) => {
        if (!isCounts(p)) return;
        const counts: AdminCounts = {
          users: p.users,
          pendingEvents: p.pendingEvents,
          pendingBookings: p.pendingBookings,
          pendingPhotos: p.pendingPhotos,
        };
        client.setQueryData(adminOverviewKeys.counts(), counts);
      },
    },
    () => void client.invalidateQueries({ queryKey: adminOverviewKeys.counts() }),
  );
}

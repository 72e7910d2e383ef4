import { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';

/**
 * How often the lounge refreshes while its live channel is joined: changes
 * arrive as broadcasts, so polling is only a safety net. When the channel is
 * down, the lounge polls every LOUNGE_POLL_INTERVAL_MS (5 s) again.
 */
export const LIVE_POLL_INTERVAL_MS = 30_000;

/** The poll interval for a channel status: slow while live, 5 s otherwise. */
export function pollIntervalFor(status: 'connecting' | 'live' | 'down'): number {
  return status === 'live' ? LIVE_POLL_INTERVAL_MS : LOUNGE_POLL_INTERVAL_MS;
}

/** The private topics the database broadcasts on. */
export const loungeTopics = {
  /** Every member: requests, votes, queue states, the live DJ, new reviews. */
  requests: 'lounge:requests',
  /** One member: notices about their own requests. */
  user: (userId: string) => `user:${userId}`,
  /** Admins: the dashboard's figures. */
  adminCounts: 'admin:counts',
} as const;

const DAY_MS = 86_400_000;

/** Whole days since an ISO timestamp (0 on the first day; never negative). */
export function daysSince(iso: string | null | undefined, now: Date = new Date()): number {
  if (!iso) return 0;
  const then = new Date(iso).getTime();
  if (Number.isNaN(then)) return 0;
  return Math.max(0, Math.floor((now.getTime() - then) / DAY_MS));
}

export interface MemberStats {
  eventsBooked: number;
  offersRedeemed: number;
  status: 'VIP' | 'Member';
  daysMember: number;
}

/** The four stat tiles, from the profile row and the member's redemptions. */
export function memberStats(
  profile: { total_bookings: number; vip_status: boolean; created_at: string } | null | undefined,
  redeemedCount: number,
  now: Date = new Date(),
): MemberStats {
  return {
    eventsBooked: profile?.total_bookings ?? 0,
    offersRedeemed: redeemedCount,
    status: profile?.vip_status ? 'VIP' : 'Member',
    daysMember: daysSince(profile?.created_at, now),
  };
}

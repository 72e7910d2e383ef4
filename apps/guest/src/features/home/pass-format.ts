import { formatWallClock, venueWallClock } from '@bistro/data';

/**
 * The code staff read off a pass: the first 8 hex digits of the redemption's
 * row id (a random UUID), as "7F3A-91C2". It names that one redemption, so an
 * admin can find it among the member's user_offers rows.
 */
export function passCode(redemptionId: string): string {
  const hex = redemptionId.replace(/-/g, '').slice(0, 8).toUpperCase();
  return `${hex.slice(0, 4)}-${hex.slice(4)}`;
}

/** "Sat, Nov 22 · 10:42 PM", the venue's wall-clock time. */
export const redemptionTime = (iso: string) =>
  formatWallClock(venueWallClock(iso), "EEE, MMM d '·' h:mm a");

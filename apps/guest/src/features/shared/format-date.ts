import { formatWallClock, localWallClock, venueWallClock } from '@bistro/data';

/** Event times are the venue's (Cleveland) wall-clock time, wherever the guest's phone is. */

/** "Fri, Aug 15 · 9:00 PM" */
export const shortEventDate = (iso: string) =>
  formatWallClock(venueWallClock(iso), "EEE, MMM d '·' h:mm a");

/** "Friday, August 15, 2025 at 9:00 PM" */
export const longEventDate = (iso: string) =>
  formatWallClock(venueWallClock(iso), "EEEE, MMMM d, yyyy 'at' h:mm a");

/** "Aug 15, 2025", in the phone's own time zone. */
export const shortDate = (iso: string) => formatWallClock(localWallClock(iso), 'MMM d, yyyy');

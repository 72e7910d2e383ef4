import { format } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { VENUE_TIME_ZONE } from '@bistro/data';

/** Event times are the venue's (Cleveland) wall-clock time, wherever the guest's phone is. */
const inVenueTime = (iso: string) => new TZDate(iso, VENUE_TIME_ZONE);

/** "Fri, Aug 15 · 9:00 PM" */
export const shortEventDate = (iso: string) => format(inVenueTime(iso), "EEE, MMM d '·' h:mm a");

/** "Friday, August 15, 2025 at 9:00 PM" */
export const longEventDate = (iso: string) =>
  format(inVenueTime(iso), "EEEE, MMMM d, yyyy 'at' h:mm a");

/** "Aug 15, 2025" */
export const shortDate = (iso: string) => format(new Date(iso), 'MMM d, yyyy');

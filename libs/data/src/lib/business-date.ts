import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';

/**
 * The venue's time zone, declared once for the app: the business night, event
 * times and review times are shown in it. The database has private.venue_time_zone().
 */
export const VENUE_TIME_ZONE = 'America/New_York';
/** Local hour at which the business night rolls over to the next date. */
export const BUSINESS_DAY_ROLLOVER_HOUR = 4;

/**
 * Tonight's business date ('yyyy-MM-dd') for the lounge: the venue's wall-clock
 * date, where the hours before 04:00 still belong to the previous night. It
 * mirrors the database's private.business_date(), which subtracts 4 wall-clock
 * hours from the venue's local time, so DST changes never shift the rollover.
 */
export function businessDate(now: Date = new Date()): string {
  const local = new TZDate(now.getTime(), VENUE_TIME_ZONE);
  const night = local.getHours() < BUSINESS_DAY_ROLLOVER_HOUR ? subDays(local, 1) : local;
  return format(night, 'yyyy-MM-dd');
}

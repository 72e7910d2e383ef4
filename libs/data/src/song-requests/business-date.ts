import { TZDate } from '@date-fns/tz';
import { format, subDays } from 'date-fns';

/** The lounge's time zone (ARCHITECTURE.md, The night). */
export const VENUE_TIME_ZONE = 'America/New_York';
/** Local hour at which the business night rolls over to the next date. */
export const BUSINESS_DAY_ROLLOVER_HOUR = 4;

/**
 * Tonight's business date ('yyyy-MM-dd') for the lounge: the venue's wall-clock
 * date in America/New_York, where the hours before 04:00 still belong to the
 * previous night. It mirrors the database's private.business_date()
 * ((now() at time zone 'America/New_York') - interval '4 hours')::date, which
 * subtracts 4 wall-clock hours, so DST changes never shift the rollover.
 */
export function businessDate(now: Date = new Date()): string {
  const local = new TZDate(now.getTime(), VENUE_TIME_ZONE);
  const night = local.getHours() < BUSINESS_DAY_ROLLOVER_HOUR ? subDays(local, 1) : local;
  return format(night, 'yyyy-MM-dd');
}

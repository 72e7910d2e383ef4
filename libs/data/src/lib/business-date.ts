import { BUSINESS_RULES } from '../business-rules';
import { formatWallClock, previousDay, venueInstant, venueWallClock } from './venue-time';

export { VENUE_TIME_ZONE } from './venue-time';

/**
 * Local hour at which the business night rolls over to the next date: the
 * database's private.business_day_rollover_hour() (generated into business-rules.ts).
 */
export const BUSINESS_DAY_ROLLOVER_HOUR = BUSINESS_RULES.business_day_rollover_hour;

/**
 * Tonight's business date ('yyyy-MM-dd') for the lounge: the venue's wall-clock
 * date, where the hours before 04:00 still belong to the previous night. It
 * mirrors the database's private.business_date(), which subtracts 4 wall-clock
 * hours from the venue's local time, so DST changes never shift the rollover.
 */
export function businessDate(now: Date = new Date()): string {
  const local = venueWallClock(now);
  const night = local.hour < BUSINESS_DAY_ROLLOVER_HOUR ? previousDay(local) : local;
  return formatWallClock(night, 'yyyy-MM-dd');
}

/**
 * The instant of a time of night (venue wall clock) on the business night of `at`: an hour
 * before the rollover is after midnight, so on the next calendar day.
 */
export function nightInstant(at: Date, hour: number, minute: number): string {
  const [y = 0, m = 1, d = 1] = businessDate(at).split('-').map(Number);
  const day = new Date(Date.UTC(y, m - 1, d + (hour < BUSINESS_DAY_ROLLOVER_HOUR ? 1 : 0)));
  return new Date(
    venueInstant({
      year: day.getUTCFullYear(),
      month: day.getUTCMonth() + 1,
      day: day.getUTCDate(),
      hour,
      minute,
    }),
  ).toISOString();
}

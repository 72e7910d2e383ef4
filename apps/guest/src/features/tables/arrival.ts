import { BUSINESS_RULES, venueInstant, venueWallClock } from '@bistro/data';

const ROLLOVER = BUSINESS_RULES.business_day_rollover_hour;

/**
 * The instant of an arrival time (HH:MM, venue time) on an event's night: a time before the
 * night's rollover hour is after midnight, so on the next calendar day.
 */
export function arrivalInstant(eventDateIso: string, hhmm: string): string | null {
  const match = /^(\d{2}):(\d{2})$/.exec(hhmm);
  if (!match) return null;
  const hour = Number(match[1]);
  const minute = Number(match[2]);
  if (hour > 23 || minute > 59) return null;
  const event = venueWallClock(eventDateIso);
  // the event's business night starts on the event's calendar day (or the day before, when
  // the event itself starts after midnight)
  const nightStart = new Date(
    Date.UTC(event.year, event.month - 1, event.day) - (event.hour < ROLLOVER ? 86_400_000 : 0),
  );
  const day = new Date(nightStart.getTime() + (hour < ROLLOVER ? 86_400_000 : 0));
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

/** The event's start as HH:MM, venue time: the arrival time offered first. */
export function eventTime(eventDateIso: string): string {
  const c = venueWallClock(eventDateIso);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}

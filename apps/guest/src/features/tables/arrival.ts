import { nightInstant, venueWallClock } from '@bistro/data';

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
  return nightInstant(new Date(eventDateIso), hour, minute);
}

/** The event's start as HH:MM, venue time: the arrival time offered first. */
export function eventTime(eventDateIso: string): string {
  const c = venueWallClock(eventDateIso);
  return `${String(c.hour).padStart(2, '0')}:${String(c.minute).padStart(2, '0')}`;
}

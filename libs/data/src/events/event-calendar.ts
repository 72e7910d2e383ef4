import { bookingIcs, googleCalendarUrl } from '../lib/calendar.generated';
import type { Venue } from '../venue/venue-record';
import type { EventRow } from './events-query';

export interface EventCalendar {
  /** The iCalendar file (RFC 5545), in the venue's time zone. */
  ics: string;
  /** "friday-night-neon.ics". */
  fileName: string;
  /** Google Calendar's create-event page, filled in. */
  googleUrl: string;
}

/**
 * An event in a guest's calendar, as the booking mails write it (the same code): "<title> at
 * <venue>", three hours from the start in the venue's zone, at the venue's name and street
 * address from the venue record. Null for an event without a valid date.
 */
export function eventCalendar(
  event: Pick<EventRow, 'id' | 'title' | 'event_date' | 'description'>,
  venue: Pick<Venue, 'name' | 'shortName' | 'addressLine'>,
  now: Date = new Date(),
): EventCalendar | null {
  const start = new Date(event.event_date);
  if (Number.isNaN(start.getTime())) return null;
  const entry = {
    title: `${event.title} at ${venue.shortName}`,
    start,
    description: event.description ?? '',
    location: `${venue.name}, ${venue.addressLine}`,
  };
  const slug =
    event.title
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 60) || 'event';
  return {
    ics: bookingIcs({
      ...entry,
      uid: `${event.id}@${venue.shortName.toLowerCase().replace(/\W+/g, '-')}.events`,
      stamp: now,
    }),
    fileName: `${slug}.ics`,
    googleUrl: googleCalendarUrl(entry),
  };
}

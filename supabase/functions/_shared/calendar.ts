/**
 * A booking in a guest's calendar: an iCalendar file (RFC 5545) whose times
 * are written in the venue's time zone with that zone's VTIMEZONE, so every
 * calendar shows the venue's wall clock in winter and in summer, and an
 * "Add to Google Calendar" link. Events have no end time in the database; a
 * night out is entered as three hours.
 */
import { venue } from './venue.ts';

export const EVENT_LENGTH_MS = 3 * 60 * 60 * 1000;

/**
 * The zones the venue may be in, with their rules as VTIMEZONE components
 * (United States rules since 2007). A zone without an entry stops the mail:
 * a calendar file with a wrong zone would put the guest there at the wrong
 * hour.
 */
const VTIMEZONES: Record<string, string[]> = {
  'America/New_York': [
    'BEGIN:VTIMEZONE',
    'TZID:America/New_York',
    'X-LIC-LOCATION:America/New_York',
    'BEGIN:DAYLIGHT',
    'TZOFFSETFROM:-0500',
    'TZOFFSETTO:-0400',
    'TZNAME:EDT',
    'DTSTART:19700308T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=2SU',
    'END:DAYLIGHT',
    'BEGIN:STANDARD',
    'TZOFFSETFROM:-0400',
    'TZOFFSETTO:-0500',
    'TZNAME:EST',
    'DTSTART:19701101T020000',
    'RRULE:FREQ=YEARLY;BYMONTH=11;BYDAY=1SU',
    'END:STANDARD',
    'END:VTIMEZONE',
  ],
};

/** "20251128T220000": the wall-clock time of an instant in a zone. */
export function localStamp(date: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  }).formatToParts(date);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return `${get('year')}${get('month')}${get('day')}T${get('hour')}${get('minute')}${get('second')}`;
}

/** "20251129T030000Z". */
export function utcStamp(date: Date): string {
  return date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/**
 * TEXT values (RFC 5545 3.3.11) escape backslash, semicolon, comma and every line break (CRLF,
 * a lone CR or a lone LF, which some readers take as the end of a line); other control
 * characters are not allowed in TEXT and are dropped, so no value can start a property line of
 * its own.
 */
export function icsText(value: string): string {
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n|\u2028|\u2029|\u0085/g, '\\n')
      // eslint-disable-next-line no-control-regex -- control characters are what this drops
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/** Lines longer than 75 octets continue on the next line after a space. */
function fold(line: string): string {
  const encoder = new TextEncoder();
  if (encoder.encode(line).length <= 75) return line;
  const out: string[] = [];
  let current = '';
  let size = 0;
  for (const ch of line) {
    const n = encoder.encode(ch).length;
    const limit = out.length === 0 ? 75 : 74;
    if (size + n > limit) {
      out.push(current);
      current = '';
      size = 0;
    }
    current += ch;
    size += n;
  }
  out.push(current);
  return out.join('\r\n ');
}

export interface CalendarBooking {
  /** Unique per booking: the calendar entry is replaced, not duplicated, when sent again. */
  uid: string;
  title: string;
  start: Date;
  description: string;
  /** The venue's name and street address (maps and calendars find the place by it). */
  location: string;
  /** Defaults to now (DTSTAMP). */
  stamp?: Date;
  /** Defaults to three hours after the start. */
  end?: Date;
  /** PUBLISH (the default) adds or updates the entry; CANCEL withdraws it. */
  method?: 'PUBLISH' | 'CANCEL';
  /** Revision of the entry (RFC 5545 SEQUENCE): a later one replaces an earlier one. */
  sequence?: number;
}

export function bookingIcs(b: CalendarBooking, timeZone: string = venue.timeZone): string {
  const zone = VTIMEZONES[timeZone];
  if (!zone) throw new Error(`No VTIMEZONE is defined for ${timeZone}`);
  const end = b.end ?? new Date(b.start.getTime() + EVENT_LENGTH_MS);
  const method = b.method ?? 'PUBLISH';
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Bistro Web App//Bookings//EN',
    'CALSCALE:GREGORIAN',
    `METHOD:${method}`,
    ...zone,
    'BEGIN:VEVENT',
    `UID:${b.uid}`,
    `DTSTAMP:${utcStamp(b.stamp ?? new Date())}`,
    `DTSTART;TZID=${timeZone}:${localStamp(b.start, timeZone)}`,
    `DTEND;TZID=${timeZone}:${localStamp(end, timeZone)}`,
    `SUMMARY:${icsText(b.title)}`,
    `LOCATION:${icsText(b.location)}`,
    `DESCRIPTION:${icsText(b.description)}`,
    ...(b.sequence ? [`SEQUENCE:${b.sequence}`] : []),
    method === 'CANCEL' ? 'STATUS:CANCELLED' : 'STATUS:CONFIRMED',
    'TRANSP:OPAQUE',
    'END:VEVENT',
    'END:VCALENDAR',
  ];
  return lines.map(fold).join('\r\n') + '\r\n';
}

/** Google Calendar's "create event" page, filled in (times in UTC, shown in the venue's zone). */
export function googleCalendarUrl(
  b: Omit<CalendarBooking, 'uid' | 'stamp' | 'method' | 'sequence'>,
  timeZone: string = venue.timeZone,
): string {
  const end = b.end ?? new Date(b.start.getTime() + EVENT_LENGTH_MS);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: b.title,
    dates: `${utcStamp(b.start)}/${utcStamp(end)}`,
    ctz: timeZone,
    details: b.description,
    location: b.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

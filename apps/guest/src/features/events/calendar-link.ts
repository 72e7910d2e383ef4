/**
 * "Add to Google Calendar" for an event: Google's create-event page filled in
 * with UTC times shown in the venue's zone, the venue's name and street
 * address as the place. Events have no end time; a night out is entered as
 * three hours (as in the booking mails' calendar files).
 */
export const EVENT_LENGTH_MS = 3 * 60 * 60 * 1000;

const utcStamp = (date: Date) =>
  date
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');

export function googleCalendarLink(event: {
  title: string;
  start: string;
  description: string;
  location: string;
  timeZone: string;
}): string | null {
  const start = new Date(event.start);
  if (Number.isNaN(start.getTime())) return null;
  const end = new Date(start.getTime() + EVENT_LENGTH_MS);
  const params = new URLSearchParams({
    action: 'TEMPLATE',
    text: event.title,
    dates: `${utcStamp(start)}/${utcStamp(end)}`,
    ctz: event.timeZone,
    details: event.description,
    location: event.location,
  });
  return `https://calendar.google.com/calendar/render?${params.toString()}`;
}

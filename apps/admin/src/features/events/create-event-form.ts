import { venueInstant } from '@bistro/data';

/** Create Event is enabled once title and date are set, and never while the image uploads. */
export function canCreateEvent(form: {
  title: string;
  eventDate: string;
  uploading: boolean;
  submitting: boolean;
}): boolean {
  return form.title.trim() !== '' && form.eventDate !== '' && !form.uploading && !form.submitting;
}

/**
 * A datetime-local value ("2025-08-16T21:00") as an ISO timestamp. The admin types
 * the venue's wall-clock time (Cleveland), wherever their browser is, because that
 * is the time guests see on /events.
 */
export function eventDateToIso(value: string): string | null {
  const match = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})$/.exec(value);
  if (!match) return null;
  const [year, month, day, hour, minute] = match.slice(1).map(Number) as [
    number,
    number,
    number,
    number,
    number,
  ];
  const ms = venueInstant({ year, month, day, hour, minute });
  return Number.isNaN(ms) ? null : new Date(ms).toISOString();
}

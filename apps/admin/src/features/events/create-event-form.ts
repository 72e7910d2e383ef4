/** Create Event is enabled once title and date are set, and never while the image uploads. */
export function canCreateEvent(form: {
  title: string;
  eventDate: string;
  uploading: boolean;
  submitting: boolean;
}): boolean {
  return form.title.trim() !== '' && form.eventDate !== '' && !form.uploading && !form.submitting;
}

/** A datetime-local value ("2025-08-16T21:00", the admin's local time) as an ISO timestamp. */
export function eventDateToIso(value: string): string | null {
  if (!value) return null;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? null : date.toISOString();
}

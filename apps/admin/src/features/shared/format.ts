import { format, isValid } from 'date-fns';
import { TZDate } from '@date-fns/tz';
import { VENUE_TIME_ZONE } from '@bistro/data';

/** Times are shown in the venue's time zone, as guests see them, wherever the admin is. */
const inVenueTime = (iso: string) => new TZDate(iso, VENUE_TIME_ZONE);

/** "Sat, Aug 16, 2025, 9:00 PM"; an empty string for a missing or broken date. */
export function formatDateTime(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = inVenueTime(iso);
  return isValid(date) ? format(date, 'EEE, MMM d, yyyy, h:mm a') : '';
}

export function formatDate(iso: string | null | undefined): string {
  if (!iso) return '';
  const date = inVenueTime(iso);
  return isValid(date) ? format(date, 'MMM d, yyyy') : '';
}

/** "Maya Lopez", or the e-mail, or a placeholder: profiles may lack names. */
export function displayName(person: {
  first_name?: string | null;
  last_name?: string | null;
  firstName?: string | null;
  lastName?: string | null;
  email?: string | null;
}): string {
  const name = [person.first_name ?? person.firstName, person.last_name ?? person.lastName]
    .map((part) => part?.trim())
    .filter(Boolean)
    .join(' ');
  return name || person.email || 'Unnamed member';
}

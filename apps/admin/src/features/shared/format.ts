import { formatWallClock, venueWallClock } from '@bistro/data';

/**
 * Times are shown in the venue's time zone, as guests see them, wherever the
 * admin is; null for a missing or broken date.
 */
function inVenueTime(iso: string | null | undefined) {
  if (!iso) return null;
  const ms = new Date(iso).getTime();
  return Number.isNaN(ms) ? null : venueWallClock(ms);
}

/** "Sat, Aug 16, 2025, 9:00 PM"; an empty string for a missing or broken date. */
export function formatDateTime(iso: string | null | undefined): string {
  const clock = inVenueTime(iso);
  return clock ? formatWallClock(clock, 'EEE, MMM d, yyyy, h:mm a') : '';
}

export function formatDate(iso: string | null | undefined): string {
  const clock = inVenueTime(iso);
  return clock ? formatWallClock(clock, 'MMM d, yyyy') : '';
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

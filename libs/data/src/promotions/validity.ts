import { businessDate } from '../lib/business-date';
import { formatVenueDate } from '../venue/venue-hours';

/**
 * The last venue night something valid until an instant covers: the business
 * date of the moment before it ends. An offer valid until 00:00 on Dec 27
 * runs through Dec 26; one valid until 4 AM (the end of a night) runs through
 * the night before.
 */
export function lastNightBefore(validUntil: string): string | null {
  const ms = new Date(validUntil).getTime();
  return Number.isNaN(ms) ? null : businessDate(new Date(ms - 1));
}

/**
 * Validity in words, the one way the app writes it for offers and
 * promotions: "Tonight only", "Valid through Saturday, December 26", or null
 * when it has no end.
 */
export function formatValidity(lastNight: string | null, tonight: string): string | null {
  if (!lastNight) return null;
  if (lastNight === tonight) return 'Tonight only';
  return `Valid through ${formatVenueDate(lastNight)}`;
}

import { BUSINESS_RULES } from '@bistro/data';

/** The party sizes the database takes (event_bookings_number_of_guests_check). */
export const MIN_GUESTS = BUSINESS_RULES.booking_guests_min;
export const MAX_GUESTS = BUSINESS_RULES.booking_guests_max;
/** The form's starting value (the spec's default of 1). */
export const DEFAULT_GUESTS = 1;

export const GUEST_RANGE_ERROR = `Please choose from ${MIN_GUESTS} to ${MAX_GUESTS} guests.`;

/**
 * The number of guests from the form's text. A non-numeric value (blank,
 * letters) becomes 1, so the form never blocks on it; a number is rounded
 * down; a number outside the range is refused with a message, never silently
 * changed into another party size.
 */
export function readGuestCount(
  value: string | number | null | undefined,
): { guests: number } | { error: string } {
  const parsed =
    typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(parsed)) return { guests: DEFAULT_GUESTS };
  const guests = Math.trunc(parsed);
  if (guests < MIN_GUESTS || guests > MAX_GUESTS) return { error: GUEST_RANGE_ERROR };
  return { guests };
}

/** One step of the party-size stepper; the result is always within the range. */
export function stepGuestCount(value: string, delta: 1 | -1): number {
  const parsed = Number.parseInt(value.trim(), 10);
  const base = Number.isFinite(parsed) ? parsed : DEFAULT_GUESTS;
  return Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, base + delta));
}

export const MIN_GUESTS = 1;
export const MAX_GUESTS = 20;
export const DEFAULT_GUESTS = 1;

/**
 * The number of guests from the form's text: a non-numeric value becomes 1
 * (the form never blocks on it); a number is rounded down and kept within 1 to 20.
 */
export function coerceGuestCount(value: string | number | null | undefined): number {
  const parsed =
    typeof value === 'number' ? value : Number.parseInt(String(value ?? '').trim(), 10);
  if (!Number.isFinite(parsed)) return DEFAULT_GUESTS;
  return Math.min(MAX_GUESTS, Math.max(MIN_GUESTS, Math.trunc(parsed)));
}

import type { AdminBooking } from './bookings-query';

/** The columns of the export, in order: what the tab shows of each booking. */
export const BOOKING_CSV_COLUMNS = [
  ['booking_code', 'Code'],
  ['status', 'Status'],
  ['event_title', 'Event'],
  ['event_date', 'Event date'],
  ['occasion', 'Occasion'],
  ['name', 'Name'],
  ['email', 'Email'],
  ['phone', 'Phone'],
  ['number_of_guests', 'Guests'],
  ['special_requests', 'Special requests'],
  ['admin_notes', 'Admin notes'],
  ['created_at', 'Requested at'],
  ['checked_in_at', 'Checked in at'],
  ['cancelled_at', 'Cancelled at'],
] as const satisfies readonly (readonly [keyof AdminBooking, string])[];

/**
 * One CSV field (RFC 4180): quoted when it holds a comma, quote or line break.
 * A value a spreadsheet would run as a formula (=, +, -, @, tab, CR first) gets
 * a leading apostrophe, so an exported guest name never executes.
 */
export function csvField(value: string | number | null | undefined): string {
  if (value === null || value === undefined) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The bookings as CSV text: a header row, then one line per booking, CRLF line ends. */
export function bookingsToCsv(rows: readonly AdminBooking[]): string {
  const header = BOOKING_CSV_COLUMNS.map(([, label]) => csvField(label)).join(',');
  const lines = rows.map((row) =>
    BOOKING_CSV_COLUMNS.map(([column]) => csvField(row[column])).join(','),
  );
  return [header, ...lines].join('\r\n') + '\r\n';
}

import type { Json } from '../database.types';
import type { MutationHookOptions } from '../lib/mutation';
import { getSupabase } from '../lib/supabase-client';
import { DataError, unwrap } from '../lib/errors';
import { useAdminMutation } from '../lib/admin';

/** A booking as the door sees it. */
export interface CheckInResult {
  id: string;
  bookingCode: string;
  name: string;
  numberOfGuests: number;
  eventTitle: string | null;
  eventDate: string | null;
  status: string;
  checkedInAt: string | null;
}

/**
 * The code as typed or scanned: letters upper-cased, spaces and dashes
 * dropped. A scanned QR code that holds a link rather than the bare code
 * carries it as its `code` parameter ("...?code=ABCD2345").
 */
export function normalizeBookingCode(value: string): string {
  const param = /[?&]code=([A-Za-z0-9]+)/.exec(value);
  return (param?.[1] ?? value).toUpperCase().replace(/[\s-]/g, '');
}

/** The json public.check_in_booking and public.find_booking return. */
export function parseCheckIn(value: Json): CheckInResult {
  if (!value || typeof value !== 'object' || Array.isArray(value)) {
    throw new DataError({ message: 'The server did not return the booking.' });
  }
  const str = (key: string) => {
    const v = value[key];
    return typeof v === 'string' ? v : null;
  };
  const guests = value['number_of_guests'];
  const id = str('id');
  const code = str('booking_code');
  if (!id || !code) throw new DataError({ message: 'The server did not return the booking.' });
  return {
    id,
    bookingCode: code,
    name: str('name') ?? '',
    numberOfGuests: typeof guests === 'number' ? guests : 0,
    eventTitle: str('event_title'),
    eventDate: str('event_date'),
    status: str('status') ?? '',
    checkedInAt: str('checked_in_at'),
  };
}

/**
 * Checks a guest in by booking code (public.check_in_booking, admins only).
 * The database refuses an unknown code, a second check-in, a cancelled,
 * rejected or unapproved booking and a booking for another night, each with
 * its own message (SQLSTATE P0001), which the door shows as is.
 */
export async function checkInBooking(code: string): Promise<CheckInResult> {
  return parseCheckIn(
    unwrap(await getSupabase().rpc('check_in_booking', { code: normalizeBookingCode(code) })),
  );
}

export const useBookingCheckInMutation = (
  options: MutationHookOptions<CheckInResult, string> = {},
) => useAdminMutation(checkInBooking, options);

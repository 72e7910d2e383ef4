import type { SupabaseClient } from '@supabase/supabase-js';
import { requireEnv } from './env.ts';
import { cancelUrl } from './booking-mail.ts';

/** Whether the guest may still cancel: the booking holds or waits for seats and the night has not begun. */
export function cancellable(status: string, eventDate: string | null, now = new Date()): boolean {
  if (!['pending', 'approved', 'waitlisted'].includes(status)) return false;
  return eventDate === null || new Date(eventDate).getTime() > now.getTime();
}

/** A fresh single-purpose cancel link for a booking (the token is stored hashed by the database). */
export async function newCancelUrl(service: SupabaseClient, bookingId: string): Promise<string> {
  const { data, error } = await service.rpc('booking_cancel_token', { booking_id: bookingId });
  if (error) throw new Error(`Cancel token failed: ${error.message}`);
  return cancelUrl(requireEnv('SITE_URL'), data as string);
}

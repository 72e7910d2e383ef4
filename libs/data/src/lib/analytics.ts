import type { Json } from '../database.types';
import { getSupabase } from './supabase-client';

/**
 * What a member's app reports (marked client_reported, limited per hour by the database);
 * bookings and sign-ups are recorded by the database itself.
 */
export type GuestAnalyticsEvent = 'offer_redeemed' | 'photo_uploaded';

/**
 * Records an app event for the signed-in member (an analytics row). The action it describes has already succeeded, so a failure here
 * is logged, never shown: it must not turn a redemption or booking into an error.
 */
export async function recordAnalytics(
  userId: string,
  eventType: GuestAnalyticsEvent,
  eventData: Record<string, Json> = {},
): Promise<boolean> {
  try {
    const { error } = await getSupabase()
      .from('analytics')
      .insert({ user_id: userId, event_type: eventType, event_data: eventData });
    if (error) {
      console.warn(`Could not record analytics event ${eventType}`, error);
      return false;
    }
    return true;
  } catch (error) {
    console.warn(`Could not record analytics event ${eventType}`, error);
    return false;
  }
}

/**
 * The venue as mails show it, read from its one record (public.venue_settings,
 * which admins edit in the Venue tab): the name mails are signed with and the
 * street address calendar invitations carry. The time zone event times are
 * written in is the database's private.venue_time_zone() (the app has
 * VENUE_TIME_ZONE in @bistro/data, generated from the database;
 * supabase/tests/business-rules.test.ts fails when the two differ); the default
 * sender address is deployment configuration (MAIL_FROM).
 */
import type { SupabaseClient } from '@supabase/supabase-js';

export const venue = {
  timeZone: 'America/New_York',
  /** The sender when MAIL_FROM is not set. */
  mailFrom: 'Lakeshore Bistro <no-reply@lakeshorebistro.example>',
} as const;

export interface MailVenue {
  name: string;
  shortName: string;
  /** "1250 West 6th Street, Cleveland, OH 44113". */
  addressLine: string;
}

interface VenueRow {
  name: string;
  short_name: string;
  street: string;
  city: string;
  region_code: string;
  postal_code: string;
}

export function mailVenue(row: VenueRow): MailVenue {
  return {
    name: row.name,
    shortName: row.short_name,
    addressLine: `${row.street}, ${row.city}, ${row.region_code} ${row.postal_code}`,
  };
}

/** Reads the venue record (everyone may read it); a missing record stops the mail. */
export async function loadMailVenue(client: SupabaseClient): Promise<MailVenue> {
  const { data, error } = await client
    .from('venue_settings')
    .select('name, short_name, street, city, region_code, postal_code')
    .limit(1)
    .maybeSingle();
  if (error) throw new Error(`Venue lookup failed: ${error.message}`);
  if (!data) throw new Error('The venue record is missing');
  return mailVenue(data as VenueRow);
}

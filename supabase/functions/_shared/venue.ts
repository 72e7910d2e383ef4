/**
 * The venue's facts for the edge functions, declared once: the name mails
 * are signed with, the default sender, and the time zone event times are
 * written in. The app declares the same facts in @bistro/ui (name) and
 * @bistro/data (time zone, generated from the database); the time zone is the
 * database's private.venue_time_zone(), and supabase/tests/business-rules.test.ts
 * fails when the two differ.
 */
export const venue = {
  name: 'The Lakeshore Bistro & Ultra Lounge',
  shortName: 'Lakeshore Bistro',
  mailFrom: 'Lakeshore Bistro <no-reply@lakeshorebistro.example>',
  timeZone: 'America/New_York',
} as const;

import type { DayHours, VenueSettingsRow } from '@bistro/data';

/** The venue row as the database ships it, for component tests (the app reads the real one). */
export const testVenueRow: VenueSettingsRow = {
  id: true,
  name: 'The Lakeshore Bistro & Ultra Lounge',
  short_name: 'Lakeshore Bistro',
  tagline: 'Small plates and cocktails in the bistro, DJs and dancing in the ultra lounge.',
  street: '1250 West 6th Street',
  city: 'Cleveland',
  region: 'Ohio',
  region_code: 'OH',
  postal_code: '44113',
  phone: '(216) 555-0142',
  email: 'concierge@lakeshorebistro.example',
  hours_note: 'Kitchen until midnight.',
  dress_code: 'Smart casual in the bistro; upscale nightlife attire in the lounge after 9PM.',
  minimum_age: 21,
  adults_only_from: '21:00:00',
  cover_charge_note: 'No cover in the bistro.',
  social_links: [],
  menu_image_url: null,
  last_call_at: null,
  admin_requires_mfa: false,
  door_capacity: null,
  no_shows_at: '04:00:00',
  updated_at: '2026-11-26T12:00:00Z',
};

export const testVenueHours: DayHours[] = [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
  weekday,
  is_closed: false,
  opens_at: '11:00:00',
  closes_at: '01:00:00',
}));

/**
 * For vi.mock('@bistro/data'): the real module with useVenue answering the test venue.
 * `vi.mock('@bistro/data', withTestVenue)`.
 */
export async function withTestVenue(importOriginal: () => Promise<unknown>) {
  const actual = (await importOriginal()) as typeof import('@bistro/data');
  const venue = actual.toVenue(testVenueRow, testVenueHours, []);
  return {
    ...actual,
    useVenue: () => ({ data: venue, isPending: false, isError: false, refetch: () => undefined }),
  };
}

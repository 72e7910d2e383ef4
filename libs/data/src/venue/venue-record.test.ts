import { describe, expect, it } from 'vitest';
import { agePolicy, parseSocialLinks, phoneHref, toVenue } from './venue-record';

describe('the venue record as screens show it', () => {
  it('derives the dial link, address line and map link from the stored fields', () => {
    const venue = toVenue(
      {
        id: true,
        name: 'The Lakeshore Bistro & Ultra Lounge',
        short_name: 'Lakeshore Bistro',
        tagline: '',
        street: '1250 West 6th Street',
        city: 'Cleveland',
        region: 'Ohio',
        region_code: 'OH',
        postal_code: '44113',
        phone: '(216) 555-0142',
        email: 'concierge@lakeshorebistro.example',
        hours_note: '',
        dress_code: '',
        minimum_age: 21,
        adults_only_from: '21:00:00',
        cover_charge_note: '',
        social_links: [{ label: 'Instagram', url: 'https://www.instagram.com/' }],
        menu_image_url: null,
        last_call_at: null,
        admin_requires_mfa: false,
        door_capacity: null,
        no_shows_at: '04:00:00',
        updated_at: '2026-11-26T12:00:00Z',
      },
      [{ weekday: 0, is_closed: false, opens_at: '11:00:00', closes_at: '01:00:00' }],
      [],
    );
    expect(venue.addressLine).toBe('1250 West 6th Street, Cleveland, OH 44113');
    expect(venue.mapsUrl).toBe(
      'https://www.google.com/maps/search/?api=1&query=1250%20West%206th%20Street%2C%20Cleveland%2C%20OH%2044113',
    );
    expect(venue.phoneHref).toBe('tel:+12165550142');
    expect(venue.agePolicy).toBe('All ages until 9PM; 21+ with a valid photo ID from 9PM.');
    expect(venue.socialLinks).toEqual([{ label: 'Instagram', url: 'https://www.instagram.com/' }]);
  });

  it('words the age policy for every setting', () => {
    expect(agePolicy(21, null)).toBe('All ages welcome.');
    expect(agePolicy(21, '00:00:00')).toBe('21+ with a valid photo ID at all hours.');
    expect(agePolicy(18, '22:30')).toBe(
      'All ages until 10:30PM; 18+ with a valid photo ID from 10:30PM.',
    );
  });

  it('drops malformed social links and non-https addresses', () => {
    expect(
      parseSocialLinks([
        { label: 'ok', url: 'https://x.test/a' },
        { label: 'bad', url: 'javascript:alert(1)' },
        { url: 'https://x.test' },
        'nope',
      ]),
    ).toEqual([{ label: 'ok', url: 'https://x.test/a' }]);
    expect(parseSocialLinks(null)).toEqual([]);
    expect(phoneHref('216-555-0142')).toBe('tel:+12165550142');
  });
});

/**
 * Venue facts. The spec leaves the venue's name, phone and e-mail as placeholders;
 * these fictional defaults (a 555 number) are the one place every screen reads them from.
 * The venue's time zone is VENUE_TIME_ZONE in @bistro/data (the business night needs it there).
 */
export const venue = {
  name: 'The Lakeshore Bistro & Ultra Lounge',
  shortName: 'Lakeshore Bistro',
  phone: '(216) 555-0142',
  phoneHref: 'tel:+12165550142',
  email: 'concierge@lakeshorebistro.example',
  address: {
    street: '1250 West 6th Street',
    city: 'Cleveland',
    region: 'Ohio',
    regionCode: 'OH',
    postalCode: '44113',
  },
  hours: 'Open daily 11AM to 1AM',
} as const;

export const venueAddressLine = `${venue.address.street}, ${venue.address.city}, ${venue.address.regionCode} ${venue.address.postalCode}`;

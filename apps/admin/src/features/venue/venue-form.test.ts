import { describe, expect, it } from 'vitest';
import { toVenue } from '@bistro/data';
import {
  exceptionSchema,
  hoursInput,
  hoursSchema,
  hoursValues,
  settingsInput,
  settingsSchema,
  settingsValues,
} from './venue-form';

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
  [0, 1, 2, 3, 4, 5, 6].map((weekday) => ({
    weekday,
    is_closed: false,
    opens_at: '11:00:00',
    closes_at: '01:00:00',
  })),
  [],
);

describe('the Venue tab forms', () => {
  it('round-trips the record and writes an empty age hour as null', () => {
    const values = settingsValues(venue);
    const parsed = settingsSchema.parse(values);
    expect(settingsInput(parsed)).toMatchObject({
      phone: '(216) 555-0142',
      minimum_age: 21,
      adults_only_from: '21:00',
    });
    expect(settingsInput(settingsSchema.parse({ ...values, adults_only_from: '' }))).toMatchObject({
      adults_only_from: null,
    });
  });

  it('refuses what the database would refuse, with the reason', () => {
    const values = settingsValues(venue);
    const issues = (patch: object) =>
      settingsSchema.safeParse({ ...values, ...patch }).error?.issues.map((i) => i.message) ?? [];
    expect(issues({ phone: '216-555-0142' })).toEqual(['Enter the phone as (216) 555-0142.']);
    expect(issues({ postal_code: '4411' })).toEqual(['Enter a 5-digit ZIP code.']);
    expect(issues({ minimum_age: '12' })).toEqual(['The minimum age is 18 to 25.']);
    expect(issues({ social_links: [{ label: 'X', url: 'http://x.test' }] })).toEqual([
      'Enter an address starting with https://.',
    ]);
    expect(issues({ name: '   ' })).toEqual(['Name is required.']);
  });

  it('edits the week from Monday and clears the times of a closed day', () => {
    const values = hoursValues(venue.hours);
    expect(values.days.map((d) => d.weekday)).toEqual([1, 2, 3, 4, 5, 6, 0]);
    values.days[6] = { weekday: 0, is_closed: false, opens_at: '12:00', closes_at: '23:00' };
    values.days[0] = { weekday: 1, is_closed: true, opens_at: '11:00', closes_at: '01:00' };
    expect(hoursSchema.safeParse(values).success).toBe(true);
    const days = hoursInput(values);
    expect(days[0]).toEqual({ weekday: 1, is_closed: true, opens_at: null, closes_at: null });
    expect(days[6]).toEqual({
      weekday: 0,
      is_closed: false,
      opens_at: '12:00',
      closes_at: '23:00',
    });
    values.days[2] = { weekday: 3, is_closed: false, opens_at: '11:00', closes_at: '11:00' };
    expect(hoursSchema.safeParse(values).error?.issues[0]?.message).toBe(
      'Opening and closing times must differ.',
    );
  });

  it('needs times for a special date that is not closed', () => {
    const base = { on_date: '2026-12-24', label: 'Christmas Eve', opens_at: '', closes_at: '' };
    expect(exceptionSchema.safeParse({ ...base, is_closed: true }).success).toBe(true);
    expect(exceptionSchema.safeParse({ ...base, is_closed: false }).success).toBe(false);
    expect(
      exceptionSchema.safeParse({
        ...base,
        is_closed: false,
        opens_at: '11:00',
        closes_at: '18:00',
      }).success,
    ).toBe(true);
  });
});

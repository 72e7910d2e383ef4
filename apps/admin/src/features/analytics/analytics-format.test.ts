// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { activityLabel, eventDataSummary, eventTypeLabel } from './analytics-format';

describe('analytics format', () => {
  it('names the event types', () => {
    expect(eventTypeLabel('booking_created')).toBe('Booking created');
    expect(eventTypeLabel('table_scanned')).toBe('table scanned');
  });

  it('summarises with names, never with raw ids', () => {
    expect(
      eventDataSummary({
        event_id: '0b8f7a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b',
        event_title: 'Jazz Night',
        guests: 3,
      }),
    ).toBe('Jazz Night · 3 guests');
    expect(eventDataSummary({ photo_id: '0b8f7a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b' })).toBe('');
    expect(
      eventDataSummary({ source: 'qr', ref: '0b8f7a9e-1c2d-4e5f-8a9b-0c1d2e3f4a5b', id: 'x' }),
    ).toBe('source: qr');
  });

  it("says which rows a member's app reported; bookings and sign-ups come from the database", () => {
    expect(activityLabel('booking_created', false)).toBe('Booking created');
    expect(activityLabel('signed_up', false)).toBe('Signed up');
    expect(activityLabel('offer_redeemed', true)).toBe('Offer redeemed (reported by the app)');
  });
});

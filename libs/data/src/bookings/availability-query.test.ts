// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseAvailabilityRow } from './availability-query';

describe('parseAvailabilityRow', () => {
  it('reads capacity, guests booked and spots left; null means unlimited', () => {
    expect(
      parseAvailabilityRow({ event_id: 'e1', capacity: 10, guests_booked: 7, spots_left: 3 }),
    ).toEqual({ eventId: 'e1', capacity: 10, guestsBooked: 7, spotsLeft: 3 });
    expect(
      parseAvailabilityRow({ event_id: 'e2', capacity: null, guests_booked: 4, spots_left: null }),
    ).toEqual({ eventId: 'e2', capacity: null, guestsBooked: 4, spotsLeft: null });
  });

  it('refuses a row without an event', () => {
    expect(() => parseAvailabilityRow({ capacity: 1 })).toThrow(
      'The server did not return the availability.',
    );
  });
});

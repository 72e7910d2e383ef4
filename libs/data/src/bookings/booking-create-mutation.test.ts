// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bookingInsert, type BookingInput } from './booking-create-mutation';

const input: BookingInput = {
  userId: 'u1',
  event: { id: 'e1', title: 'Friday Night Neon', event_date: '2031-05-03T01:00:00Z' },
  name: ' Maya Brooks ',
  email: ' maya@example.com ',
  phone: ' (216) 555-0100 ',
  numberOfGuests: 3,
  eventTitle: '  ',
  specialRequests: ' Window seat ',
};

describe('bookingInsert', () => {
  it('books the event by id and leaves its title and date to the database', () => {
    const row = bookingInsert(input, null);
    expect(row).toEqual({
      user_id: 'u1',
      event_id: 'e1',
      occasion: null,
      name: 'Maya Brooks',
      email: 'maya@example.com',
      phone: '(216) 555-0100',
      number_of_guests: 3,
      special_requests: 'Window seat',
      event_image_url: null,
    });
    expect(row).not.toHaveProperty('event_title');
    expect(row).not.toHaveProperty('event_date');
    expect(row).not.toHaveProperty('status');
  });

  it("keeps the guest's Event Title as their own label for the occasion", () => {
    expect(
      bookingInsert({ ...input, eventTitle: " Maya's 30th " }, 'http://x/i.png'),
    ).toMatchObject({ occasion: "Maya's 30th", event_image_url: 'http://x/i.png' });
  });
});

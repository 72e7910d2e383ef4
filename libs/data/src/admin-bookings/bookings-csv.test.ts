// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { bookingsToCsv, csvField } from './bookings-csv';
import { bookingSearchFilter, type AdminBooking } from './bookings-query';
import { normalizeBookingCode, parseCheckIn } from './check-in-mutation';
import { parseCapacity } from './event-capacity-mutation';

const row: AdminBooking = {
  id: 'b1',
  user_id: 'u1',
  event_id: 'e1',
  occasion: 'Maya, "30"',
  booking_code: 'ABCD2345',
  name: '=HYPERLINK("x")',
  email: 'maya@example.com',
  phone: '216-555-0100',
  event_title: 'Jazz Night',
  event_date: '2031-05-04T00:00:00Z',
  number_of_guests: 4,
  special_requests: 'Window\nseat',
  event_image_url: null,
  status: 'cancelled',
  admin_notes: null,
  approved_at: null,
  approved_by: null,
  cancelled_at: '2031-05-01T00:00:00Z',
  cancelled_by: 'u1',
  checked_in_at: null,
  checked_in_by: null,
  no_show_at: null,
  created_at: '2031-04-01T00:00:00Z',
  updated_at: '2031-05-01T00:00:00Z',
};

describe('bookings CSV', () => {
  it('quotes commas, quotes and line breaks and defuses formulas', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField(4)).toBe('4');
    expect(csvField(null)).toBe('');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField('-5')).toBe("'-5");
  });

  it('writes a header and one line per booking, cancelled ones marked as such', () => {
    const csv = bookingsToCsv([row]);
    const [header, line, end] = csv.split('\r\n');
    expect(header).toBe(
      'Code,Status,Event,Event date,Occasion,Name,Email,Phone,Guests,Special requests,Admin notes,Requested at,Checked in at,Cancelled at',
    );
    // The line break inside a quoted field is kept; records end in CRLF.
    expect(line).toBe(
      'ABCD2345,cancelled,Jazz Night,2031-05-04T00:00:00Z,"Maya, ""30""","\'=HYPERLINK(""x"")",maya@example.com,216-555-0100,4,"Window\nseat",,2031-04-01T00:00:00Z,,2031-05-01T00:00:00Z',
    );
    expect(end).toBe('');
    expect(bookingsToCsv([])).toBe(`${header}\r\n`);
  });
});

describe('admin booking search', () => {
  it('searches name, e-mail and code, dropping what would break the filter', () => {
    expect(bookingSearchFilter('  ')).toBeNull();
    expect(bookingSearchFilter('maya')).toBe(
      'name.ilike.*maya*,email.ilike.*maya*,booking_code.ilike.*maya*',
    );
    expect(bookingSearchFilter('a,b(c)*')).toBe(
      'name.ilike.*a b c*,email.ilike.*a b c*,booking_code.ilike.*a b c*',
    );
  });
});

describe('check-in', () => {
  it('normalizes typed and scanned codes', () => {
    expect(normalizeBookingCode(' abcd-2345 ')).toBe('ABCD2345');
    expect(normalizeBookingCode('https://x.test/checkin?code=abcd2345')).toBe('ABCD2345');
  });

  it('reads the json the database answers and refuses anything else', () => {
    expect(
      parseCheckIn({
        id: 'b1',
        booking_code: 'ABCD2345',
        name: 'Maya',
        number_of_guests: 3,
        event_title: 'Jazz',
        event_date: '2031-05-04T00:00:00Z',
        status: 'approved',
        checked_in_at: '2031-05-04T00:10:00Z',
      }),
    ).toEqual({
      id: 'b1',
      bookingCode: 'ABCD2345',
      name: 'Maya',
      numberOfGuests: 3,
      eventTitle: 'Jazz',
      eventDate: '2031-05-04T00:00:00Z',
      status: 'approved',
      checkedInAt: '2031-05-04T00:10:00Z',
    });
    expect(() => parseCheckIn(null)).toThrow('The server did not return the booking.');
    expect(() => parseCheckIn({ id: 'b1' })).toThrow('The server did not return the booking.');
  });
});

describe('capacity', () => {
  it('reads empty as unlimited and refuses what is not a positive whole number', () => {
    expect(parseCapacity('')).toEqual({ capacity: null });
    expect(parseCapacity(' 40 ')).toEqual({ capacity: 40 });
    expect(parseCapacity('0')).toHaveProperty('error');
    expect(parseCapacity('2.5')).toHaveProperty('error');
    expect(parseCapacity('-3')).toHaveProperty('error');
  });
});

import { describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
import {
  bookingMail as composeBookingMail,
  formatEventDate,
  type BookingForMail,
  type BookingMailKind,
} from '../_shared/booking-mail.ts';
import { brandedMail } from '../_shared/branded-mail.ts';
import { bookingIcs, googleCalendarUrl, localStamp } from '../_shared/calendar.ts';
import { mailVenue } from '../_shared/venue.ts';

// The venue record as the database ships it (mails read it with loadMailVenue).
const venue = mailVenue({
  name: 'The Lakeshore Bistro & Ultra Lounge',
  short_name: 'Lakeshore Bistro',
  street: '1250 West 6th Street',
  city: 'Cleveland',
  region_code: 'OH',
  postal_code: '44113',
});
const bookingMail = (kind: BookingMailKind, b: BookingForMail) =>
  composeBookingMail(kind, b, venue);

const booking: BookingForMail = {
  to: 'maya@example.com',
  id: '0b0b0b0b-0000-4000-8000-000000000001',
  name: 'Maya Lopez',
  bookingCode: 'K7M3QX9P',
  status: 'approved',
  guests: 2,
  event: { title: 'Neon Nights', event_date: '2025-08-17T01:00:00.000Z' },
  adminNotes: 'Table 4 is yours <b>VIP</b>',
  cancelUrl: 'http://localhost:4200/bookings/cancel?token=abc_DEF-123',
};

const base64 = (s: string) => Buffer.from(s, 'base64');

/** Reads an .ics with ical.js, its VTIMEZONE registered the way calendar apps do. */
function parseIcs(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  const tz = root.getFirstSubcomponent('vtimezone');
  if (!tz) throw new Error('no VTIMEZONE');
  ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const vevent = root.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return new ICAL.Event(vevent);
}

describe('branded layout', () => {
  it('says the same in both parts, escapes the HTML and names the venue', () => {
    const mail = brandedMail({
      subject: 'Confirm your signup',
      heading: 'Confirm your e-mail <now>',
      paragraphs: ['Follow this link to confirm your account:'],
      action: { label: 'Confirm your email', url: 'http://x/verify?a=1&b=2' },
      footer: ['If you did not sign up, ignore this e-mail.'],
      venueName: venue.name,
    });
    expect(mail.subject).toBe('Confirm your signup');
    expect(mail.text).toContain(venue.name.toUpperCase());
    expect(mail.text).toContain('Confirm your email: http://x/verify?a=1&b=2');
    expect(mail.text).toContain('If you did not sign up, ignore this e-mail.');
    expect(mail.html).toContain(`>${venue.name.replace('&', '&#38;')}<`);
    expect(mail.html).toContain('href="http://x/verify?a=1&#38;b=2"');
    expect(mail.html).toContain('Confirm your e-mail &#60;now&#62;');
    expect(mail.html).not.toContain('<now>');
  });
});

describe('booking mails', () => {
  it('approval: status, code, venue-time date, notes escaped, QR code inline, .ics, calendar and cancel links', async () => {
    const mail = await bookingMail('decision', booking);
    expect(mail.to).toBe('maya@example.com');
    expect(mail.subject).toBe('Your booking for Neon Nights is approved');
    expect(mail.text).toContain('Status: Approved');
    expect(mail.text).toContain('Booking code: K7M3QX9P');
    expect(mail.text).toContain('Date: Saturday, August 16, 2025 at 9:00 PM');
    expect(mail.text).toContain('Party: 2 guests');
    expect(mail.text).toContain('A note from our team: Table 4 is yours <b>VIP</b>');
    expect(mail.text).toContain(
      'Cancel booking: http://localhost:4200/bookings/cancel?token=abc_DEF-123',
    );
    expect(mail.text).toMatch(/Add to Google Calendar: https:\/\/calendar\.google\.com\//);
    expect(mail.html).toContain('Table 4 is yours &#60;b&#62;VIP&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>VIP</b>');
    expect(mail.html).toContain('src="cid:booking-qr"');
    const [qr, ics] = mail.attachments ?? [];
    expect(qr).toMatchObject({
      filename: 'booking-qr.png',
      contentType: 'image/png',
      contentId: 'booking-qr',
    });
    expect(
      base64(qr?.content ?? '')
        .subarray(1, 4)
        .toString(),
    ).toBe('PNG');
    expect(ics?.filename).toBe('booking.ics');
    expect(ics?.contentType).toMatch(/^text\/calendar/);
    const event = parseIcs(base64(ics?.content ?? '').toString('utf8'));
    expect(event.summary).toBe(`Neon Nights at ${venue.shortName}`);
    expect(event.location).toBe(
      'The Lakeshore Bistro & Ultra Lounge, 1250 West 6th Street, Cleveland, OH 44113',
    );
    expect(event.description).toBe('Booking code K7M3QX9P for 2 guests.');
    expect(event.startDate.toJSDate().toISOString()).toBe('2025-08-17T01:00:00.000Z');
  });

  it('declined and pending decisions carry no ticket; a started or cancelled booking no cancel link', async () => {
    const declined = await bookingMail('decision', {
      ...booking,
      status: 'rejected',
      adminNotes: ' ',
      cancelUrl: null,
    });
    expect(declined.subject).toBe('Your booking for Neon Nights was declined');
    expect(declined.text).toContain('Status: Declined');
    expect(declined.text).not.toContain('A note from our team');
    expect(declined.text).not.toContain('Cancel booking');
    expect(declined.attachments).toBeUndefined();
    const pending = await bookingMail('decision', { ...booking, status: 'pending' });
    expect(pending.subject).toBe('Your booking for Neon Nights is pending');
    expect(pending.attachments).toBeUndefined();
  });

  it.each([
    ['received', 'We received your booking request for Neon Nights', true],
    ['waitlisted', "You're on the waitlist for Neon Nights", true],
    ['promoted', 'A spot opened up for Neon Nights', true],
    ['cancelled', 'Your booking for Neon Nights is cancelled', false],
    ['reminder', 'Reminder: Neon Nights is coming up', true],
  ] as const)(
    '%s: subject, code, and a cancel link while it can be cancelled',
    async (kind, subject, link) => {
      const mail = await bookingMail(kind, { ...booking, adminNotes: null });
      expect(mail.subject).toBe(subject);
      expect(mail.text).toContain('Booking code: K7M3QX9P');
      expect(mail.text.includes('Cancel booking:')).toBe(link);
      expect(mail.html).toContain('K7M3QX9P');
      expect((mail.attachments ?? []).length).toBe(kind === 'reminder' ? 2 : 0);
    },
  );

  it('names no member-typed title: a booking without an event is the private event request', async () => {
    const mail = await bookingMail('received', { ...booking, event: null });
    expect(mail.subject).toBe('We received your booking request for your private event request');
    expect(mail.text).not.toContain('Date:');
    const approved = await bookingMail('decision', { ...booking, event: null });
    expect(approved.attachments).toBeUndefined();
  });

  it('formats only valid dates', () => {
    expect(formatEventDate('not a date')).toBeNull();
    expect(formatEventDate(null)).toBeNull();
  });
});

describe('calendar', () => {
  const read = (iso: string) =>
    parseIcs(
      bookingIcs({
        uid: 'b1@test',
        title: 'Friday Night Neon',
        start: new Date(iso),
        description: 'Booking code K7M3QX9P; 2 guests, see you',
        location: venue.addressLine,
        stamp: new Date('2025-01-01T00:00:00Z'),
      }),
    );

  it.each([
    ['winter (EST, UTC-5)', '2026-01-17T03:00:00.000Z', '2026-01-16', 22],
    ['summer (EDT, UTC-4)', '2026-07-18T02:00:00.000Z', '2026-07-17', 22],
  ])('an ical.js reader sees the venue wall clock in %s', (_label, iso, day, hour) => {
    const event = read(iso);
    expect(event.startDate.zone?.tzid).toBe('America/New_York');
    expect(event.startDate.toString().slice(0, 10)).toBe(day);
    expect(event.startDate.hour).toBe(hour);
    expect(event.startDate.toJSDate().toISOString()).toBe(iso);
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(
      3 * 3600_000,
    );
    expect(event.description).toBe('Booking code K7M3QX9P; 2 guests, see you');
  });

  it('ends three real hours later across the spring-forward night', () => {
    // 11 PM EST on Saturday 7 March 2026; clocks jump from 2 to 3 AM
    const event = read('2026-03-08T04:00:00.000Z');
    expect(event.endDate.hour).toBe(3);
    expect(event.endDate.toJSDate().toISOString()).toBe('2026-03-08T07:00:00.000Z');
  });

  it('writes CRLF lines of at most 75 octets', () => {
    const ics = bookingIcs({
      uid: 'b1@test',
      title: 'A very long title '.repeat(8),
      start: new Date('2026-01-17T03:00:00Z'),
      description: 'Ünïcödé '.repeat(20),
      location: venue.addressLine,
    });
    expect(ics.endsWith('\r\n')).toBe(true);
    for (const line of ics.split('\r\n')) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/\n/);
  });

  it('a lone CR, LF or other control character in a text field never starts a line of its own', () => {
    const ics = bookingIcs({
      uid: 'b2@test',
      title: 'Neon Night\rATTENDEE:mailto:evil@example.com\u000bX',
      start: new Date('2026-01-17T03:00:00Z'),
      description: 'One\nTwo\r\nThree\rFour\u2028Five',
      location: venue.addressLine,
    });
    const lines = ics.split('\r\n');
    expect(lines.some((l) => l.startsWith('ATTENDEE'))).toBe(false);
    // eslint-disable-next-line no-control-regex -- the vertical tab must be gone
    expect(ics.replace(/\r\n/g, '')).not.toMatch(/[\r\n\u000b]/);
    const vevent = new ICAL.Component(ICAL.parse(ics)).getFirstSubcomponent('vevent');
    expect(vevent).not.toBeNull();
    const parsed = new ICAL.Event(vevent ?? undefined);
    expect(parsed.summary).toBe('Neon Night\nATTENDEE:mailto:evil@example.comX');
    expect(parsed.description).toBe('One\nTwo\nThree\nFour\nFive');
  });

  it('refuses a zone it has no rules for', () => {
    expect(() =>
      bookingIcs(
        { uid: 'x', title: 't', start: new Date(), description: '', location: '' },
        'Europe/Paris',
      ),
    ).toThrow('No VTIMEZONE is defined for Europe/Paris');
  });

  it('links Google Calendar with UTC times and the venue zone', () => {
    const url = new URL(
      googleCalendarUrl({
        title: 'Neon',
        start: new Date('2026-07-18T02:00:00Z'),
        description: 'Code X',
        location: venue.addressLine,
      }),
    );
    expect(url.searchParams.get('location')).toBe('1250 West 6th Street, Cleveland, OH 44113');
    expect(url.searchParams.get('dates')).toBe('20260718T020000Z/20260718T050000Z');
    expect(url.searchParams.get('ctz')).toBe('America/New_York');
    expect(url.searchParams.get('action')).toBe('TEMPLATE');
    expect(localStamp(new Date('2026-07-18T02:00:00Z'), 'America/New_York')).toBe(
      '20260717T220000',
    );
  });
});

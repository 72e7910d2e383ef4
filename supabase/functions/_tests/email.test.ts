import { describe, expect, it } from 'vitest';
import { bookingEmail, formatEventDate } from '../send-booking-notification/email.ts';

const booking = {
  to: 'maya@example.com',
  name: 'Maya Lopez',
  status: 'approved',
  event: { title: 'Neon Nights', event_date: '2025-08-17T01:00:00.000Z' },
  admin_notes: 'Table 4 is yours <b>VIP</b>',
};

describe('booking e-mail', () => {
  it('tells the guest the status, event, venue-time date and the notes, escaped in HTML', () => {
    const mail = bookingEmail(booking);
    expect(mail.to).toBe('maya@example.com');
    expect(mail.subject).toBe('Your booking for Neon Nights is approved');
    expect(mail.text).toContain('Status: Approved');
    expect(mail.text).toContain('Date: Saturday, August 16, 2025 at 9:00 PM');
    expect(mail.text).toContain('A note from our team: Table 4 is yours <b>VIP</b>');
    expect(mail.html).toContain('Table 4 is yours &#60;b&#62;VIP&#60;/b&#62;');
    expect(mail.html).not.toContain('<b>VIP</b>');
  });

  it('words a rejection and leaves out missing notes and dates', () => {
    const mail = bookingEmail({
      ...booking,
      status: 'rejected',
      admin_notes: ' ',
      event: { title: 'Neon Nights', event_date: 'not a date' },
    });
    expect(mail.subject).toBe('Your booking for Neon Nights was declined');
    expect(mail.text).toContain('Status: Declined');
    expect(mail.text).not.toContain('A note from our team');
    expect(mail.text).not.toContain('Date:');
  });

  it('names no event when the booking matches none', () => {
    const mail = bookingEmail({ ...booking, event: null });
    expect(mail.subject).toBe('Your booking for your event is approved');
    expect(mail.text).not.toContain('Date:');
  });

  it('formats only valid dates', () => {
    expect(formatEventDate('not a date')).toBeNull();
    expect(formatEventDate(null)).toBeNull();
  });
});

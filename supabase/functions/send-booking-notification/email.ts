import { escapeHtml, type OutgoingMail } from '../_shared/mail.ts';
import { venue } from '../_shared/venue.ts';

/** The event row a booking is for (its real title and time, never member-written). */
export interface BookedEvent {
  title: string;
  event_date: string;
}

export interface BookingForMail {
  /** The member's verified address. */
  to: string;
  name: string;
  status: string;
  /** null when the booking matches no event: the mail then says "your event". */
  event: BookedEvent | null;
  admin_notes: string | null;
}

/** "Saturday, August 16, 2025 at 9:00 PM" in the venue's time zone, or null. */
export function formatEventDate(iso: string | null): string | null {
  if (!iso) return null;
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return null;
  const day = new Intl.DateTimeFormat('en-US', {
    timeZone: venue.timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(date);
  const time = new Intl.DateTimeFormat('en-US', {
    timeZone: venue.timeZone,
    hour: 'numeric',
    minute: '2-digit',
  }).format(date);
  return `${day} at ${time}`;
}

const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);

const statusWord = (status: string) =>
  status === 'approved' ? 'approved' : status === 'rejected' ? 'declined' : 'pending';

/** The guest's e-mail about a booking decision: status, event, date and the team's notes. */
export function bookingEmail(
  booking: BookingForMail,
  venueName: string = venue.name,
): OutgoingMail {
  const event = booking.event?.title.trim() || 'your event';
  const when = formatEventDate(booking.event?.event_date ?? null);
  const word = statusWord(booking.status);
  const subject =
    word === 'approved'
      ? `Your booking for ${event} is approved`
      : word === 'declined'
        ? `Your booking for ${event} was declined`
        : `Your booking for ${event} is pending`;
  const intro =
    word === 'approved'
      ? `Good news: your booking for ${event} is approved. We look forward to seeing you.`
      : word === 'declined'
        ? `We're sorry: we could not accept your booking for ${event}.`
        : `Your booking for ${event} is waiting for our team's review.`;
  const notes = booking.admin_notes?.trim() || null;
  const greeting = `Hi ${booking.name.trim() || 'there'},`;

  const lines = [
    greeting,
    '',
    intro,
    '',
    `Status: ${capitalize(word)}`,
    `Event: ${event}`,
    ...(when ? [`Date: ${when}`] : []),
    ...(notes ? ['', `A note from our team: ${notes}`] : []),
    '',
    venueName,
  ];
  const row = (label: string, value: string) =>
    `<tr><th align="left" style="padding:4px 12px 4px 0">${label}</th><td>${escapeHtml(value)}</td></tr>`;
  const html = [
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}</p>`,
    '<table>',
    row('Status', capitalize(word)),
    row('Event', event),
    when ? row('Date', when) : '',
    '</table>',
    notes ? `<p><strong>A note from our team:</strong> ${escapeHtml(notes)}</p>` : '',
    `<p>${escapeHtml(venueName)}</p>`,
  ].join('\n');
  return { to: booking.to, subject, html, text: lines.join('\n') };
}

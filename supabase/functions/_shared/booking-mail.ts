/**
 * The mails about a booking, all in the venue's branded layout: request
 * received, waitlisted, moved up from the waitlist, cancelled, the reminder
 * before the night, and the team's decision (approved, declined, pending).
 * Every mail while the booking can still be cancelled carries a cancel link;
 * the approval and the reminder carry the booking code as a QR code (an
 * inline PNG), an .ics file and an "Add to Google Calendar" link.
 *
 * The event named is the event row the booking is for, never a title the
 * member typed; a booking without an event is "your private event request".
 */
import QRCode from 'qrcode';
import { brandedMail, type MailAction } from './branded-mail.ts';
import { bookingIcs, googleCalendarUrl } from './calendar.ts';
import type { MailAttachment, OutgoingMail } from './mail.ts';
import { venue, type MailVenue } from './venue.ts';

export type BookingMailKind =
  'received' | 'waitlisted' | 'promoted' | 'cancelled' | 'reminder' | 'decision';

export interface BookingForMail {
  /** The member's verified address. */
  to: string;
  id: string;
  name: string;
  bookingCode: string;
  status: string;
  guests: number;
  /** The event row's title and start; null for a private-occasion request. */
  event: { title: string; event_date: string } | null;
  adminNotes: string | null;
  /** The signed cancel link, or null when the booking can no longer be cancelled. */
  cancelUrl: string | null;
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

/** <SITE_URL>/bookings/cancel?token=<token>: the guest app's cancel page. */
export function cancelUrl(siteUrl: string, token: string): string {
  const url = new URL('/bookings/cancel', siteUrl);
  url.searchParams.set('token', token);
  return url.toString();
}

const QR_CID = 'booking-qr';
const QR_SIZE = 200;

/** The booking code as a QR code (PNG, base64), for the door's scanner. */
export async function qrPng(code: string): Promise<string> {
  const dataUrl = await QRCode.toDataURL(code, {
    type: 'image/png',
    errorCorrectionLevel: 'M',
    margin: 2,
    width: QR_SIZE,
  });
  return dataUrl.replace(/^data:image\/png;base64,/, '');
}

const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

const guestsWord = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;
const capitalize = (word: string) => word.charAt(0).toUpperCase() + word.slice(1);
const decisionWord = (status: string) =>
  status === 'approved' ? 'approved' : status === 'rejected' ? 'declined' : 'pending';

interface Wording {
  subject: string;
  heading: string;
  lead: string;
  /** Adds the QR code, the .ics file and the calendar link. */
  ticket: boolean;
}

function wording(kind: BookingMailKind, b: BookingForMail, event: string): Wording {
  switch (kind) {
    case 'received':
      return {
        subject: `We received your booking request for ${event}`,
        heading: 'Booking request received',
        lead: `Thank you for your booking request for ${event}. Our team reviews every request and will e-mail you as soon as it is approved. Keep your booking code handy.`,
        ticket: false,
      };
    case 'waitlisted':
      return {
        subject: `You're on the waitlist for ${event}`,
        heading: "You're on the waitlist",
        lead: `${capitalize(event)} is full right now, so your booking is on the waitlist. When seats free up, bookings move up in the order they came in, and we will e-mail you.`,
        ticket: false,
      };
    case 'promoted':
      return {
        subject: `A spot opened up for ${event}`,
        heading: 'You are off the waitlist',
        lead: `Good news: seats freed up for ${event} and your booking has moved off the waitlist. It now waits for our team's approval; we will e-mail you once it is approved.`,
        ticket: false,
      };
    case 'cancelled':
      return {
        subject: `Your booking for ${event} is cancelled`,
        heading: 'Booking cancelled',
        lead: `Your booking for ${event} is cancelled. We hope to see you another night.`,
        ticket: false,
      };
    case 'reminder':
      return {
        subject: `Reminder: ${event} is coming up`,
        heading: 'See you soon',
        lead: `A reminder of your approved booking for ${event}. Show your booking code or the QR code below at the door.`,
        ticket: true,
      };
    case 'decision': {
      const word = decisionWord(b.status);
      return word === 'approved'
        ? {
            subject: `Your booking for ${event} is approved`,
            heading: 'Your booking is approved',
            lead: `Good news: your booking for ${event} is approved. We look forward to seeing you. Show your booking code or the QR code below at the door.`,
            ticket: true,
          }
        : word === 'declined'
          ? {
              subject: `Your booking for ${event} was declined`,
              heading: 'Your booking was declined',
              lead: `We're sorry: we could not accept your booking for ${event}.`,
              ticket: false,
            }
          : {
              subject: `Your booking for ${event} is pending`,
              heading: 'Your booking is pending',
              lead: `Your booking for ${event} is waiting for our team's review.`,
              ticket: false,
            };
    }
  }
}

export async function bookingMail(
  kind: BookingMailKind,
  b: BookingForMail,
  place: MailVenue,
): Promise<OutgoingMail> {
  const venueName = place.name;
  const event = b.event?.title.trim() || 'your private event request';
  const start = b.event ? new Date(b.event.event_date) : null;
  const validStart = start && !Number.isNaN(start.getTime()) ? start : null;
  const when = formatEventDate(b.event?.event_date ?? null);
  const w = wording(kind, b, event);
  const notes = b.adminNotes?.trim() || null;

  const details: [string, string][] = [];
  if (kind === 'decision') details.push(['Status', capitalize(decisionWord(b.status))]);
  details.push(['Booking code', b.bookingCode]);
  if (b.event) details.push(['Event', b.event.title]);
  if (when) details.push(['Date', when]);
  details.push(['Party', guestsWord(b.guests)]);

  const ticket = w.ticket && b.event !== null && validStart !== null;
  const calendar =
    ticket && validStart && b.event
      ? {
          title: `${b.event.title} at ${place.shortName}`,
          start: validStart,
          description: `Booking code ${b.bookingCode} for ${guestsWord(b.guests)}.`,
          location: `${place.name}, ${place.addressLine}`,
        }
      : null;

  const links: MailAction[] = [];
  if (b.cancelUrl && kind !== 'cancelled')
    links.push({ label: 'Cancel booking', url: b.cancelUrl });

  const attachments: MailAttachment[] = [];
  if (ticket && calendar) {
    attachments.push({
      filename: 'booking-qr.png',
      contentType: 'image/png',
      content: await qrPng(b.bookingCode),
      contentId: QR_CID,
    });
    attachments.push({
      filename: 'booking.ics',
      contentType: 'text/calendar; charset=utf-8; method=PUBLISH',
      content: toBase64(
        bookingIcs({
          ...calendar,
          uid: `${b.id}@${place.shortName.toLowerCase().replace(/\W+/g, '-')}.bookings`,
        }),
      ),
    });
  }

  const mail = brandedMail({
    subject: w.subject,
    heading: w.heading,
    venueName,
    paragraphs: [
      `Hi ${b.name.trim() || 'there'},`,
      w.lead,
      ...(notes ? [`A note from our team: ${notes}`] : []),
    ],
    details,
    ...(ticket
      ? { image: { cid: QR_CID, alt: `Booking code ${b.bookingCode}`, size: QR_SIZE } }
      : {}),
    ...(calendar
      ? { action: { label: 'Add to Google Calendar', url: googleCalendarUrl(calendar) } }
      : {}),
    links,
    footer: [
      venueName,
      ...(calendar ? ['The attached booking.ics adds the night to any calendar.'] : []),
      'You get this e-mail because you booked with us from your account.',
    ],
  });
  return { to: b.to, ...mail, ...(attachments.length ? { attachments } : {}) };
}

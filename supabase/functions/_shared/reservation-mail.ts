/**
 * The mails about a dinner reservation, in the venue's branded layout:
 * confirmed (the code, its QR code, a reservation.ics with the venue's street
 * address and links to change or cancel), changed (an updated .ics that
 * replaces the calendar entry), the reminder the day before, cancelled (an
 * .ics with METHOD:CANCEL that removes the entry) and "a table opened" for a
 * guest on the waitlist of a full time (a link back to that choice).
 */
import { brandedMail, type MailAction } from './branded-mail.ts';
import { bookingIcs, googleCalendarUrl } from './calendar.ts';
import { formatEventDate, qrPng } from './booking-mail.ts';
import type { MailAttachment, OutgoingMail } from './mail.ts';
import { venue, type MailVenue } from './venue.ts';

export type ReservationMailKind =
  'confirmed' | 'changed' | 'cancelled' | 'reminder' | 'table_opened';

export interface ReservationForMail {
  /** The guest's verified address. */
  to: string;
  /** Null for a table_opened mail (the guest has no reservation yet). */
  id: string | null;
  code: string | null;
  name: string;
  partySize: number;
  startsAt: string;
  endsAt: string;
  occasion: string;
  specialRequests: string;
  /** How many mails of this reservation came before (the calendar entry's SEQUENCE). */
  sequence: number;
}

const QR_CID = 'reservation-qr';
const QR_SIZE = 200;

const toBase64 = (text: string): string => {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  for (const b of bytes) binary += String.fromCharCode(b);
  return btoa(binary);
};

const guestsWord = (n: number) => `${n} ${n === 1 ? 'guest' : 'guests'}`;

/** The venue's wall-clock date (YYYY-MM-DD) and time (HH:MM) of an instant. */
export function venueDateTime(iso: string, timeZone: string = venue.timeZone) {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
  }).formatToParts(new Date(iso));
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '00';
  return {
    date: `${get('year')}-${get('month')}-${get('day')}`,
    time: `${get('hour')}:${get('minute')}`,
  };
}

/**
 * <SITE_URL>/reserve?manage=<code>: the guest's page to change or cancel (signed in);
 * with action=cancel it opens on the cancel question.
 */
export function manageUrl(siteUrl: string, code: string, action?: 'cancel'): string {
  const url = new URL('/reserve', siteUrl);
  url.searchParams.set('manage', code);
  if (action) url.searchParams.set('action', action);
  return url.toString();
}

/** <SITE_URL>/reserve?party=..&date=..&time=..: the reservation page with that choice made. */
export function choiceUrl(siteUrl: string, partySize: number, startsAt: string): string {
  const url = new URL('/reserve', siteUrl);
  const { date, time } = venueDateTime(startsAt);
  url.searchParams.set('party', String(partySize));
  url.searchParams.set('date', date);
  url.searchParams.set('time', time);
  return url.toString();
}

interface Wording {
  subject: string;
  heading: string;
  lead: string;
}

function wording(kind: ReservationMailKind, when: string, venueName: string): Wording {
  switch (kind) {
    case 'confirmed':
      return {
        subject: `You're booked: ${when}`,
        heading: "You're booked",
        lead: `Your table at ${venueName} is confirmed for ${when}. Show your reservation code or the QR code below when you arrive.`,
      };
    case 'changed':
      return {
        subject: `Your reservation is changed: ${when}`,
        heading: 'Reservation changed',
        lead: `Your reservation is changed. Your table is now booked for ${when}; the attached calendar file replaces the earlier one.`,
      };
    case 'reminder':
      return {
        subject: `See you tomorrow: ${when}`,
        heading: 'See you soon',
        lead: `A reminder of your table at ${venueName} on ${when}. Plans changed? You can change or cancel below.`,
      };
    case 'cancelled':
      return {
        subject: `Your reservation for ${when} is cancelled`,
        heading: 'Reservation cancelled',
        lead: `Your reservation for ${when} is cancelled and the table is released. The attached calendar file removes it from your calendar. We hope to see you another night.`,
      };
    case 'table_opened':
      return {
        subject: `A table opened: ${when}`,
        heading: 'A table opened',
        lead: `Good news: a table opened for ${when}, the time you asked us to watch. It is not held for you; book it now before someone else does.`,
      };
  }
}

export async function reservationMail(
  kind: ReservationMailKind,
  r: ReservationForMail,
  siteUrl: string,
  place: MailVenue,
): Promise<OutgoingMail> {
  const start = new Date(r.startsAt);
  const end = new Date(r.endsAt);
  const when = formatEventDate(r.startsAt) ?? r.startsAt;
  const w = wording(kind, when, place.name);
  const live = kind === 'confirmed' || kind === 'changed' || kind === 'reminder';

  const details: [string, string][] = [];
  if (r.code) details.push(['Reservation code', r.code]);
  details.push(['Date', when]);
  details.push(['Party', guestsWord(r.partySize)]);
  if (r.occasion.trim()) details.push(['Occasion', r.occasion.trim()]);
  if (r.specialRequests.trim()) details.push(['Special requests', r.specialRequests.trim()]);
  details.push(['Where', `${place.name}, ${place.addressLine}`]);

  const calendar = {
    title: `Dinner at ${place.shortName} (${guestsWord(r.partySize)})`,
    start,
    end,
    description: r.code
      ? `Reservation code ${r.code} for ${guestsWord(r.partySize)}.`
      : `Table for ${guestsWord(r.partySize)}.`,
    location: `${place.name}, ${place.addressLine}`,
  };

  const links: MailAction[] = [];
  let action: MailAction | undefined;
  if (r.code && live) {
    links.push({ label: 'Change reservation', url: manageUrl(siteUrl, r.code) });
    links.push({ label: 'Cancel reservation', url: manageUrl(siteUrl, r.code, 'cancel') });
    action = { label: 'Add to Google Calendar', url: googleCalendarUrl(calendar) };
  }
  if (kind === 'table_opened') {
    action = { label: 'Book this table', url: choiceUrl(siteUrl, r.partySize, r.startsAt) };
  }

  const attachments: MailAttachment[] = [];
  if (r.code && r.id && (live || kind === 'cancelled')) {
    if (live) {
      attachments.push({
        filename: 'reservation-qr.png',
        contentType: 'image/png',
        content: await qrPng(r.code),
        contentId: QR_CID,
      });
    }
    const method = kind === 'cancelled' ? 'CANCEL' : 'PUBLISH';
    attachments.push({
      filename: 'reservation.ics',
      contentType: `text/calendar; charset=utf-8; method=${method}`,
      content: toBase64(
        bookingIcs({
          ...calendar,
          uid: `${r.id}@${place.shortName.toLowerCase().replace(/\W+/g, '-')}.reservations`,
          method,
          sequence: r.sequence,
        }),
      ),
    });
  }

  const mail = brandedMail({
    subject: w.subject,
    heading: w.heading,
    venueName: place.name,
    paragraphs: [`Hi ${r.name.trim() || 'there'},`, w.lead],
    details,
    ...(live && r.code
      ? { image: { cid: QR_CID, alt: `Reservation code ${r.code}`, size: QR_SIZE } }
      : {}),
    ...(action ? { action } : {}),
    links,
    footer: [
      place.name,
      ...(attachments.some((a) => a.filename.endsWith('.ics'))
        ? ['The attached reservation.ics updates any calendar.']
        : []),
      'You get this e-mail because you reserved a table with us from your account.',
    ],
  });
  return { to: r.to, ...mail, ...(attachments.length ? { attachments } : {}) };
}

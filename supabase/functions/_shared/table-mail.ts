/**
 * The mails about a VIP table request, in the venue's branded layout: confirmed (the table,
 * the night's minimum spend, the arrival cutoff after which an unclaimed table is released,
 * the bottles chosen ahead, the venue's policy and the code with its QR code for the door),
 * declined (the team's message) and released (the cutoff passed without the guests).
 * No card payment is taken by the app: the minimum is settled at the venue.
 */
import { brandedMail, type MailAction } from './branded-mail.ts';
import { formatEventDate, qrPng } from './booking-mail.ts';
import type { MailAttachment, OutgoingMail } from './mail.ts';
import { venue, type MailVenue } from './venue.ts';

export type TableMailKind = 'confirmed' | 'declined' | 'released';

export interface TableRequestForMail {
  to: string;
  code: string;
  name: string;
  eventTitle: string;
  partySize: number;
  arrivesAt: string;
  heldUntil: string | null;
  tableName: string | null;
  minSpendCents: number | null;
  staffMessage: string;
  policyText: string;
  /** "1 × Grey Goose, 2 × Moët" or empty. */
  bottles: string;
}

const QR_CID = 'table-qr';
const QR_SIZE = 200;

/** "$1,500" (whole dollars) or "$1,500.50". */
export function formatDollars(cents: number): string {
  return new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: cents % 100 === 0 ? 0 : 2,
  }).format(cents / 100);
}

/** "11:30 PM" in the venue's time zone. */
export function venueTime(iso: string, timeZone: string = venue.timeZone): string {
  return new Intl.DateTimeFormat('en-US', { timeZone, hour: 'numeric', minute: '2-digit' }).format(
    new Date(iso),
  );
}

/** <SITE_URL>/tables: the member's table requests and their status. */
export function tablesUrl(siteUrl: string): string {
  return new URL('/tables', siteUrl).toString();
}

export async function tableMail(
  kind: TableMailKind,
  r: TableRequestForMail,
  siteUrl: string,
  place: MailVenue,
): Promise<OutgoingMail> {
  const when = formatEventDate(r.arrivesAt) ?? r.arrivesAt;
  const guests = `${r.partySize} ${r.partySize === 1 ? 'guest' : 'guests'}`;
  const minimum = r.minSpendCents === null ? null : formatDollars(r.minSpendCents);
  const cutoff = r.heldUntil ? venueTime(r.heldUntil) : null;

  let subject: string;
  let heading: string;
  const paragraphs = [`Hi ${r.name.trim() || 'there'},`];
  if (kind === 'confirmed') {
    subject = `Your table ${r.tableName ?? ''} is confirmed for ${r.eventTitle}`;
    heading = 'Your table is confirmed';
    paragraphs.push(
      `Table ${r.tableName} is yours for ${r.eventTitle} on ${when}, with a minimum spend of ${minimum} for the night.` +
        (cutoff
          ? ` Please arrive by ${cutoff}: a table not claimed by then is released to other guests.`
          : ''),
      'No card payment is taken by the app: the minimum spend is settled at the venue on the night.',
    );
  } else if (kind === 'declined') {
    subject = `Your table request for ${r.eventTitle} was declined`;
    heading = 'Table request declined';
    paragraphs.push(`We could not give you a table for ${r.eventTitle} on ${when}.`);
  } else {
    subject = `Your table for ${r.eventTitle} was released`;
    heading = 'Table released';
    paragraphs.push(
      `Table ${r.tableName} was held for you until ${cutoff ?? when} and was released when no one from your party had arrived.`,
    );
  }
  if (r.staffMessage.trim()) paragraphs.push(`A note from our team: ${r.staffMessage.trim()}`);
  if (kind === 'confirmed') paragraphs.push(r.policyText);

  const details: [string, string][] = [
    ['Request code', r.code],
    ['Event', r.eventTitle],
  ];
  details.push(['Arrival', when]);
  details.push(['Party', guests]);
  if (r.tableName && kind !== 'declined') details.push(['Table', r.tableName]);
  if (minimum && kind !== 'declined') details.push(['Minimum spend', minimum]);
  if (cutoff && kind === 'confirmed') details.push(['Arrive by', cutoff]);
  if (r.bottles.trim()) details.push(['Bottles', r.bottles.trim()]);
  details.push(['Where', `${place.name}, ${place.addressLine}`]);

  const attachments: MailAttachment[] = [];
  if (kind === 'confirmed') {
    attachments.push({
      filename: 'table-qr.png',
      contentType: 'image/png',
      content: await qrPng(r.code),
      contentId: QR_CID,
    });
  }
  const action: MailAction = { label: 'Your table requests', url: tablesUrl(siteUrl) };
  const mail = brandedMail({
    subject,
    heading,
    venueName: place.name,
    paragraphs,
    details,
    ...(kind === 'confirmed'
      ? { image: { cid: QR_CID, alt: `Request code ${r.code}`, size: QR_SIZE } }
      : {}),
    action,
    footer: [
      place.name,
      'You get this e-mail because you requested a VIP table from your account.',
    ],
  });
  return { to: r.to, ...mail, ...(attachments.length ? { attachments } : {}) };
}

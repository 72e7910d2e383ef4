/**
 * What the bookings e2e tests arrange through the API: events (with a
 * capacity), members and their bookings, the booking-mail outbox drained
 * now (the backend's timer runs once a minute), and the mails themselves.
 */
import { expect } from '@playwright/test';
import { createMember, memberToken, rest, suiteKeys, unique } from '../support/admin-api';
import { PASSWORD } from '../support/admin-page';
import { inboxUrl } from '../support/suite';

export interface EventRow {
  id: string;
  title: string;
  event_date: string;
  capacity: number | null;
}

export interface BookingRow {
  id: string;
  status: string;
  booking_code: string;
  event_id: string | null;
  event_title: string | null;
  event_date: string | null;
  number_of_guests: number;
  checked_in_at: string | null;
}

export interface Member {
  email: string;
  userId: string;
  token: string;
  firstName: string;
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface Mail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  links: string[];
  attachments?: MailAttachment[];
}

/** An approved event (created by the service role, as an admin's would be). */
export async function createEvent(
  prefix: string,
  eventDate: Date,
  capacity: number | null = null,
): Promise<EventRow> {
  const [event] = await rest<EventRow[]>('events', {
    method: 'POST',
    body: {
      title: unique(prefix),
      description: 'An e2e night.',
      event_date: eventDate.toISOString(),
      is_approved: true,
      capacity,
    },
  });
  return event!;
}

/** A confirmed member with a session token. */
export async function newMember(prefix: string, firstName = 'Test'): Promise<Member> {
  const email = `${prefix}-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  await createMember(email, firstName, 'Guest', PASSWORD);
  const { token, userId } = await memberToken(email, PASSWORD);
  return { email, userId, token, firstName };
}

/** A booking for the event, made by the member through the API as the dialog makes it. */
export async function book(member: Member, event: EventRow, guests = 1): Promise<BookingRow> {
  const [row] = await rest<BookingRow[]>('event_bookings', {
    method: 'POST',
    token: member.token,
    body: {
      user_id: member.userId,
      event_id: event.id,
      name: `${member.firstName} Guest`,
      email: member.email,
      phone: '(216) 555-0100',
      number_of_guests: guests,
    },
  });
  return row!;
}

export async function bookingById(id: string): Promise<BookingRow> {
  const [row] = await rest<BookingRow[]>(`event_bookings?id=eq.${id}&select=*`);
  return row!;
}

/** Runs the booking-mail job now, as the backend's timer and pg_cron do (service role). */
export async function drainBookingMails(): Promise<void> {
  const keys = await suiteKeys();
  const response = await fetch(`${keys.url}/functions/v1/booking-mails`, {
    method: 'POST',
    headers: {
      apikey: keys.serviceRoleKey,
      Authorization: `Bearer ${keys.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  expect(response.ok, `booking-mails: HTTP ${response.status}`).toBe(true);
}

/**
 * Waits for a mail to `to` whose subject contains `subject` (and whose text
 * contains `text`, when given), draining the outbox meanwhile.
 */
export async function waitForBookingMail(
  to: string,
  subject: string,
  text?: string,
): Promise<Mail> {
  let found: Mail | undefined;
  await expect
    .poll(
      async () => {
        await drainBookingMails();
        const res = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as Mail[];
        found = list.find(
          (m) => m.subject.includes(subject) && (text === undefined || m.text.includes(text)),
        );
        return Boolean(found);
      },
      { timeout: 20_000, message: `a "${subject}" mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/**
 * The admin approves a booking as the Bookings tab does it: one update. The
 * database queues the guest's approval mail; the booking-mail job sends it.
 */
export async function approveBooking(booking: BookingRow): Promise<void> {
  const admin = await memberToken('admin@example.com', PASSWORD);
  const [updated] = await rest<BookingRow[]>(`event_bookings?id=eq.${booking.id}`, {
    method: 'PATCH',
    token: admin.token,
    body: { status: 'approved', admin_notes: null },
  });
  expect(updated?.status).toBe('approved');
}

/** The venue's business date of an instant ('yyyy-MM-dd'): the night runs until 4 AM. */
export function venueBusinessDate(at: Date): string {
  const shifted = new Date(at.getTime());
  const parts = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    hourCycle: 'h23',
  }).formatToParts(shifted);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const day = new Date(Date.UTC(get('year'), get('month') - 1, get('day')));
  if (get('hour') < 4) day.setUTCDate(day.getUTCDate() - 1);
  return day.toISOString().slice(0, 10);
}

/** An instant at the given wall-clock time in the venue's zone (Cleveland), by searching the offset. */
export function venueTime(year: number, month: number, day: number, hour: number): Date {
  for (const offset of [4, 5]) {
    const candidate = new Date(Date.UTC(year, month - 1, day, hour + offset));
    const local = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      hour: 'numeric',
      hourCycle: 'h23',
    }).format(candidate);
    if (Number(local) === hour) return candidate;
  }
  throw new Error('No such venue time');
}

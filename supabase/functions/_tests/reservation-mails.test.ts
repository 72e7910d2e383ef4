// The dinner-reservation mails, end to end on the project's backend
// (in-memory PGlite, migrations and seed): a booking, a change, a cancel that
// frees a table for a waitlisted guest, and the reminder the day before, each
// queued by the database and sent by booking-mails to the verified address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ICAL from 'ical.js';
// The backend's test entry point (as supabase/tests/support/api.ts imports it).
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startTestServer, type TestServer } from '@bistro/backend/src/testing';
import { reservationMail } from '../_shared/reservation-mail.ts';
import { mailVenue } from '../_shared/venue.ts';

let srv: TestServer;
let leoToken: string;
let mayaToken: string;

async function signIn(email: string, password = 'password123'): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  return ((await res.json()) as { access_token: string }).access_token;
}

async function rpc<T>(name: string, token: string, args: Record<string, unknown>): Promise<T> {
  const res = await fetch(`${srv.url}/rest/v1/rpc/${name}`, {
    method: 'POST',
    headers: {
      apikey: srv.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const body = (await res.json()) as T;
  if (!res.ok) throw new Error(`${name}: HTTP ${res.status} ${JSON.stringify(body)}`);
  return body;
}

async function drain(): Promise<unknown> {
  const res = await fetch(`${srv.url}/functions/v1/booking-mails`, {
    method: 'POST',
    headers: {
      apikey: srv.serviceRoleKey,
      Authorization: `Bearer ${srv.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
  return res.json();
}

/** The venue's date N days from today (America/New_York) as YYYY-MM-DD. */
function venueDay(daysAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
    new Date(),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}

const venueTime = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: 'America/New_York',
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** The start instant of a seating at hh:mm venue time on a date, from the availability RPC. */
async function slotAt(date: string, hhmm: string, party = 2): Promise<string> {
  const slots = await rpc<{ starts_at: string; available: boolean }[]>(
    'reservation_availability',
    leoToken,
    { p_date: date, p_party: party },
  );
  const slot = slots.find((s) => venueTime(s.starts_at) === hhmm);
  if (!slot) throw new Error(`no ${hhmm} seating on ${date}`);
  return slot.starts_at;
}

function parseIcs(ics: string) {
  const root = new ICAL.Component(ICAL.parse(ics));
  const tz = root.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  const vevent = root.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('no VEVENT');
  return { root, event: new ICAL.Event(vevent), vevent };
}

const icsOf = (mail: { attachments?: { filename: string; content: string }[] } | undefined) => {
  const file = mail?.attachments?.find((a) => a.filename === 'reservation.ics');
  if (!file) throw new Error('no reservation.ics');
  return parseIcs(Buffer.from(file.content, 'base64').toString('utf8'));
};

beforeAll(async () => {
  srv = await startTestServer();
  leoToken = await signIn('leo@example.com');
  mayaToken = await signIn('maya@example.com');
});

afterAll(async () => {
  await srv?.close();
});

describe('reservation mails', () => {
  it('confirms with the code, a QR code and an .ics at the street address; a change and a cancel update the calendar; the waitlisted guest hears a table opened', async () => {
    await drain();
    const date = venueDay(5);
    const seven = await slotAt(date, '19:00');
    const booked = await rpc<{ id: string; code: string }>('book_reservation', leoToken, {
      p_starts_at: seven,
      p_party_size: 2,
      p_occasion: 'Anniversary',
      p_special_requests: 'A quiet corner',
    });
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [confirmed] = await srv.inbox('leo@example.com');
    expect(confirmed?.subject).toMatch(/^You're booked: .* at 7:00 PM$/);
    expect(confirmed?.text).toContain(`Reservation code: ${booked.code}`);
    expect(confirmed?.text).toContain('Party: 2 guests');
    expect(confirmed?.text).toContain('Occasion: Anniversary');
    expect(confirmed?.text).toContain('Special requests: A quiet corner');
    expect(confirmed?.html).toContain('src="cid:reservation-qr"');
    expect(confirmed?.attachments?.find((a) => a.filename === 'reservation-qr.png')).toBeTruthy();
    expect(confirmed?.links).toEqual(
      expect.arrayContaining([
        expect.stringMatching(new RegExp(`/reserve\\?manage=${booked.code}$`)),
        expect.stringMatching(new RegExp(`/reserve\\?manage=${booked.code}&action=cancel$`)),
      ]),
    );
    const first = icsOf(confirmed);
    expect(first.root.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(first.event.location).toContain('1250 West 6th Street, Cleveland, OH 44113');
    expect(first.event.startDate.toJSDate().toISOString()).toBe(new Date(seven).toISOString());
    // The table is held for the party's turn time (90 minutes for two).
    expect(first.event.endDate.toJSDate().getTime() - new Date(seven).getTime()).toBe(90 * 60_000);

    // Maya waits for 7:00 PM that night; Leo moves to four guests, then cancels.
    await rpc('join_reservation_waitlist', mayaToken, { p_starts_at: seven, p_party_size: 2 });
    await rpc('change_reservation', leoToken, {
      p_id: booked.id,
      p_starts_at: seven,
      p_party_size: 4,
    });
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [changed] = await srv.inbox('leo@example.com');
    expect(changed?.subject).toMatch(/^Your reservation is changed/);
    expect(changed?.text).toContain('Party: 4 guests');
    const second = icsOf(changed);
    expect(second.event.uid).toBe(first.event.uid);
    expect(second.event.sequence).toBe(1);

    await rpc('cancel_reservation', leoToken, { p_id: booked.id });
    expect(await drain()).toEqual({ sent: 2, failed: 0 });
    const [cancelled] = await srv.inbox('leo@example.com');
    expect(cancelled?.subject).toMatch(/is cancelled$/);
    const third = icsOf(cancelled);
    expect(third.root.getFirstPropertyValue('method')).toBe('CANCEL');
    expect(third.vevent.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(third.event.uid).toBe(first.event.uid);
    expect(third.event.sequence).toBe(2);

    const [opened] = await srv.inbox('maya@example.com');
    expect(opened?.subject).toMatch(/^A table opened: .* at 7:00 PM$/);
    const book = new URL(opened?.links.find((l) => l.includes('/reserve?party=')) ?? '');
    expect(Object.fromEntries(book.searchParams)).toEqual({
      party: '2',
      date,
      time: '19:00',
    });
    expect(await drain()).toEqual({ sent: 0, failed: 0 });
  });

  it('reminds the guest the day before, once, and never for a cancelled reservation', async () => {
    await drain();
    const [maya] = (await (
      await fetch(`${srv.url}/rest/v1/profiles?email=eq.maya@example.com&select=user_id`, {
        headers: { apikey: srv.serviceRoleKey, Authorization: `Bearer ${srv.serviceRoleKey}` },
      })
    ).json()) as { user_id: string }[];
    const insert = async (code: string, hoursAhead: number, status: string) => {
      const starts = new Date(Date.now() + hoursAhead * 3_600_000);
      starts.setUTCSeconds(0, 0);
      const res = await fetch(`${srv.url}/rest/v1/reservations`, {
        method: 'POST',
        headers: {
          apikey: srv.serviceRoleKey,
          Authorization: `Bearer ${srv.serviceRoleKey}`,
          'Content-Type': 'application/json',
        },
        body: JSON.stringify({
          code,
          user_id: maya!.user_id,
          party_size: 3,
          starts_at: starts.toISOString(),
          ends_at: new Date(starts.getTime() + 105 * 60_000).toISOString(),
          business_date: venueDay(1),
          guest_name: 'Maya Lopez',
          status,
        }),
      });
      expect(res.status).toBe(201);
    };
    await insert('RMND23', 20, 'booked');
    await insert('CNCL23', 21, 'cancelled');
    await insert('LATE23', 30, 'booked');
    expect(await drain()).toEqual({ sent: 1, failed: 0 });
    const [reminder] = await srv.inbox('maya@example.com');
    expect(reminder?.subject).toMatch(/^See you tomorrow: /);
    expect(reminder?.text).toContain('Reservation code: RMND23');
    expect(reminder?.text).toContain('Party: 3 guests');
    expect(icsOf(reminder).root.getFirstPropertyValue('method')).toBe('PUBLISH');
    expect(await drain()).toEqual({ sent: 0, failed: 0 });
  });
});

describe('reservation mail text', () => {
  const venue = mailVenue({
    name: 'The Lakeshore Bistro & Ultra Lounge',
    short_name: 'Lakeshore Bistro',
    street: '1250 West 6th Street',
    city: 'Cleveland',
    region_code: 'OH',
    postal_code: '44113',
  });

  it('writes the venue wall-clock time in summer and escapes what the guest typed', async () => {
    const mail = await reservationMail(
      'confirmed',
      {
        to: 'a@example.com',
        id: '0b0b0b0b-0000-4000-8000-000000000009',
        code: 'ABC234',
        name: 'Dana',
        partySize: 1,
        startsAt: '2030-07-04T23:15:00Z',
        endsAt: '2030-07-05T00:45:00Z',
        occasion: '',
        specialRequests: 'No <b>nuts</b>',
        sequence: 0,
      },
      'http://localhost:4200',
      venue,
    );
    expect(mail.subject).toBe("You're booked: Thursday, July 4, 2030 at 7:15 PM");
    expect(mail.text).toContain('Party: 1 guest');
    expect(mail.text).not.toContain('Occasion');
    expect(mail.html).not.toContain('<b>nuts</b>');
    const ics = icsOf(mail);
    expect(ics.vevent.getFirstProperty('dtstart')?.getParameter('tzid')).toBe('America/New_York');
    expect(ics.vevent.getFirstPropertyValue('dtstart')?.toString()).toBe('2030-07-04T19:15:00');
  });
});

import { readFile, writeFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import ICAL from 'ical.js';
import { expectToast, openDashboard, openTab } from '../support/admin-page';
import { rest } from '../support/admin-api';
import {
  approveBooking,
  book,
  bookingById,
  createEvent,
  newMember,
  venueBusinessDate,
  venueTime,
  waitForBookingMail,
  type EventRow,
  type Mail,
} from './bookings-helpers';

/** The approval mail's attachment, decoded. */
function attachment(mail: Mail, filename: string): Buffer {
  const file = mail.attachments?.find((a) => a.filename === filename);
  if (!file) throw new Error(`No ${filename} in "${mail.subject}"`);
  return Buffer.from(file.content, 'base64');
}

/** The .ics read with ical.js, its VTIMEZONE registered the way calendar apps do. */
function readIcs(text: string) {
  const root = new ICAL.Component(ICAL.parse(text));
  const zone = root.getFirstSubcomponent('vtimezone');
  if (!zone) throw new Error('The .ics has no VTIMEZONE');
  ICAL.TimezoneService.register(new ICAL.Timezone(zone));
  const vevent = root.getFirstSubcomponent('vevent');
  if (!vevent) throw new Error('The .ics has no VEVENT');
  return new ICAL.Event(vevent);
}

test('the approval mail’s .ics parses and names the venue’s local time in winter and summer', async () => {
  const year = new Date().getUTCFullYear() + 1;
  for (const [season, month] of [
    ['winter', 1],
    ['summer', 7],
  ] as const) {
    // 9 PM in Cleveland: 02:00Z in winter (EST), 01:00Z in summer (EDT).
    const start = venueTime(year, month, 16, 21);
    const event = await createEvent(`Ics ${season}`, start);
    const member = await newMember(`ics-${season}`, 'Ida');
    const booking = await book(member, event, 2);
    await approveBooking(booking);
    const mail = await waitForBookingMail(
      member.email,
      `Your booking for ${event.title} is approved`,
    );
    expect(mail.text).toContain(booking.booking_code);
    const ics = readIcs(attachment(mail, 'booking.ics').toString('utf8'));
    expect(ics.summary).toContain(event.title);
    expect(ics.startDate.zone?.tzid).toBe('America/New_York');
    expect(ics.startDate.hour).toBe(21);
    expect(ics.startDate.toJSDate().toISOString()).toBe(start.toISOString());
    expect(start.getUTCHours()).toBe(season === 'winter' ? 2 : 1);
  }
});

/** An event tonight (the venue's business night) that has not started yet. */
async function eventTonight(): Promise<EventRow> {
  const now = Date.now();
  const soon = new Date(now + 20 * 60 * 1000);
  const event = await createEvent('Door Night', soon);
  return event;
}

/**
 * Before the 4 AM rollover, "now + 20 minutes" may be the next business
 * night; the event is then moved back into tonight once the bookings exist.
 */
async function keepTonight(event: EventRow) {
  const now = new Date();
  if (venueBusinessDate(new Date(event.event_date)) === venueBusinessDate(now)) return;
  await rest(`events?id=eq.${event.id}`, {
    method: 'PATCH',
    body: { event_date: new Date(now.getTime() - 20 * 60 * 1000).toISOString() },
  });
}

async function checkInByCode(page: Page, code: string) {
  await page.getByLabel('Booking code').fill(code);
  await page.getByRole('button', { name: 'Check In' }).click();
}

test('check-in by typed code and by a QR image, and each refusal', async ({ page }, testInfo) => {
  const event = await eventTonight();
  const later = await createEvent('Next Week Night', new Date(Date.now() + 7 * 24 * 3600 * 1000));
  // one active booking per member and event: each booking of tonight is another guest's
  const guest = await newMember('door', 'Dee');
  const scanner = await newMember('door-qr', 'Dee');
  const others = [
    await newMember('door-p', 'Pat'),
    await newMember('door-c', 'Cal'),
    await newMember('door-r', 'Rae'),
  ];
  const typed = await book(guest, event, 3);
  const scanned = await book(scanner, event, 2);
  const pending = await book(others[0]!, event, 1);
  const cancelled = await book(others[1]!, event, 1);
  const rejected = await book(others[2]!, event, 1);
  const otherNight = await book(guest, later, 2);
  await approveBooking(typed);
  await approveBooking(scanned);
  await approveBooking(otherNight);
  await rest(`event_bookings?id=eq.${cancelled.id}`, {
    method: 'PATCH',
    body: { status: 'cancelled' },
  });
  await rest(`event_bookings?id=eq.${rejected.id}`, {
    method: 'PATCH',
    body: { status: 'rejected' },
  });
  await keepTonight(event);

  await openDashboard(page);
  const tab = await openTab(page, 'Check-in');

  // Typed code: name, party size, event and status; the check-in is recorded.
  await checkInByCode(page, typed.booking_code.toLowerCase());
  const ok = tab.getByRole('status', { name: 'Check-in result' });
  await expect(ok).toContainText('Checked in: Dee Guest');
  await expect(ok).toContainText('3 guests');
  await expect(ok).toContainText(event.title);
  await expect(ok).toContainText('Approved');
  const row = await bookingById(typed.id);
  expect(row.checked_in_at).toBeTruthy();

  // The QR code from the guest's approval mail, uploaded as an image, goes through the decoder.
  const mail = await waitForBookingMail(
    scanner.email,
    `Your booking for ${event.title} is approved`,
    scanned.booking_code,
  );
  const qrFile = testInfo.outputPath('booking-qr.png');
  await writeFile(qrFile, attachment(mail, 'booking-qr.png'));
  await tab.getByLabel('QR code image').setInputFiles(qrFile);
  await expect(ok).toContainText('Checked in: Dee Guest');
  await expect(ok).toContainText('2 guests');
  await expect(ok).toContainText(scanned.booking_code);
  expect((await bookingById(scanned.id)).checked_in_at).toBeTruthy();

  // Each refusal, with its own message.
  const refused = tab.getByRole('alert', { name: 'Check-in result' });
  const cases: [string, RegExp][] = [
    ['ZZZZ2222', /No booking with code ZZZZ2222/],
    [typed.booking_code, /Already checked in at/],
    [cancelled.booking_code, /This booking was cancelled/],
    [rejected.booking_code, /This booking was rejected/],
    [pending.booking_code, /This booking is not approved/],
    [otherNight.booking_code, /This booking is for .+, not tonight/],
  ];
  for (const [code, message] of cases) {
    await checkInByCode(page, code);
    await expect(refused).toContainText(message);
    await expectToast(page, 'Check-in Refused');
  }
});

test('the admin tab searches by code, filters cancelled bookings and exports what it shows', async ({
  page,
}) => {
  const event = await createEvent(
    'Admin Filter Night',
    new Date(Date.now() + 9 * 24 * 3600 * 1000),
    10,
  );
  const member = await newMember('adminfilter', 'Eve');
  const other = await newMember('adminfilter2', 'Ezra');
  const kept = await book(member, event, 4);
  const dropped = await book(other, event, 2);
  await rest(`event_bookings?id=eq.${dropped.id}`, {
    method: 'PATCH',
    body: { status: 'cancelled' },
  });

  await openDashboard(page);
  const tab = await openTab(page, 'Bookings');
  // Guests booked against capacity: the cancelled booking does not count.
  const perEvent = tab.getByRole('list', { name: 'Guests booked per event' });
  await expect(perEvent.getByRole('listitem', { name: event.title })).toContainText(
    '4 / 10 guests booked',
  );

  await tab.getByLabel('Search', { exact: true }).fill(kept.booking_code.toLowerCase());
  const list = tab.getByRole('list', { name: 'Bookings' });
  await expect(list.getByRole('listitem')).toHaveCount(1);
  await expect(list.getByRole('listitem').first()).toContainText(kept.booking_code);

  await tab.getByLabel('Search', { exact: true }).fill('');
  await tab.getByLabel('Event', { exact: true }).selectOption(event.id);
  await tab.getByLabel('Status', { exact: true }).selectOption('cancelled');
  await expect(list.getByRole('listitem')).toHaveCount(1);
  const item = list.getByRole('listitem').first();
  await expect(item).toContainText('Cancelled');
  await expect(item).toContainText(dropped.booking_code);

  const [download] = await Promise.all([
    page.waitForEvent('download'),
    tab.getByRole('button', { name: 'Export CSV' }).click(),
  ]);
  const csv = (await readFile(await download.path())).toString('utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split('\r\n');
  expect(lines[0]).toMatch(/^Code,Status,Event,/);
  expect(lines).toHaveLength(2);
  expect(lines[1]).toContain(dropped.booking_code);
  expect(lines[1]).toContain('cancelled');
});

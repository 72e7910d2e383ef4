import { expect, test } from '@playwright/test';
import ICAL from 'ical.js';
import { seedBrowserSession } from '../support/session';
import { uniqueEmail, verifyLink, waitForMail } from '../support/guest-accounts';
import { PASSWORD } from '../support/admin-page';
import { rest } from '../support/admin-api';
import { newMember, waitForBookingMail, type Mail } from './bookings-helpers';

// Dinner reservations across the guest area, the mails and the staff's tonight view.

const TZ = 'America/New_York';
/** The venue's business date: its wall-clock date, the hours before 04:00 still the night before. */
function venueDay(daysAhead: number): string {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: TZ }).format(
    new Date(Date.now() - 4 * 3_600_000),
  );
  const d = new Date(`${today}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + daysAhead);
  return d.toISOString().slice(0, 10);
}
const venueClock = (iso: string) =>
  new Intl.DateTimeFormat('en-US', {
    timeZone: TZ,
    hourCycle: 'h23',
    hour: '2-digit',
    minute: '2-digit',
  }).format(new Date(iso));

/** The start instant of the hh:mm seating of a night, from the availability the page reads. */
async function seating(date: string, hhmm: string): Promise<string> {
  const slots = await rest<{ starts_at: string }[]>('rpc/reservation_availability', {
    method: 'POST',
    body: { p_date: date, p_party: 2 },
  });
  const slot = slots.find((s) => venueClock(s.starts_at) === hhmm);
  if (!slot) throw new Error(`no ${hhmm} seating on ${date}`);
  return slot.starts_at;
}

const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
const newCode = () =>
  Array.from(
    { length: 6 },
    () => CODE_ALPHABET[Math.floor(Math.random() * CODE_ALPHABET.length)],
  ).join('');

interface ReservationRow {
  id: string;
  code: string;
  party_size: number;
  starts_at: string;
  status: string;
  reservation_tables: { table_id: number }[];
}

const reservationByCode = async (code: string) =>
  (
    await rest<ReservationRow[]>(
      `reservations?code=eq.${code}&select=id,code,party_size,starts_at,status,reservation_tables(table_id)`,
    )
  )[0]!;

function icsOf(mail: Mail) {
  const file = mail.attachments?.find((a) => a.filename === 'reservation.ics');
  if (!file) throw new Error(`no reservation.ics in "${mail.subject}"`);
  const root = new ICAL.Component(ICAL.parse(Buffer.from(file.content, 'base64').toString('utf8')));
  const tz = root.getFirstSubcomponent('vtimezone');
  if (tz) ICAL.TimezoneService.register(new ICAL.Timezone(tz));
  return { root, event: new ICAL.Event(root.getFirstSubcomponent('vevent')!) };
}

test('a visitor books for 2 tomorrow at 7 PM, signs up, comes back to the same choice and is booked at once; a change to 4 guests moves the table', async ({
  page,
}) => {
  // On a phone: the confirmation must come into view where the guest is looking.
  await page.setViewportSize({ width: 375, height: 740 });
  const date = venueDay(1);
  const email = uniqueEmail('diner');
  await page.goto('/');
  await page.getByRole('link', { name: 'Reserve a Table' }).click();
  await expect(page).toHaveURL(/\/reserve$/);
  await page.getByLabel('Party size', { exact: true }).selectOption('2');
  await page.getByLabel('Date', { exact: true }).fill(date);
  await page.getByRole('group', { name: 'Times' }).getByRole('button', { name: '7:00 PM' }).click();
  await page.getByLabel('Occasion (optional)').selectOption('Anniversary');
  await page.getByRole('button', { name: 'Sign in to reserve' }).click();
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByText('Sign in or sign up to reserve your table.')).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Dana');
  await page.getByLabel('Last name').fill('Diner');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  // The confirmation link brings the new member back to the same choice.
  await page.goto(verifyLink(await waitForMail(email, 'Confirm')));
  await expect(page).toHaveURL(new RegExp(`/reserve\\?party=2&date=${date}&time=19%3A00#?$`));
  await expect(
    page.getByRole('group', { name: 'Times' }).getByRole('button', { name: '7:00 PM' }),
  ).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByLabel('Name', { exact: true })).toHaveValue('Dana Diner');
  await expect(page.getByLabel('Occasion (optional)')).toHaveValue('Anniversary');
  await page.getByLabel('Phone', { exact: true }).fill('(216) 555-0177');
  await page.getByRole('button', { name: 'Confirm reservation' }).click();

  const result = page.getByRole('status', { name: "You're booked" });
  await expect(result).toBeVisible();
  await expect(result).toBeFocused();
  await expect(result).toBeInViewport();
  const code = ((await result.getByTestId('reservation-code').textContent()) ?? '').trim();
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{6}$/);
  const booked = await reservationByCode(code);
  expect(booked).toMatchObject({ party_size: 2, status: 'booked' });
  expect(venueClock(booked.starts_at)).toBe('19:00');

  // The confirmation mail: the code, and an .ics at the venue's street address.
  const mail = await waitForBookingMail(email, "You're booked", code);
  expect(mail.links.some((l) => l.endsWith(`/reserve?manage=${code}`))).toBe(true);
  const { root, event } = icsOf(mail);
  expect(root.getFirstPropertyValue('method')).toBe('PUBLISH');
  expect(event.location).toMatch(/\d+ .+, Cleveland, OH \d{5}/);
  expect(event.startDate.toJSDate().toISOString()).toBe(new Date(booked.starts_at).toISOString());
  expect(event.description).toContain(code);

  // Four guests no longer fit the two-top: the database moves the party to a larger table.
  await page.goto('/profile');
  await page
    .getByRole('listitem', { name: `Reservation ${code}` })
    .getByRole('link', { name: `Change reservation ${code}` })
    .click();
  await expect(page).toHaveURL(new RegExp(`/reserve\\?manage=${code}$`));
  await page.getByLabel('Party size', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(page.getByText(/Changed: .* at 7:00 PM, 4 guests/)).toBeVisible();
  const moved = await reservationByCode(code);
  expect(moved.party_size).toBe(4);
  expect(moved.reservation_tables.map((t) => t.table_id)).not.toEqual(
    booked.reservation_tables.map((t) => t.table_id),
  );
  const changed = await waitForBookingMail(email, 'Your reservation is changed', '4 guests');
  expect(icsOf(changed).event.sequence).toBe(1);
});

test('a full 7 PM offers 6:45 and 7:15; a change that does not fit is refused; a cancel frees the table and mails the waitlisted guest', async ({
  page,
  browser,
}) => {
  const date = venueDay(3);
  const seven = await seating(date, '19:00');
  // Earlier guests: 14 covers start at 7 PM (the venue paces 16 per slot).
  for (const party of [8, 6]) {
    await rest('reservations', {
      method: 'POST',
      body: {
        code: newCode(),
        party_size: party,
        starts_at: seven,
        ends_at: new Date(Date.parse(seven) + 150 * 60_000).toISOString(),
        business_date: date,
        guest_name: `E2E Party of ${party}`,
      },
    });
  }
  const holder = await newMember('holder', 'Holly');
  const [held] = await Promise.all([
    rest<{ code: string; id: string }>('rpc/book_reservation', {
      method: 'POST',
      token: holder.token,
      body: { p_starts_at: seven, p_party_size: 2 },
    }),
  ]);

  // The waiting guest sees 7 PM full, the nearest free times, and joins the waitlist.
  const waiter = await newMember('waiter', 'Wade');
  const waiterPage = await browser.newPage();
  await seedBrowserSession(waiterPage, waiter.email, PASSWORD);
  await waiterPage.goto(`/reserve?party=2&date=${date}&time=19:00`);
  const full = waiterPage.getByRole('region', { name: '7:00 PM is fully booked' });
  await expect(full.getByRole('button', { name: '6:45 PM' })).toBeVisible();
  await expect(full.getByRole('button', { name: '7:15 PM' })).toBeVisible();
  await full.getByRole('button', { name: 'Notify me if a table opens' }).click();
  await expect(full.getByText(/on the waitlist for 7:00 PM/)).toBeVisible();
  await waiterPage.close();

  // The holder tries four guests at 7 PM: refused, the two-top kept.
  await seedBrowserSession(page, holder.email, PASSWORD);
  await page.goto(`/reserve?manage=${held.code}`);
  await page.getByLabel('Party size', { exact: true }).selectOption('4');
  await page.getByRole('button', { name: 'Save changes' }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: 'That time is fully booked' }),
  ).toBeVisible();
  const kept = await reservationByCode(held.code);
  expect(kept).toMatchObject({ party_size: 2, status: 'booked' });
  expect(kept.reservation_tables).toHaveLength(1);

  // The holder cancels: the table is freed and the waiting guest is told.
  await page.getByRole('button', { name: 'Cancel reservation' }).click();
  await page.getByRole('button', { name: 'Yes, cancel reservation' }).click();
  await expect(page.getByText(/Your reservation is cancelled/)).toBeVisible();
  const cancelled = await reservationByCode(held.code);
  expect(cancelled).toMatchObject({ status: 'cancelled', reservation_tables: [] });
  const opened = await waitForBookingMail(waiter.email, 'A table opened', '7:00 PM');
  expect(opened.links.some((l) => l.includes(`/reserve?party=2&date=${date}&time=19%3A00`))).toBe(
    true,
  );
  const bye = await waitForBookingMail(holder.email, 'is cancelled');
  expect(icsOf(bye).root.getFirstPropertyValue('method')).toBe('CANCEL');
});

test('staff mark an arrival and a no-show and seat a walk-in on a tablet', async ({ browser }) => {
  const context = await browser.newContext({ viewport: { width: 1024, height: 768 } });
  const page = await context.newPage();
  const today = venueDay(0);
  await rest('reservations?guest_name=like.E2E%20Floor*', { method: 'DELETE' });
  const tables = await rest<{ id: number; label: string }[]>(
    'dining_tables?select=id,label&label=in.(L1,L2)&order=label',
  );
  const now = Date.now();
  const arrange = async (name: string, startMs: number, tableId: number) => {
    const [row] = await rest<{ id: string }[]>('reservations', {
      method: 'POST',
      body: {
        code: newCode(),
        party_size: 4,
        starts_at: new Date(startMs).toISOString(),
        ends_at: new Date(startMs + 105 * 60_000).toISOString(),
        business_date: today,
        guest_name: name,
      },
    });
    await rest('reservation_tables', {
      method: 'POST',
      body: {
        reservation_id: row!.id,
        table_id: tableId,
        business_date: today,
        starts_at: new Date(startMs).toISOString(),
        ends_at: new Date(startMs + 105 * 60_000).toISOString(),
      },
    });
    return row!.id;
  };
  const arrivalId = await arrange('E2E Floor Arrival', now + 20 * 60_000, tables[0]!.id);
  const noShowId = await arrange('E2E Floor Missing', now - 40 * 60_000, tables[1]!.id);

  await seedBrowserSession(page, 'admin@example.com', PASSWORD);
  await page.goto('/admin?tab=tonight');
  await expect(page.getByRole('heading', { name: 'Tonight' })).toBeVisible();

  const arrival = page
    .getByRole('listitem', { name: `Table ${tables[0]!.label}` })
    .getByRole('listitem', { name: /^E2E Floor Arrival/ });
  await arrival.getByRole('button', { name: 'Arrived' }).click();
  await expect(arrival.getByText('Arrived', { exact: true })).toBeVisible();
  await expect
    .poll(
      async () =>
        (await rest<{ status: string }[]>(`reservations?id=eq.${arrivalId}&select=status`))[0]
          ?.status,
    )
    .toBe('arrived');

  const missing = page
    .getByRole('listitem', { name: `Table ${tables[1]!.label}` })
    .getByRole('listitem', { name: /^E2E Floor Missing/ });
  await missing.getByRole('button', { name: 'No-show' }).click();
  // A no-show frees the table: the party is listed apart.
  await expect(
    page.getByRole('list', { name: 'Not holding a table' }).getByRole('listitem', {
      name: /^E2E Floor Missing/,
    }),
  ).toBeVisible();
  await expect
    .poll(
      async () =>
        (await rest<{ status: string }[]>(`reservations?id=eq.${noShowId}&select=status`))[0]
          ?.status,
    )
    .toBe('no_show');

  // A walk-in of two in two taps: seated now at a free table that fits.
  await page.getByRole('button', { name: 'Walk-in', exact: true }).click();
  await page.getByRole('button', { name: 'Walk-in of 2' }).click();
  await expect(
    page.getByRole('region', { name: /Notifications/ }).getByText('Walk-in seated'),
  ).toBeVisible();
  const walkIns = await rest<{ status: string; party_size: number }[]>(
    `reservations?is_walk_in=is.true&business_date=eq.${today}&created_at=gte.${new Date(now).toISOString()}&select=status,party_size`,
  );
  expect(walkIns).toContainEqual({ status: 'seated', party_size: 2 });

  // The buttons are finger-sized.
  const box = await arrival.getByRole('button', { name: 'Seated' }).boundingBox();
  expect(box?.height ?? 0).toBeGreaterThanOrEqual(44);
  await context.close();
});

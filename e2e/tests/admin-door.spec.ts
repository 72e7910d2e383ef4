import { expect, test, type Browser, type Page } from '@playwright/test';
import { rest } from '../support/admin-api';
import { seedBrowserSession } from '../support/session';
import { PASSWORD } from '../support/admin-page';
import {
  approveBooking,
  book,
  createEvent,
  newMember,
  venueBusinessDate,
  type BookingRow,
  type EventRow,
  type Member,
} from './bookings-helpers';

/** Letters only, so a guest's name is found by a search for it alone. */
const tag = () =>
  Array.from({ length: 6 }, () => 'bcdfghjklmnpqrstvwxz'[Math.floor(Math.random() * 20)]).join('');

/** An approved event tonight (the venue's business night), moved back into it if needed. */
async function eventTonight(): Promise<EventRow> {
  const now = Date.now();
  const event = await createEvent('Door List Night', new Date(now + 20 * 60 * 1000));
  if (venueBusinessDate(new Date(event.event_date)) !== venueBusinessDate(new Date(now))) {
    // before the rollover "in 20 minutes" may be the next night: bookings first, then move it
    return { ...event, event_date: 'move' };
  }
  return event;
}

async function keepTonight(event: EventRow) {
  if (event.event_date !== 'move') return;
  await rest(`events?id=eq.${event.id}`, {
    method: 'PATCH',
    body: { event_date: new Date(Date.now() - 20 * 60 * 1000).toISOString() },
  });
}

/** A member holding the staff role (granted as Admin Rights does). */
async function staffMember(prefix: string): Promise<Member> {
  const member = await newMember(prefix, 'Sam');
  await rest('user_roles', { method: 'POST', body: { user_id: member.userId, role: 'staff' } });
  return member;
}

/** A guest booked and approved for tonight, named `<first> Guest`. */
async function guest(event: EventRow, first: string, party: number): Promise<BookingRow> {
  const member = await newMember('door-guest', first);
  const booking = await book(member, event, party);
  await approveBooking(booking);
  return booking;
}

async function openDoor(browser: Browser, staff: Member): Promise<Page> {
  const context = await browser.newContext();
  const page = await context.newPage();
  await seedBrowserSession(page, staff.email, PASSWORD);
  await page.goto('/door');
  await expect(page.getByRole('heading', { level: 1, name: 'Door' })).toBeVisible();
  return page;
}

const search = (page: Page, text: string) => page.getByLabel('Search by name or code').fill(text);
const entry = (page: Page, name: string) => page.getByRole('listitem', { name });
const headcount = async (page: Page) =>
  Number((await page.getByLabel('People in tonight').innerText()).split('/')[0]?.trim());

/** Lets one of the party in, ticking "ID checked" when the venue's age policy asks for it. */
async function letOneIn(page: Page, name: string) {
  const row = entry(page, name);
  const id = row.getByRole('checkbox', { name: 'ID checked' });
  if ((await id.count()) > 0) await id.check();
  await row.getByRole('button', { name: `Check in one of ${name}'s party` }).click();
}

test.describe.configure({ mode: 'serial' });

test('staff find a guest by name, let two of three in one by one; a second device sees it', async ({
  browser,
}) => {
  const event = await eventTonight();
  const name = `Olivia${tag()}`;
  const olivia = await guest(event, name, 3);
  await keepTonight(event);
  const staff = await staffMember('door-staff');

  const door = await openDoor(browser, staff);
  // staff get the Door link, and the door only
  await expect(door.getByRole('link', { name: 'Door' }).first()).toBeVisible();
  const other = await openDoor(browser, staff);

  await search(door, name.toLowerCase());
  const row = entry(door, `${name} Guest`);
  await expect(row).toContainText('0 of 3 in');
  await expect(row).toContainText(olivia.booking_code);
  const before = await headcount(door);

  await letOneIn(door, `${name} Guest`);
  await expect(row).toContainText('1 of 3 in');
  await letOneIn(door, `${name} Guest`);
  await expect(row).toContainText('2 of 3 in');
  await expect.poll(() => headcount(door)).toBe(before + 2);

  // the second device: the list and the headcount follow without a reload
  await search(other, olivia.booking_code);
  await expect(entry(other, `${name} Guest`)).toContainText('2 of 3 in');
  await expect.poll(() => headcount(other)).toBe(before + 2);

  const scans = await rest<{ people: number }[]>(
    `door_scans?source_id=eq.${olivia.id}&select=people`,
  );
  expect(scans.map((s) => s.people)).toEqual([1, 1]);

  // the door is all staff get of the admin
  await door.goto('/admin');
  await expect(door.getByText('Admin privileges required').first()).toBeVisible();
  await expect(door).toHaveURL(/\/$/);
  await door.context().close();
  await other.context().close();
});

test('offline, the door checks three in and syncs exactly three; a second offline device is told one was already in', async ({
  browser,
}) => {
  const event = await eventTonight();
  const names = [`Ava${tag()}`, `Ben${tag()}`, `Cy${tag()}`];
  const guests = [];
  for (const n of names) guests.push(await guest(event, n, 1));
  await keepTonight(event);
  const staff = await staffMember('door-off');
  const a = await openDoor(browser, staff);
  const b = await openDoor(browser, staff);
  for (const page of [a, b]) {
    // tonight's list is on the device before the network goes
    await search(page, names[0]!);
    await expect(entry(page, `${names[0]} Guest`)).toContainText('0 of 1 in');
    await page.context().setOffline(true);
  }

  for (const n of names) {
    await search(a, n);
    await letOneIn(a, `${n} Guest`);
    await expect(entry(a, `${n} Guest`)).toContainText('1 of 1 in');
  }
  await expect(
    a.getByRole('status').filter({ hasText: 'offline: 3 check-ins waiting' }),
  ).toBeVisible();

  await search(b, names[0]!);
  await letOneIn(b, `${names[0]} Guest`);
  await expect(
    b.getByRole('status').filter({ hasText: 'offline: 1 check-ins waiting' }),
  ).toBeVisible();

  await a.context().setOffline(false);
  await expect(a.getByText(/check-ins waiting|Sending \d+ check-ins/)).toHaveCount(0, {
    timeout: 30_000,
  });
  const ids = guests.map((g) => g.id).join(',');
  await expect
    .poll(
      async () => (await rest<unknown[]>(`door_scans?source_id=in.(${ids})&select=scan_id`)).length,
    )
    .toBe(3);

  await b.context().setOffline(false);
  await expect(
    b.getByRole('list').getByText(`Already in: all 1 of ${names[0]} Guest's party arrived`, {
      // the refused entry's line names the guest and holds the reason: the reason itself
      exact: true,
    }),
  ).toBeVisible({
    timeout: 30_000,
  });
  await expect(b.getByText(/check-ins waiting|Sending \d+ check-ins/)).toHaveCount(0);
  expect((await rest<unknown[]>(`door_scans?source_id=in.(${ids})&select=scan_id`)).length).toBe(3);
  await a.context().close();
  await b.context().close();
});

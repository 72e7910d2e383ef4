import { expect, test, type Page } from '@playwright/test';
import { rest } from '../support/admin-api';
import { expectToast, openDashboard, openTab } from '../support/admin-page';

// An admin edits the venue's record in the Venue tab; a visitor's pages show it on
// their next load, without a deploy. The record is restored afterwards.

interface DayRow {
  weekday: number;
  is_closed: boolean;
  opens_at: string | null;
  closes_at: string | null;
}

interface ItemRow {
  id: string;
  name: string;
  price_cents: number;
  eighty_sixed_on: string | null;
}

let savedHours: DayRow[] = [];
let savedItems: ItemRow[] = [];
const FRIES = 'Truffle Fries';
const BURGER = 'Lakeshore Burger';

test.beforeAll(async () => {
  savedHours = await rest<DayRow[]>('venue_hours?select=*&order=weekday');
  savedItems = await rest<ItemRow[]>(
    `menu_items?select=id,name,price_cents,eighty_sixed_on&name=in.("${FRIES}","${BURGER}")`,
  );
});

const PROMO = `Sunday Jazz Brunch ${Date.now().toString(36)}`;

test.afterAll(async () => {
  await rest(`promotions?title=eq.${encodeURIComponent(PROMO)}`, { method: 'DELETE' });
  for (const item of savedItems) {
    await rest(`menu_items?id=eq.${item.id}`, {
      method: 'PATCH',
      body: { price_cents: item.price_cents, eighty_sixed_on: item.eighty_sixed_on },
    });
  }
  for (const day of savedHours) {
    await rest(`venue_hours?weekday=eq.${day.weekday}`, {
      method: 'PATCH',
      body: { is_closed: day.is_closed, opens_at: day.opens_at, closes_at: day.closes_at },
    });
  }
});

async function askChat(page: Page, question: string) {
  await page.goto('/chat');
  await page.getByLabel('Your message').fill(question);
  await page.getByRole('button', { name: 'Send' }).click();
  const reply = page.locator('[data-sender="bot"]').last();
  await expect(page.locator('[data-sender="bot"]')).toHaveCount(2);
  return reply;
}

test('an admin changes the Sunday hours; the footer, contact, order page and chat bot show them', async ({
  page,
  browser,
}) => {
  const visitor = await browser.newPage();
  await visitor.goto('/contact');
  await expect(visitor.getByRole('contentinfo')).toContainText('Hours: daily 11AM to 1AM');

  await openDashboard(page);
  const venue = await openTab(page, 'Venue');
  const sunday = venue.getByRole('group', { name: 'Sunday hours' });
  await sunday.getByLabel('Sunday opens').fill('12:00');
  await sunday.getByLabel('Sunday closes').fill('23:00');
  await venue.getByRole('button', { name: 'Save hours' }).click();
  await expectToast(page, 'Venue Updated');

  // The history names the admin and the change.
  const history = venue.getByRole('list', { name: 'Recent venue changes' });
  await expect(history.getByRole('listitem').first()).toContainText('update venue hours 0');
  await expect(history.getByRole('listitem').first()).toContainText(
    'opens at: 11:00:00 → 12:00:00',
  );
  const [change] = await rest<{ changed_by: string | null; new_values: object }[]>(
    'venue_changes?table_name=eq.venue_hours&order=id.desc&limit=1',
  );
  expect(change?.new_values).toEqual({ opens_at: '12:00:00', closes_at: '23:00:00' });
  expect(change?.changed_by).toBeTruthy();

  const week = 'Mon–Sat 11AM to 1AM, Sun 12PM to 11PM';
  await visitor.reload();
  await expect(visitor.getByRole('contentinfo')).toContainText(`Hours: ${week}`);
  const hours = visitor.getByRole('region', { name: 'Hours' });
  await expect(hours).toContainText(`Open ${week}`);
  await expect(hours.getByRole('definition').last()).toHaveText('12PM to 11PM');

  await visitor.goto('/order');
  await expect(visitor.getByRole('region', { name: 'Hours' })).toContainText(`Open ${week}`);
  await expect(visitor.getByRole('contentinfo')).toContainText(week);

  const reply = await askChat(visitor, 'What are your hours?');
  await expect(reply).toContainText(`We're open ${week}.`);
});

test('an admin changes a price and 86s a dish; the order page shows both', async ({
  page,
  browser,
}) => {
  expect(savedItems).toHaveLength(2);
  const visitor = await browser.newPage();
  await visitor.goto('/order');
  const plates = visitor.getByRole('region', { name: 'Small Plates' });
  await expect(plates.getByRole('heading', { name: `${FRIES} $9` })).toBeVisible();

  await openDashboard(page);
  const menu = await openTab(page, 'Menu');
  const fries = menu.getByRole('listitem', { name: FRIES });
  await fries.getByLabel(`Price of ${FRIES} ($)`).fill('9.50');
  await fries.getByRole('button', { name: 'Save price' }).click();
  await expectToast(page, 'Menu Updated');
  await expect(fries.getByRole('heading', { level: 3 })).toHaveText(`${FRIES} · $9.50`);

  const burger = menu.getByRole('listitem', { name: BURGER });
  await burger.getByRole('button', { name: "86'd tonight" }).click();
  await expect(burger.getByRole('button', { name: "86'd tonight" })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  const [change] = await rest<{ row_key: string; new_values: object }[]>(
    'venue_changes?table_name=eq.menu_items&operation=eq.UPDATE&order=id.desc&limit=2',
  );
  expect(change?.row_key).toBe(BURGER);

  await visitor.reload();
  await expect(
    visitor.getByRole('region', { name: 'Small Plates' }).getByRole('heading', {
      name: `${FRIES} $9.50`,
    }),
  ).toBeVisible();
  const mains = visitor.getByRole('region', { name: 'Mains' });
  await expect(mains.getByRole('list', { name: `About ${BURGER}` })).toContainText(
    "86'd tonight (sold out)",
  );
  // The drawn menu image leaves out what has run out tonight.
  await expect(visitor.getByRole('img', { name: /menu$/ })).not.toContainText(BURGER);
});

test('an admin adds a promotion with a last day; home shows it with the one validity wording', async ({
  page,
  browser,
}) => {
  await openDashboard(page);
  const tab = await openTab(page, 'Promotions');
  await tab.getByText('Add a promotion').click();
  const form = tab.getByRole('form', { name: 'New promotion' });
  await form.getByLabel('Title').fill(PROMO);
  await form.getByLabel('Text').fill('Live trio and bottomless coffee, 11AM to 2PM.');
  // The last day: 10 days from now, venue date.
  const last = new Date(Date.now() + 10 * 86_400_000).toLocaleDateString('en-CA', {
    timeZone: 'America/New_York',
  });
  await form.getByLabel('Last day (empty: no end)').fill(last);
  await form.getByRole('button', { name: 'Save promotion' }).click();
  await expectToast(page, 'Promotions Updated');
  await expect(tab.getByRole('listitem', { name: PROMO })).toBeVisible();

  const [y, m, d] = last.split('-').map(Number);
  const wording = `Valid through ${new Date(Date.UTC(y!, m! - 1, d!)).toLocaleDateString('en-US', {
    timeZone: 'UTC',
    weekday: 'long',
    month: 'long',
    day: 'numeric',
  })}`;
  const visitor = await browser.newPage();
  await visitor.goto('/');
  const promos = visitor.getByRole('region', { name: 'Special Promotions' });
  await expect(promos.getByRole('listitem').filter({ hasText: PROMO })).toContainText(
    `(${wording})`,
  );
  const [change] = await rest<{ table_name: string; operation: string; row_key: string }[]>(
    'venue_changes?table_name=eq.promotions&order=id.desc&limit=1',
  );
  expect(change).toMatchObject({ operation: 'INSERT', row_key: PROMO });
});

test('an admin adds a weekly night and generates its next 8 weeks, which wait for approval', async ({
  page,
}) => {
  const title = `Thursday Vinyl ${Date.now().toString(36)}`;
  await openDashboard(page);
  const events = await openTab(page, 'Events');
  const form = events.getByRole('form', { name: 'New weekly night' });
  await form.getByLabel('Name of the night').fill(title);
  await form.getByLabel('Every').selectOption({ label: 'Thursday' });
  await form.getByLabel('At (venue time)').fill('21:00');
  await form.getByLabel('Capacity (optional)').fill('80');
  await form.getByRole('button', { name: 'Add weekly night' }).click();
  await expectToast(page, 'Weekly Night Added');
  const night = events.getByRole('listitem', { name: title });
  await expect(night).toContainText('Every Thursday at 9PM, capacity 80');
  await night.getByRole('button', { name: 'Generate next 8 weeks' }).click();
  await expectToast(page, 'Events Generated', '8 new nights wait for approval below.');
  const rows = await rest<{ is_approved: boolean; event_date: string; capacity: number }[]>(
    `events?title=eq.${encodeURIComponent(title)}&select=is_approved,event_date,capacity&order=event_date`,
  );
  expect(rows).toHaveLength(8);
  for (const row of rows) {
    expect(row).toMatchObject({ is_approved: false, capacity: 80 });
    const parts = new Intl.DateTimeFormat('en-US', {
      timeZone: 'America/New_York',
      weekday: 'long',
      hour: 'numeric',
      hourCycle: 'h23',
    }).formatToParts(new Date(row.event_date));
    const part = (type: string) => parts.find((p) => p.type === type)?.value;
    expect([part('weekday'), part('hour')]).toEqual(['Thursday', '21']);
  }
  await rest(`events?title=eq.${encodeURIComponent(title)}`, { method: 'DELETE' });
});

import { expect } from '@playwright/test';
import { axeViolations } from '../support/axe';
import { test } from '../support/network';
import { readFile } from 'node:fs/promises';
import type { Locator } from '@playwright/test';
import { expectNoSidewaysScroll, settle } from '../support/overflow';
import { seedBrowserSession } from '../support/session';
import ICAL from 'ical.js';
import { rest } from '../support/admin-api';
import {
  approveBooking,
  book,
  createEvent,
  newMember,
  waitForBookingMail,
  type Mail,
} from './bookings-helpers';

// The venue's record is what every page, mail and calendar file shows.

interface VenueRow {
  name: string;
  street: string;
  city: string;
  region_code: string;
  postal_code: string;
  phone: string;
  email: string;
  dress_code: string;
}

const addressOf = (v: VenueRow) => `${v.street}, ${v.city}, ${v.region_code} ${v.postal_code}`;

test('the contact and events pages show the record: address, map link, phone, e-mail, hours, dress code, age', async ({
  page,
}) => {
  const [venue] = await rest<VenueRow[]>('venue_settings?select=*');
  await page.goto('/contact');
  await expect(page.locator('address')).toContainText(venue!.street);
  await expect(page.getByRole('link', { name: 'Open in Maps' })).toHaveAttribute(
    'href',
    `https://www.google.com/maps/search/?api=1&query=${encodeURIComponent(addressOf(venue!))}`,
  );
  await expect(page.getByRole('link', { name: venue!.phone }).first()).toBeVisible();
  await expect(page.getByRole('link', { name: /concierge@/ }).first()).toHaveAttribute(
    'href',
    `mailto:${venue!.email}`,
  );
  expect(venue!.email).toMatch(/\.(example|test)$/);
  const hours = page.getByRole('region', { name: 'Hours' });
  await expect(hours.getByRole('term')).toHaveText([
    'Monday',
    'Tuesday',
    'Wednesday',
    'Thursday',
    'Friday',
    'Saturday',
    'Sunday',
  ]);
  await expect(page.getByRole('region', { name: 'Dress Code & Age' })).toContainText(
    venue!.dress_code,
  );
  await expect(page.getByRole('region', { name: 'Dress Code & Age' })).toContainText('21+');
  await expect(page.getByRole('contentinfo')).toContainText(addressOf(venue!));

  await page.goto('/events');
  await expect(page.getByText(addressOf(venue!)).first()).toBeVisible();
  await expect(page.getByText(venue!.dress_code).first()).toBeVisible();
});

test('the approval mail’s .ics and Google Calendar link carry the street address', async () => {
  const [venue] = await rest<VenueRow[]>('venue_settings?select=*');
  const event = await createEvent('Venue ics', new Date(Date.now() + 9 * 86_400_000));
  const member = await newMember('venue-ics', 'Vera');
  const booking = await book(member, event, 2);
  await approveBooking(booking);
  const mail: Mail = await waitForBookingMail(
    member.email,
    `Your booking for ${event.title} is approved`,
  );
  const file = mail.attachments?.find((a) => a.filename === 'booking.ics');
  expect(file).toBeTruthy();
  const root = new ICAL.Component(
    ICAL.parse(Buffer.from(file!.content, 'base64').toString('utf8')),
  );
  const vevent = root.getFirstSubcomponent('vevent');
  expect(vevent?.getFirstPropertyValue('location')).toBe(`${venue!.name}, ${addressOf(venue!)}`);
  const google = mail.links.find((l) => l.startsWith('https://calendar.google.com/'));
  expect(new URL(google!).searchParams.get('location')).toBe(
    `${venue!.name}, ${addressOf(venue!)}`,
  );
});

test('the order page lists the menu by section, with prices and a working tag filter', async ({
  page,
}) => {
  await page.goto('/scanner');
  for (const section of [
    'Small Plates',
    'Mains',
    'Desserts',
    'Cocktails',
    'Wine',
    'Beer',
    'Bottle Service',
  ]) {
    await expect(page.getByRole('region', { name: section })).toBeVisible();
  }
  await expect(page.getByRole('heading', { name: 'Cassata Cake $10' })).toBeVisible();
  await page.getByRole('button', { name: 'Vegan' }).click();
  await expect(page.getByRole('button', { name: 'Vegan' })).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByRole('heading', { name: /Cassata Cake/ })).toHaveCount(0);
  await expect(page.getByRole('heading', { name: /Cauliflower Steak/ })).toBeVisible();
  await expect(page.getByText(/^\d+ items? vegan$/)).toBeVisible();
});

/** An image that has its box size in the markup, is served by the storage renderer and loaded. */
async function expectSizedStorageImage(img: Locator, what: string) {
  await img.scrollIntoViewIfNeeded();
  await expect(img, what).toHaveAttribute('width', /^\d+$/);
  await expect(img, what).toHaveAttribute('height', /^\d+$/);
  await expect(img, what).toHaveAttribute('srcset', /\/storage\/v1\/render\/image\/public\//);
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth), {
      message: `${what} loads`,
    })
    .toBeGreaterThan(0);
}

const FRIDAY_NEON = 'e0000000-0000-4000-8000-000000000001';

test(
  "the seed's pictures show, sized and responsive: event cards, the event's gallery, the home page's photos and the DJs",
  { tag: '@cross' },
  async ({ page, browser }) => {
    await page.goto('/events');
    const card = page.getByRole('article', { name: 'Friday Night Neon' });
    // a cover is decorative (alt=""): the card's title names the event
    await expectSizedStorageImage(card.locator('img'), 'the event card');
    await expect(card.locator('img')).toHaveAttribute('sizes', /vw/);
    // below the fold, cards load lazily
    await expect(
      page.getByRole('article', { name: 'Latin Heat Saturday' }).locator('img'),
    ).toHaveAttribute('loading', 'lazy');

    await page.goto(`/events?event=${FRIDAY_NEON}`);
    await expect(page.getByRole('heading', { level: 1, name: 'Friday Night Neon' })).toBeVisible();
    const gallery = page.getByRole('list', { name: 'Images of Friday Night Neon' });
    await expect(gallery.getByRole('img')).toHaveCount(2);
    for (const img of await gallery.getByRole('img').all())
      await expectSizedStorageImage(img, 'a gallery image');

    await page.goto('/');
    const featured = page.getByRole('list', { name: 'Featured photos' });
    await expect(featured.getByRole('img').first()).toBeVisible();
    await expectSizedStorageImage(featured.getByRole('img').first(), 'a featured photo');

    const context = await browser.newContext();
    const member = await context.newPage();
    await seedBrowserSession(member, 'maya@example.com', 'password123');
    await member.goto('/djs');
    await expectSizedStorageImage(
      member.getByRole('img', { name: 'Artwork for DJ Nova' }),
      "DJ Nova's portrait",
    );
    await member.goto('/');
    const wall = member.getByRole('list', { name: 'Latest photos' });
    await expect(wall.getByRole('img').first()).toBeVisible();
    expect(await wall.getByRole('img').count()).toBeGreaterThanOrEqual(4);
    await expectSizedStorageImage(wall.getByRole('img').first(), 'a photo on the wall');
    await context.close();
  },
);

test('the storage renderer refuses a transformation it does not support, as Supabase does', async ({
  page,
  request,
}) => {
  await page.goto(`/events?event=${FRIDAY_NEON}`);
  const srcset = await page.getByRole('article').getByRole('img').first().getAttribute('srcset');
  const url = new URL(srcset!.split(' ')[0]!);
  const ok = await request.get(url.href, { headers: { accept: 'image/webp,*/*' } });
  expect(ok.status()).toBe(200);
  expect(ok.headers()['content-type']).toBe('image/webp');
  url.searchParams.set('resize', 'stretch');
  const refused = await request.get(url.href);
  expect(refused.status()).toBe(400);
  expect(await refused.json()).toEqual({
    statusCode: '400',
    error: 'Error',
    message: 'querystring/resize must be equal to one of the allowed values',
  });
});

test("the event page's .ics download is at the venue's street address, in venue time", async ({
  page,
}) => {
  const [venue] = await rest<VenueRow[]>('venue_settings?select=*');
  const [event] = await rest<{ id: string; title: string; event_date: string }[]>(
    `events?id=eq.${FRIDAY_NEON}&select=id,title,event_date`,
  );
  await page.goto(`/events?event=${event!.id}`);
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Add to Calendar (.ics)' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe('friday-night-neon.ics');
  const text = await readFile((await download.path())!, 'utf8');
  const root = new ICAL.Component(ICAL.parse(text));
  const vevent = root.getFirstSubcomponent('vevent');
  expect(vevent?.getFirstPropertyValue('location')).toBe(`${venue!.name}, ${addressOf(venue!)}`);
  expect(vevent?.getFirstPropertyValue('summary')).toContain('Friday Night Neon');
  const start = vevent?.getFirstProperty('dtstart');
  expect(start?.getParameter('tzid')).toBe('America/New_York');
  // 10 PM on the venue's clock, on a Friday
  const local = String(start?.getFirstValue()).slice(0, 16);
  const wall = new Intl.DateTimeFormat('en-CA', {
    timeZone: 'America/New_York',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  })
    .format(new Date(event!.event_date))
    .replace(', ', 'T');
  expect(local).toBe(wall);
  expect(local.endsWith('T22:00')).toBe(true);
});

test.describe('the event detail view at 320 px', () => {
  test.use({ viewport: { width: 320, height: 740 }, hasTouch: true });

  test('is shareable by its URL, fits the screen and has no serious axe issue', async ({
    page,
  }) => {
    const [event] = await rest<{ id: string; title: string }[]>(
      'events?is_approved=is.true&event_date=gt.now()&order=event_date&limit=1&select=id,title',
    );
    await page.goto(`/events?event=${event!.id}`);
    await expect(page.getByRole('heading', { level: 1, name: event!.title })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Add to Google Calendar' })).toHaveAttribute(
      'href',
      /location=.*West\+6th\+Street/,
    );
    await expect(page.getByRole('button', { name: 'Reserve Your Spot' })).toBeEnabled();
    await settle(page);
    await expectNoSidewaysScroll(page, `/events?event=${event!.id} (320 px)`);
    const violations = await axeViolations(page);
    expect(
      violations
        .filter((v) => v.impact === 'serious' || v.impact === 'critical')
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    ).toEqual([]);
    // The list links each event to its own view.
    await page.goto('/events');
    await page.getByRole('link', { name: event!.title }).first().click();
    await expect(page).toHaveURL(new RegExp(`event=${event!.id}`));
  });
});

test.describe('layout stability of the pages the venue record fills', () => {
  for (const viewport of [
    { width: 375, height: 812 },
    { width: 1280, height: 800 },
  ]) {
    test(`/, /order, /contact, /events and an event's page move less than 0.05 (CLS) at ${viewport.width} px`, async ({
      page,
    }) => {
      await page.setViewportSize(viewport);
      await page.addInitScript(() => {
        const w = window as unknown as { __cls: number };
        w.__cls = 0;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as unknown as {
            value: number;
            hadRecentInput: boolean;
          }[]) {
            if (!entry.hadRecentInput) w.__cls += entry.value;
          }
        }).observe({ type: 'layout-shift', buffered: true });
      });
      for (const path of ['/', '/order', '/contact', '/events', `/events?event=${FRIDAY_NEON}`]) {
        await page.goto(path);
        await settle(page);
        await page.waitForTimeout(500);
        const cls = await page.evaluate(() => (window as unknown as { __cls: number }).__cls);
        expect.soft(cls, `CLS of ${path} at ${viewport.width} px`).toBeLessThan(0.05);
      }
    });
  }
});

import { expect, type Locator, type Page } from '@playwright/test';
import { networkQuiet, test } from '../support/network';
import {
  createMember,
  memberToken,
  rest,
  suiteKeys,
  tinyPng,
  uploadAs,
} from '../support/admin-api';
import { openDashboard, openTab } from '../support/admin-page';
import { seedBrowserSession } from '../support/session';
import { uniqueTag } from '../support/lounge-api';

/**
 * Stored and typed HTML/script payloads render as text on every screen that shows them:
 * a member's names, song request, DJ review, photo caption, booking and analytics record,
 * an event, and the chat and word-chain inputs. Each place is checked for the literal text,
 * and every screen for script that ran (window.__xss), a dialog, or an injected element.
 */

const PAYLOADS = [
  '<img src=x onerror="window.__xss=1">',
  '<script>window.__xss=1</script>',
  '"><svg onload=window.__xss=1>',
  '<details open ontoggle=alert(document.domain)>',
];
const JS_URL = 'javascript:window.__xss=1;alert(1)';

const tag = uniqueTag();
/** A field's value: a marker naming the field, then every payload. */
const payload = (field: string) => `${tag} ${field} ${PAYLOADS.join(' ')}`;

const V = {
  firstName: payload('first'),
  lastName: payload('last'),
  songTitle: payload('song'),
  artist: payload('artist'),
  comment: payload('review'),
  caption: payload('caption'),
  bookingName: payload('booker'),
  eventTitle: payload('booked-event'),
  special: payload('requests'),
  adminNotes: payload('notes'),
  event: payload('event'),
  eventDescription: payload('event-description'),
  chat: payload('chat'),
};

const email = `xss-${tag.toLowerCase()}@example.com`;
const created: { table: string; id: string }[] = [];
let userId = '';
let token = '';
let textPlaces = 0;
let urlPlaces = 0;

async function insert<T extends { id: string }>(
  table: string,
  row: Record<string, unknown>,
  token?: string,
): Promise<T> {
  const rows = await rest<T[]>(table, { method: 'POST', body: row, ...(token ? { token } : {}) });
  const first = rows[0];
  if (!first) throw new Error(`no ${table} row returned`);
  created.push({ table, id: first.id });
  return first;
}

test.beforeAll(async () => {
  const admin = await memberToken('admin@example.com');
  userId = await createMember(email, V.firstName, V.lastName, 'password123');
  ({ token } = await memberToken(email));

  // what the member controls, written with the member's own token (RLS and triggers apply)
  await insert(
    'song_requests',
    { song_title: V.songTitle, artist: V.artist, user_id: userId },
    token,
  );
  const photoUrl = await uploadAs(
    token,
    'photo-wall',
    `${userId}/${Date.now()}.png`,
    tinyPng,
    'image/png',
  );
  const photo = await insert(
    'photo_wall',
    { user_id: userId, image_url: photoUrl, caption: V.caption },
    token,
  );
  // image addresses go into <img src>: the database takes http(s) URLs only
  await expect(
    insert('photo_wall', { user_id: userId, image_url: JS_URL, caption: V.caption }, token),
  ).rejects.toThrow(/HTTP 400 .*23514/);
  urlPlaces++;
  // a booking's e-mail becomes a mailto: link in the admin tab: the database takes addresses only
  await expect(
    insert(
      'event_bookings',
      {
        user_id: userId,
        name: 'x',
        email: JS_URL,
        phone: '1',
        event_date: new Date(Date.now() + 31 * 86_400_000).toISOString(),
        number_of_guests: 1,
      },
      token,
    ),
  ).rejects.toThrow(/HTTP 400 .*event_bookings_email_format/);
  urlPlaces++;
  const booking = await insert(
    'event_bookings',
    {
      user_id: userId,
      name: V.bookingName,
      email,
      phone: JS_URL,
      event_title: V.eventTitle,
      event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
      number_of_guests: 2,
      special_requests: V.special,
      event_image_url: null,
    },
    token,
  );
  await expect(
    insert(
      'event_bookings',
      {
        user_id: userId,
        name: 'x',
        email: 'x@example.com',
        phone: '1',
        event_date: new Date(Date.now() + 30 * 86_400_000).toISOString(),
        number_of_guests: 1,
        event_image_url: JS_URL,
      },
      token,
    ),
  ).rejects.toThrow(/HTTP 400 .*23514/);
  urlPlaces++;
  // the booking's analytics record (booking_created, with its title) is the database's own

  // what an admin would do with it: approve the photos, answer the booking, publish an event
  const now = new Date().toISOString();
  await rest(`photo_wall?id=eq.${photo.id}`, {
    method: 'PATCH',
    body: { is_approved: true, approved_at: now, approved_by: admin.userId },
  });
  await rest(`event_bookings?id=eq.${booking.id}`, {
    method: 'PATCH',
    body: { admin_notes: V.adminNotes },
  });
  const event = {
    title: V.event,
    description: V.eventDescription,
    // far ahead: last on /events, never among the home page's 3 soonest
    event_date: new Date(Date.now() + 400 * 86_400_000).toISOString(),
    is_approved: true,
    created_by: admin.userId,
  };
  await expect(insert('events', { ...event, featured_image_url: JS_URL })).rejects.toThrow(
    /HTTP 400 .*23514/,
  );
  urlPlaces++;
  await insert('events', event);
});

test.afterAll(async () => {
  for (const { table, id } of created.reverse())
    await rest(`${table}?id=eq.${id}`, { method: 'DELETE' }).catch(() => undefined);
  if (userId) {
    const keys = await suiteKeys();
    await fetch(`${keys.url}/auth/v1/admin/users/${userId}`, {
      method: 'DELETE',
      headers: { apikey: keys.serviceRoleKey, Authorization: `Bearer ${keys.serviceRoleKey}` },
    });
  }
  console.log(
    `[xss] ${PAYLOADS.length} payloads x ${textPlaces} text places = ${PAYLOADS.length * textPlaces} checks, ` +
      `plus a javascript: URL in ${urlPlaces} places (links shown as text, image URLs refused)`,
  );
});

/** Records dialogs from the start; `inert` then checks nothing ran and nothing was injected. */
function watch(page: Page) {
  const dialogs: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  return async function inert(screen: string) {
    await networkQuiet(page);
    const found = await page.evaluate(() => {
      const all = [...document.querySelectorAll('*')];
      const jsUrl = (v: string | null) => v !== null && /^\s*javascript:.*__xss/is.test(v);
      return {
        xss: (window as { __xss?: unknown }).__xss,
        handlers: all
          .filter((el) => [...el.attributes].some((a) => /^on/i.test(a.name)))
          .map((el) => el.outerHTML.slice(0, 120)),
        jsUrls: all
          .filter((el) => jsUrl(el.getAttribute('href')) || jsUrl(el.getAttribute('src')))
          .map((el) => el.outerHTML.slice(0, 120)),
        scripts: [...document.scripts].filter((s) => s.text.includes('__xss')).length,
        injected: document.querySelectorAll('img[src="x"], details[ontoggle], svg[onload]').length,
      };
    });
    expect(found, screen).toEqual({
      xss: undefined,
      handlers: [],
      jsUrls: [],
      scripts: 0,
      injected: 0,
    });
    expect(dialogs, screen).toEqual([]);
    expect(errors, screen).toEqual([]);
  };
}

async function showsText(where: Locator, text: string) {
  await expect(where).toContainText(text);
  textPlaces++;
}

test('a member sees every payload as text: home, events, profile, lounge, chat, word chain', async ({
  page,
}) => {
  const inert = watch(page);
  await seedBrowserSession(page, email, 'password123');

  await page.goto('/');
  await showsText(page.getByRole('main'), `Welcome back, ${V.firstName}`);
  const grid = page.getByRole('img', { name: V.caption });
  await expect(grid.first()).toBeVisible();
  await expect(grid.first()).toHaveAttribute('alt', V.caption);
  textPlaces++;
  await inert('home');

  await page.goto('/events');
  const card = page.getByRole('article').filter({ hasText: tag });
  await showsText(card, V.event);
  await showsText(card, V.eventDescription);
  await inert('/events');

  await page.goto('/profile');
  await expect(page.getByLabel('First name')).toHaveValue(V.firstName);
  await expect(page.getByLabel('Last name')).toHaveValue(V.lastName);
  textPlaces += 2;
  const booking = page.getByRole('listitem', { name: V.eventTitle });
  await showsText(booking, V.eventTitle);
  await showsText(booking, V.adminNotes);
  await inert('/profile');

  // Tonight's DJ review lives only while it is checked: lounge-ratings.spec.ts counts
  // tonight's ratings of DJ Nova, and may run at the same time on the other worker.
  const [nova] = await rest<{ id: string }[]>('djs?select=id&name=eq.DJ%20Nova');
  const review = await rest<{ id: string }[]>('dj_ratings', {
    method: 'POST',
    token,
    body: { dj_id: nova!.id, user_id: userId, rating: 5, comment: V.comment },
  });
  await page.goto('/song-requests');
  const row = page.getByTestId('song-request').filter({ hasText: tag });
  await showsText(row, V.songTitle);
  await showsText(row, V.artist);
  // the name shown with a request is the first 60 characters of the first name (the trigger's)
  await expect(row).toContainText(`requested by ${V.firstName.slice(0, 60)}`);
  await showsText(page.getByRole('region', { name: "Tonight's DJ" }), V.comment);
  await rest(`dj_ratings?id=eq.${review[0]!.id}`, { method: 'DELETE' });
  await inert('/song-requests');

  await page.goto('/djs');
  await expect(page.getByRole('article').first()).toBeVisible();
  await inert('/djs');

  await page.goto('/chat');
  await page.getByRole('textbox', { name: 'Your message' }).fill(V.chat);
  await page.getByRole('button', { name: 'Send' }).click();
  await showsText(page.locator('[data-sender="user"]').filter({ hasText: tag }), V.chat);
  await expect(page.locator('[data-sender="bot"]')).toHaveCount(2);
  await inert('/chat');

  await page.goto('/games/word-chain');
  const game = page.locator('main [data-area="games"][data-route="/games/word-chain"]');
  await game.getByRole('radio', { name: 'music' }).check();
  await game.getByRole('button', { name: 'Start Game' }).click();
  const word = `c${PAYLOADS.join('')}`;
  await game.getByRole('textbox', { name: 'Your word' }).fill(word);
  await game.getByRole('textbox', { name: 'Your word' }).press('Enter');
  await showsText(game.getByRole('alert'), `"${word.toLowerCase()}" is not a valid word.`);
  await inert('/games/word-chain');
});

test('an admin sees every payload as text on each dashboard tab', async ({ page }) => {
  const inert = watch(page);
  await openDashboard(page);
  await inert('Overview');

  const events = await openTab(page, 'Events');
  await showsText(events, V.event);
  await inert('Events tab');

  const bookings = await openTab(page, 'Bookings');
  // the booking's row (the tab also lists each event's guests against capacity)
  const item = bookings.getByRole('listitem').filter({ hasText: V.bookingName });
  for (const text of [V.bookingName, V.eventTitle, V.special, V.adminNotes])
    await showsText(item, text);
  // the phone link carries the javascript: text inertly (tel:); the e-mail is an address
  await expect(item.getByRole('link', { name: JS_URL })).toHaveCount(1);
  await expect(item.getByRole('link', { name: email })).toHaveAttribute('href', `mailto:${email}`);
  urlPlaces += 1;
  await inert('Bookings tab');

  const photos = await openTab(page, 'Photo Wall');
  const tiles = photos.getByRole('img', { name: V.caption });
  await expect(tiles).toHaveCount(1);
  textPlaces++;
  await showsText(photos.getByText(V.caption).first(), V.caption);
  await inert('Photo Wall tab');

  const users = await openTab(page, 'Users');
  await showsText(users.getByRole('heading', { name: tag }).first(), `${V.firstName}`);
  await inert('Users tab');

  const analytics = await openTab(page, 'Analytics');
  await showsText(analytics.getByRole('row').filter({ hasText: tag }).first(), V.eventTitle);
  await inert('Analytics tab');

  await openTab(page, 'Admin Rights');
  await inert('Admin Rights tab');
});

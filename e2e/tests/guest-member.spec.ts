import { readFile } from 'node:fs/promises';
import { expect, test, type Page } from '@playwright/test';
import { seedBrowserSession } from '../support/session';
import { rest } from '../support/admin-api';
import {
  PASSWORD,
  anonHeaders,
  createMember,
  expectToast,
  insertAs,
  restAs,
  signInThroughApi,
} from '../support/guest-accounts';

// A real 1x1 PNG: the storage API checks the bytes, not just the name.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

const EXCLUSIVE_OFFER = 'App Exclusive: 15% Off Dinner';

async function memberOnHome(page: Page, prefix: string, path = '/') {
  const account = await createMember(prefix);
  const session = await seedBrowserSession(page, account.email, account.password);
  await page.goto(path);
  return { ...account, session, userId: session.user.id };
}

test('redeeming an offer twice: Redeemed, then Already Redeemed; usage and analytics recorded', async ({
  page,
  context,
}) => {
  const { session, userId } = await memberOnHome(page, 'redeem');
  const offer = page.getByRole('article', { name: EXCLUSIVE_OFFER });
  await expect(offer.getByRole('button', { name: 'Redeem' })).toBeEnabled();
  await expect(page.getByTestId('offers-redeemed')).toHaveText('0');
  const offers = await restAs<{ id: string; usage_count: number }[]>(
    session,
    `offers?select=id,usage_count&title=eq.${encodeURIComponent(EXCLUSIVE_OFFER)}`,
  );
  const { id: offerId, usage_count: usageBefore } = offers[0]!;

  // A second tab still shows the offer as not redeemed.
  const other = await context.newPage();
  await other.goto('/');
  const staleOffer = other.getByRole('article', { name: EXCLUSIVE_OFFER });
  await expect(staleOffer.getByRole('button', { name: 'Redeem' })).toBeEnabled();

  await offer.getByRole('button', { name: 'Redeem' }).click();
  // Asked first: it can be used once.
  const ask = page.getByRole('dialog', { name: `Redeem ${EXCLUSIVE_OFFER}?` });
  await expect(ask).toContainText('Show this to your server now? It can be used once.');
  await ask.getByRole('button', { name: 'Redeem Now' }).click();
  // The pass for the server opens at once; once closed, the toast and the card remain.
  const pass = page.getByRole('dialog', { name: EXCLUSIVE_OFFER });
  await expect(pass).toContainText('Show this to your server to claim your discount.');
  await pass.getByRole('button', { name: 'Done' }).click();
  await expectToast(page, 'Offer Redeemed!', 'Show this to your server to claim your discount.');
  await expect(offer.getByRole('button', { name: 'Redeemed' })).toBeDisabled();
  await expect(page.getByTestId('offers-redeemed')).toHaveText('1');

  await staleOffer.getByRole('button', { name: 'Redeem' }).click();
  await other.getByRole('button', { name: 'Redeem Now' }).click();
  await expectToast(other, 'Already Redeemed', 'You have already redeemed this offer.');
  await expect(staleOffer.getByRole('button', { name: 'Redeemed' })).toBeDisabled();

  const redemptions = await restAs<unknown[]>(session, `user_offers?user_id=eq.${userId}`);
  expect(redemptions).toHaveLength(1);
  const after = await restAs<{ usage_count: number }[]>(
    session,
    `offers?select=usage_count&id=eq.${offerId}`,
  );
  const usageAfter = after[0]!.usage_count;
  expect(usageAfter).toBe(usageBefore + 1);
  const events = await restAs<{ event_type: string; event_data: { offer_id: string } }[]>(
    session,
    `analytics?user_id=eq.${userId}&event_type=eq.offer_redeemed`,
  );
  expect(events.map((e) => e.event_data.offer_id)).toEqual([offerId]);

  // After a reload the offer stays redeemed.
  await page.reload();
  await expect(offer.getByRole('button', { name: 'Redeemed' })).toBeDisabled();
});

test('uploading a photo stores it under the member id and waits for approval', async ({ page }) => {
  const { session, userId } = await memberOnHome(page, 'photo');
  await expect(page.getByRole('button', { name: 'Upload Photo' })).toBeVisible();

  // Not an image: refused before anything is sent.
  await page.getByTestId('photo-upload-input').setInputFiles({
    name: 'notes.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from('hello'),
  });
  await expectToast(page, 'Upload Failed');
  expect(await restAs<unknown[]>(session, `photo_wall?user_id=eq.${userId}`)).toHaveLength(0);

  await page.getByTestId('photo-upload-input').setInputFiles({
    name: 'Victory.PNG',
    mimeType: 'image/png',
    buffer: PNG,
  });
  await expectToast(page, 'Photo Uploaded!');

  const photos = await restAs<
    { image_url: string; caption: string; is_approved: boolean; user_id: string }[]
  >(session, `photo_wall?user_id=eq.${userId}`);
  expect(photos).toHaveLength(1);
  const photo = photos[0]!;
  expect(photo.caption).toBe('Victory moment!');
  expect(photo.is_approved).toBe(false);
  expect(photo.image_url).toMatch(new RegExp(`/photo-wall/${userId}/\\d+\\.png$`));
  // Pending: its public URL serves nothing yet; the member reads her own file with her token.
  expect((await fetch(photo.image_url)).status).toBe(404);
  const { headers } = await anonHeaders();
  const image = await fetch(photo.image_url.replace('/object/public/', '/object/authenticated/'), {
    headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
  });
  expect(image.status).toBe(200);
  // Stored re-encoded without metadata, still a 1 x 1 PNG (IHDR width and height).
  expect(image.headers.get('content-type')).toBe('image/png');
  const stored = Buffer.from(await image.arrayBuffer());
  expect(stored.subarray(0, 8).equals(PNG.subarray(0, 8))).toBe(true);
  expect([stored.readUInt32BE(16), stored.readUInt32BE(20)]).toEqual([1, 1]);

  const events = await restAs<unknown[]>(
    session,
    `analytics?user_id=eq.${userId}&event_type=eq.photo_uploaded`,
  );
  expect(events).toHaveLength(1);

  // Pending: not on the wall of approved photos.
  await expect(page.locator(`img[src="${photo.image_url}"]`)).toHaveCount(0);
});

test('booking an event: validation, Booking Submitted, and the booking on the profile', async ({
  page,
}) => {
  const { session, userId } = await memberOnHome(page, 'booking', '/events');
  const firstCard = page.getByRole('article').first();
  const eventTitle = (await firstCard.getByRole('heading').textContent())!.trim();
  await firstCard.getByRole('button', { name: /Reserve Your Spot/ }).click();

  const dialog = page.getByRole('dialog', { name: `Book: ${eventTitle}` });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByLabel('Full Name *')).toHaveValue('Test Guest');
  await expect(dialog.getByLabel('Number of Guests *')).toHaveValue('1');

  // Phone is required.
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(dialog.getByText('Please enter your phone number.')).toBeVisible();

  await dialog.getByLabel('Phone *').fill('(216) 555-0123');
  // A party outside 1 to 20 is refused, never silently changed.
  await dialog.getByLabel('Number of Guests *').fill('35');
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expect(dialog.getByText('Please choose from 1 to 20 guests.')).toBeVisible();
  await expect(dialog.getByLabel('Number of Guests *')).toHaveValue('35');
  await dialog.getByLabel('Number of Guests *').fill('3');
  await dialog.getByLabel('Special Requests').fill('A booth near the DJ, please');
  await dialog
    .getByLabel('Event Image (optional)')
    .setInputFiles({ name: 'party.png', mimeType: 'image/png', buffer: PNG });
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();

  await expectToast(
    page,
    'Booking Submitted',
    'Your event booking has been submitted for approval.',
  );
  await expect(dialog).toBeHidden();

  const rows = await restAs<
    {
      event_title: string;
      number_of_guests: number;
      status: string;
      special_requests: string;
      event_image_url: string;
    }[]
  >(session, `event_bookings?user_id=eq.${userId}`);
  expect(rows).toEqual([
    expect.objectContaining({
      event_title: eventTitle,
      number_of_guests: 3,
      status: 'pending',
      special_requests: 'A booth near the DJ, please',
    }),
  ]);
  expect(rows[0]!.event_image_url).toMatch(new RegExp(`/event-images/${userId}/\\d+\\.png$`));
  const analytics = await restAs<{ event_data: Record<string, unknown> }[]>(
    session,
    `analytics?user_id=eq.${userId}&event_type=eq.booking_created`,
  );
  expect(analytics).toHaveLength(1);
  expect(analytics[0]!.event_data).toEqual(
    expect.objectContaining({ event_title: eventTitle, guests: 3 }),
  );
  expect(typeof analytics[0]!.event_data['event_id']).toBe('string');

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Profile' })
    .click();
  const booking = page.getByRole('listitem', { name: eventTitle });
  await expect(booking).toBeVisible();
  await expect(booking).toContainText('Pending');
  await expect(booking).toContainText('3 guests');
});

test('editing the profile saves it (upsert) and it survives a reload', async ({ page }) => {
  const { session, userId } = await memberOnHome(page, 'profile', '/profile');
  await expect(page.getByLabel('First name')).toHaveValue('Test');
  await page.getByLabel('First name').fill('Jordan');
  await page.getByLabel('Last name').fill('Lee');
  await page.getByLabel('Phone').fill('(216) 555-0199');
  await page.getByRole('button', { name: 'Save Profile' }).click();
  await expectToast(page, 'Profile Updated', 'Your profile has been updated successfully.');

  await page.reload();
  await expect(page.getByLabel('First name')).toHaveValue('Jordan');
  await expect(page.getByLabel('Last name')).toHaveValue('Lee');
  await expect(page.getByLabel('Phone')).toHaveValue('(216) 555-0199');
  const [row] = await restAs<{ first_name: string; phone: string }[]>(
    session,
    `profiles?user_id=eq.${userId}`,
  );
  expect(row).toEqual(expect.objectContaining({ first_name: 'Jordan', phone: '(216) 555-0199' }));
  await expect(page.getByRole('link', { name: 'Privacy Policy' }).last()).toHaveAttribute(
    'href',
    '/privacy',
  );
});

test('exporting data downloads a JSON file with profile, bookings, offers, photos, exported_at', async ({
  page,
}) => {
  const { email } = await memberOnHome(page, 'export', '/privacy');
  const downloading = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Export My Data' }).click();
  const download = await downloading;
  await expectToast(page, 'Data exported', 'Your data has been downloaded as a JSON file.');
  expect(download.suggestedFilename()).toMatch(/\.json$/);
  const data = JSON.parse(await readFile((await download.path())!, 'utf8')) as Record<
    string,
    unknown
  >;
  expect(Object.keys(data).sort()).toEqual([
    'bookings',
    'exported_at',
    'offers',
    'photos',
    'profile',
  ]);
  expect((data['profile'] as { email: string }).email).toBe(email);
  expect(Array.isArray(data['bookings'])).toBe(true);
  expect(Number.isNaN(Date.parse(data['exported_at'] as string))).toBe(false);
});

test('deleting the account asks first, removes the data and signs out', async ({ page }) => {
  const { email, userId, session: before } = await memberOnHome(page, 'delete', '/privacy');
  // Some data of the member's own, written through the API as the app would.
  const [offer] = await restAs<{ id: string }[]>(
    before,
    `offers?select=id&title=eq.${encodeURIComponent(EXCLUSIVE_OFFER)}`,
  );
  await insertAs(before, 'user_offers', { user_id: userId, offer_id: offer!.id });
  await insertAs(before, 'event_bookings', {
    user_id: userId,
    name: 'Test Guest',
    email,
    phone: '555',
    number_of_guests: 2,
    event_title: 'Friday Night Neon',
    event_date: new Date(Date.now() + 5 * 86_400_000).toISOString(),
  });
  await insertAs(before, 'analytics', { user_id: userId, event_type: 'offer_redeemed' });
  expect(await restAs<unknown[]>(before, `event_bookings?user_id=eq.${userId}`)).toHaveLength(1);
  await page.getByRole('button', { name: 'Delete My Account' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete account' });
  await expect(dialog).toContainText(
    'Are you sure you want to delete your account? This action cannot be undone.',
  );
  // Cancel keeps everything.
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole('button', { name: 'Delete My Account' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Account' }).click();
  await expectToast(page, 'Account deleted');
  await expect(page).toHaveURL(/\/$/);
  const nav = page.getByRole('navigation', { name: 'Main' });
  await expect(nav.getByRole('link', { name: 'Sign In' })).toBeVisible();
  await expect(nav.getByRole('link', { name: 'Profile' })).toHaveCount(0);

  // Deleting the account removes the member's data and ends the account: the login is gone.
  await expect(signInThroughApi(email, PASSWORD)).rejects.toThrow(/HTTP 400/);
  for (const table of [
    'profiles',
    'event_bookings',
    'user_offers',
    'photo_wall',
    'analytics',
    'user_roles',
  ]) {
    expect(await rest<unknown[]>(`${table}?user_id=eq.${userId}`), table).toEqual([]);
  }
});

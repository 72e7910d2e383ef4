import { expect, test, type Page } from '@playwright/test';
import * as OTPAuth from 'otpauth';
import { createMember, rest } from '../support/admin-api';
import { expectToast, openTab } from '../support/admin-page';
import { seedBrowserSession } from '../support/session';
import { book, createEvent, newMember, type BookingRow } from './bookings-helpers';

// An admin adds an authenticator app from the profile (QR code), signs out, and signs in with
// the password plus the app's code. With the venue's "authenticator code for admin actions"
// on, an admin session opened with the password only cannot approve a booking; the one with
// the code can. The setting is venue-wide: this runs in the venue-edits project, after every
// other test and one file at a time, and is turned off again at the end.

const PASSWORD = 'admin-mfa-pass-1';
const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** The code the authenticator app would show now for this secret. */
const codeNow = (secret: string) =>
  new OTPAuth.TOTP({ secret: OTPAuth.Secret.fromBase32(secret) }).generate();

/** The assurance level in the access token supabase-js keeps for the page. */
async function storedAal(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const key = Object.keys(localStorage).find((k) => /^sb-.*-auth-token$/.test(k));
    const raw = key ? localStorage.getItem(key) : null;
    if (!raw) return null;
    const token = (JSON.parse(raw) as { access_token: string }).access_token;
    const part = token.split('.')[1] ?? '';
    return (
      (JSON.parse(atob(part.replace(/-/g, '+').replace(/_/g, '/'))) as { aal?: string }).aal ?? null
    );
  });
}

test.afterAll(async () => {
  await rest('venue_settings?id=eq.true', {
    method: 'PATCH',
    body: { admin_requires_mfa: false },
  });
});

test('an admin sets up an authenticator, signs in with password and code, and only that session approves bookings while the venue requires it', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const email = `mfa-admin-${Date.now().toString(36)}@example.com`;
  const adminId = await createMember(email, 'Mona', 'Factor', PASSWORD);
  await rest('user_roles', { method: 'POST', body: { user_id: adminId, role: 'admin' } });
  const event = await createEvent('Authenticator Night', new Date(Date.now() + 30 * 86_400_000));
  const guest = await newMember('mfa-guest', 'Gina');
  const booking: BookingRow = await book(guest, event, 2);
  const itemName = `Gina Guest: ${event.title}`;

  // 1. The admin adds an authenticator app from the profile page.
  await seedBrowserSession(page, email, PASSWORD);
  await page.goto('/profile');
  const card = page.getByRole('region', { name: 'Two-step sign-in' });
  await card.getByRole('button', { name: 'Set up authenticator' }).click();
  await expect(card.getByRole('img', { name: 'QR code for your authenticator app' })).toBeVisible();
  await expect(card.locator('svg path')).toHaveCount(1);
  const secret = (await card.getByTestId('totp-secret').textContent())?.trim() ?? '';
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  await card.getByLabel('Code from the app').fill('000000');
  await card.getByRole('button', { name: 'Confirm code' }).click();
  await expect(card.getByRole('alert')).toContainText('That code is not right');
  await card.getByLabel('Code from the app').fill(codeNow(secret));
  await card.getByRole('button', { name: 'Confirm code' }).click();
  await expectToast(page, 'Authenticator added');
  await expect(card).toContainText('An authenticator app is set up');
  expect(await storedAal(page)).toBe('aal2');

  // 2. Signs out, and signs in again: the password, then the code.
  await nav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(page, 'Signed out');
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Enter your code' })).toBeVisible();
  expect(await storedAal(page)).toBe('aal1');
  await page.getByLabel('Authenticator code').fill(codeNow(secret));
  await page.getByRole('button', { name: 'Verify' }).click();
  await expectToast(page, 'Welcome back!');
  await expect(page).not.toHaveURL(/\/auth/);
  expect(await storedAal(page)).toBe('aal2');

  // 3. With the code, the admin turns on the venue's requirement in the Venue tab.
  await page.goto('/admin');
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const venue = await openTab(page, 'Venue');
  const requirement = venue.getByRole('checkbox', {
    name: 'Require an authenticator code for admin actions',
  });
  await requirement.check();
  await expectToast(page, 'Saved');
  await expect(requirement).toBeChecked();

  // 4. A session of the same admin opened with the password only cannot approve the booking:
  // the dashboard does not list other members' bookings to it, and the update changes nothing.
  const other = await browser.newContext();
  const weak = await other.newPage();
  const weakSession = await seedBrowserSession(weak, email, PASSWORD);
  await weak.goto('/admin');
  await expect(weak.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  const weakBookings = await openTab(weak, 'Bookings');
  await expect(weakBookings.getByText('Loading bookings…')).toHaveCount(0);
  await expect(weakBookings.getByRole('listitem', { name: itemName })).toHaveCount(0);
  const changed = await rest<BookingRow[]>(`event_bookings?id=eq.${booking.id}`, {
    method: 'PATCH',
    token: weakSession.access_token,
    body: { status: 'approved' },
  });
  expect(changed).toEqual([]);
  const [still] = await rest<BookingRow[]>(`event_bookings?id=eq.${booking.id}&select=*`);
  expect(still?.status).toBe('pending');
  await other.close();

  // 5. The session completed with the code approves it from the Bookings tab.
  const bookings = await openTab(page, 'Bookings');
  const item = bookings.getByRole('listitem', { name: itemName });
  await expect(item).toContainText('Pending');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Booking Approved');
  const [approved] = await rest<BookingRow[]>(`event_bookings?id=eq.${booking.id}&select=*`);
  expect(approved?.status).toBe('approved');

  // 6. And turns the requirement off again.
  await openTab(page, 'Venue');
  await requirement.uncheck();
  await expectToast(page, 'Saved');
});

import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';
import { uniqueEmail, verifyLink, waitForMail, expectToast } from '../support/guest-accounts';
import { PASSWORD } from '../support/admin-page';
import {
  book,
  bookingById,
  createEvent,
  newMember,
  waitForBookingMail,
  type BookingRow,
} from './bookings-helpers';
import { rest } from '../support/admin-api';
import { hydrated, pageProblems, removedServerNodes, watchRemovals } from '../support/hydration';

const inDays = (days: number) => new Date(Date.now() + days * 24 * 60 * 60 * 1000);

test('a visitor who reserves signs up, comes back to the open dialog and is booked', async ({
  page,
}) => {
  const event = await createEvent('Signup Soiree', inDays(10));
  const email = uniqueEmail('reserve');
  await page.goto('/events');
  const card = page.getByRole('article', { name: event.title });
  await card.getByRole('button', { name: /Reserve Your Spot/ }).click();
  await expectToast(page, 'Authentication Required');
  await expect(page).toHaveURL(/\/auth$/);
  // The sign-in page says why.
  await expect(page.getByText('Sign in to reserve your spot.')).toBeVisible();

  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Rae');
  await page.getByLabel('Last name').fill('Booker');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expectToast(page, 'Account created!');

  // The confirmation link brings the new member back to the event's dialog.
  const mail = await waitForMail(email, 'Confirm');
  await page.goto(verifyLink(mail));
  const dialog = page.getByRole('dialog', { name: `Book: ${event.title}` });
  await expect(dialog).toBeVisible();
  // The parameter has done its job: closing the dialog will not reopen it.
  await expect(page).not.toHaveURL(/book=/);
  await expect(dialog.getByLabel('Full Name *')).toHaveValue('Rae Booker');
  await dialog.getByLabel('Phone *').fill('(216) 555-0142');
  await dialog.getByLabel('Save this phone number to my profile').check();
  await dialog.getByRole('button', { name: 'More guests' }).click();
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  await expectToast(
    page,
    'Booking Submitted',
    'Your event booking has been submitted for approval.',
  );
  const result = page.getByRole('status', { name: 'Your booking' });
  await expect(result).toContainText('Booking received');
  const code = (await result.locator('strong').last().textContent())?.trim() ?? '';
  expect(code).toMatch(/^[A-HJ-NP-Z2-9]{8}$/);

  const [row] = await rest<(BookingRow & { user_id: string })[]>(
    `event_bookings?booking_code=eq.${code}&select=*`,
  );
  expect(row).toMatchObject({ event_id: event.id, status: 'pending', number_of_guests: 2 });
  const [profile] = await rest<{ phone: string }[]>(
    `profiles?user_id=eq.${row!.user_id}&select=phone`,
  );
  expect(profile?.phone).toBe('(216) 555-0142');
});

test('on a 375x667 phone the dialog keeps its Submit button in view', async ({ browser }) => {
  const event = await createEvent('Phone Night', inDays(11));
  const member = await newMember('phone');
  const context = await browser.newContext({ viewport: { width: 375, height: 667 } });
  const page = await context.newPage();
  await seedBrowserSession(page, member.email, PASSWORD);
  await page.goto(`/events?book=${event.id}`);
  const dialog = page.getByRole('dialog', { name: `Book: ${event.title}` });
  await expect(dialog).toBeVisible();
  const submit = dialog.getByRole('button', { name: 'Submit Booking' });
  await expect(submit).toBeInViewport({ ratio: 1 });
  // An out-of-range party is refused, not silently changed.
  await dialog.getByLabel('Phone *').fill('555 0100');
  await dialog.getByLabel('Number of Guests *').fill('25');
  await submit.click();
  await expect(dialog.getByText('Please choose from 1 to 20 guests.')).toBeVisible();
  await expect(dialog.getByLabel('Number of Guests *')).toHaveValue('25');
  await context.close();
});

test('a full event waitlists the next booking; a cancellation from the profile promotes it and mails the guest', async ({
  browser,
}) => {
  const event = await createEvent('Tiny Room', inDays(12), 2);
  const first = await newMember('first', 'Ada');
  const second = await newMember('second', 'Ben');
  const held = await book(first, event, 2);
  expect(held.status).toBe('pending');

  // The second guest sees the event is full and is told before submitting.
  const context = await browser.newContext();
  const page = await context.newPage();
  await seedBrowserSession(page, second.email, PASSWORD);
  await page.goto('/events');
  const card = page.getByRole('article', { name: event.title });
  await expect(card).toContainText('Fully booked: waitlist open');
  await card.getByRole('button', { name: /Reserve Your Spot/ }).click();
  const dialog = page.getByRole('dialog', { name: `Book: ${event.title}` });
  await expect(dialog.getByText(/This booking will be waitlisted/)).toBeVisible();
  await dialog.getByLabel('Phone *').fill('(216) 555-0177');
  await dialog.getByRole('button', { name: 'Submit Booking' }).click();
  const result = page.getByRole('status', { name: 'Your booking' });
  await expect(result).toContainText('waitlist');
  await expect(result).toContainText('This booking is waitlisted');
  const [waiting] = await rest<BookingRow[]>(
    `event_bookings?event_id=eq.${event.id}&user_id=eq.${second.userId}&select=*`,
  );
  expect(waiting?.status).toBe('waitlisted');
  await waitForBookingMail(second.email, `You're on the waitlist for ${event.title}`);
  await context.close();

  // The first guest cancels from the profile, after confirming.
  const firstContext = await browser.newContext();
  const profile = await firstContext.newPage();
  await seedBrowserSession(profile, first.email, PASSWORD);
  await profile.goto('/profile');
  const mine = profile.getByRole('listitem', { name: event.title });
  await expect(mine).toContainText(held.booking_code);
  await expect(mine).toContainText('Pending');
  await mine.getByRole('button', { name: `Cancel booking: ${event.title}` }).click();
  const confirm = profile.getByRole('dialog', { name: 'Cancel this booking?' });
  await confirm.getByRole('button', { name: 'Cancel booking' }).click();
  await expectToast(profile, 'Booking Cancelled');
  await expect(mine).toContainText('Cancelled');
  await expect(mine.getByRole('button', { name: /Cancel booking/ })).toHaveCount(0);
  await firstContext.close();

  // The waitlisted booking moves up and its guest is mailed.
  await expect.poll(async () => (await bookingById(waiting!.id)).status).toBe('pending');
  await waitForBookingMail(second.email, `A spot opened up for ${event.title}`);
});

test('the cancel link in the booking mail cancels without signing in', async ({ browser }) => {
  const event = await createEvent('Link Night', inDays(13));
  const member = await newMember('link', 'Cy');
  const booking = await book(member, event, 3);
  const mail = await waitForBookingMail(
    member.email,
    `We received your booking request for ${event.title}`,
  );
  expect(mail.text).toContain(booking.booking_code);
  const link = mail.links.find((l) => l.includes('/bookings/cancel?token='));
  expect(link, 'a cancel link in the mail').toBeTruthy();

  // The page arrives with the booking in it (rendered on the server), kept by no cache.
  const noScript = await browser.newContext({ javaScriptEnabled: false });
  const served = await (await noScript.newPage()).goto(link!);
  expect(served?.headers()['cache-control']).toBe('private, no-store');
  const html = (await served?.text()) ?? '';
  expect(html).toContain(event.title);
  expect(html).toContain(booking.booking_code);
  await noScript.close();

  const context = await browser.newContext();
  const page = await context.newPage();
  const problems = pageProblems(page);
  await watchRemovals(page);
  await page.goto(link!);
  await expect(page.getByRole('heading', { name: 'Cancel a booking' })).toBeVisible();
  await expect(page.getByText(event.title)).toBeVisible();
  await expect(page.getByText(booking.booking_code)).toBeVisible();
  // the browser hydrates the server's markup: no mismatch, nothing rendered twice
  await hydrated(page, 'main [data-area]');
  expect(await removedServerNodes(page)).toBe(0);
  expect(problems).toEqual([]);
  await page.getByRole('button', { name: 'Cancel booking' }).click();
  await expectToast(page, 'Booking Cancelled');
  await expect(page.getByText(/This booking is cancelled/)).toBeVisible();
  expect((await bookingById(booking.id)).status).toBe('cancelled');
  // A second visit shows the state again, with nothing left to press.
  await page.reload();
  await expect(page.getByText(/This booking is cancelled/)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Cancel booking' })).toHaveCount(0);
  await waitForBookingMail(member.email, `Your booking for ${event.title} is cancelled`);
  await context.close();
});

import { expect, test } from '@playwright/test';
import { seedBrowserSession } from '../support/session';
import { PASSWORD } from '../support/admin-page';
import { createMember, rest } from '../support/admin-api';
import { createEvent, newMember, waitForBookingMail } from './bookings-helpers';

// VIP tables and guest lists: a member requests a table with two bottles, a staff member
// confirms it at the host stand on a phone, and the guest's mail names the table and the
// minimum; a guest list with plus-ones closes at its time.

async function newStaff(): Promise<string> {
  const email = `host-${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}@example.com`;
  const id = await createMember(email, 'Harper', 'Host', PASSWORD);
  await rest('user_roles', { method: 'POST', body: { user_id: id, role: 'staff' } });
  return email;
}

test('a member requests a table with two bottles; staff confirm it on a phone; the mail names the table and the minimum', async ({
  page,
  browser,
}) => {
  // Tonight's event, starting shortly: staff confirm tonight's requests.
  const event = await createEvent('VIP Night', new Date(Date.now() + 15 * 60_000));
  const guest = await newMember('vip', `Vera${Date.now().toString(36)}`);
  await seedBrowserSession(page, guest.email, PASSWORD);

  await page.goto('/events');
  await page.getByRole('link', { name: 'Request a VIP table or join a guest list' }).click();
  await expect(page).toHaveURL(/\/tables$/);
  await page.goto(`/tables?event=${event.id}`);
  await expect(page.getByLabel('Event night')).toHaveValue(event.id);
  await page.getByLabel('Party size').fill('6');
  await expect(page.getByTestId('table-minimum')).toContainText('Minimum spend from $');
  await page.getByLabel(/^Premium Vodka/).fill('1');
  await page.getByLabel(/^Champagne Brut/).fill('1');
  await expect(page.getByText('2 bottles chosen')).toBeVisible();
  await expect(page.getByText('No card payment is taken by the app.')).toBeVisible();
  await page.getByRole('button', { name: 'Request table' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Request sent' })).toBeVisible();
  const mine = page.getByRole('article', { name: /^Table request / });
  await expect(mine).toContainText('Requested');
  await expect(mine).toContainText('1 × Champagne Brut, 1 × Premium Vodka');

  // The host, on a phone, at the host stand.
  const staffEmail = await newStaff();
  const phone = await browser.newContext({ viewport: { width: 375, height: 740 } });
  const host = await phone.newPage();
  await seedBrowserSession(host, staffEmail, PASSWORD);
  await host.goto('/host-stand');
  const request = host.getByRole('listitem', { name: `Table request of ${guest.firstName} Guest` });
  await expect(request).toContainText('Bottles: 1 × Champagne Brut, 1 × Premium Vodka');
  await request.getByRole('button', { name: 'Confirm' }).click();
  const dialog = host.getByRole('dialog');
  await dialog.getByRole('button', { name: /^V3/ }).click();
  await dialog.getByRole('button', { name: 'Confirm table' }).click();
  await expect(dialog).toBeHidden();
  await expect(request).toContainText('Table V3, minimum $750');
  await expect(host.getByTestId('committed-minimum')).toContainText("Tonight's committed minimum");
  const overflow = await host.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
  expect(overflow).toBeLessThanOrEqual(0);
  await phone.close();

  const mail = await waitForBookingMail(guest.email, 'Your table V3 is confirmed');
  expect(mail.text).toContain('Table: V3');
  expect(mail.text).toContain('Minimum spend: $750');
  expect(mail.text).toContain('Arrive by:');

  await page.reload();
  await expect(mine).toContainText('Confirmed');
  await expect(mine).toContainText('Table V3, minimum spend $750');
});

test('a guest list takes a member with plus-ones up to the cap, gives a pass, and closes at its time', async ({
  page,
}) => {
  const tomorrow = new Date(Date.now() + 30 * 3_600_000);
  const event = await createEvent('List Night', tomorrow);
  const guest = await newMember('list', 'Lena');
  await seedBrowserSession(page, guest.email, PASSWORD);
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto('/tables');
  const card = page.getByRole('article', { name: `Guest list: ${event.title}` });
  await expect(card).toContainText('Guest list closes at 10 PM');
  // the field stops at the cap, and the database refuses more
  await expect(card.getByLabel('Plus-ones (up to 3)')).toHaveAttribute('max', '3');
  await expect(
    rest('rpc/join_guest_list', {
      method: 'POST',
      token: guest.token,
      body: { p_event_id: event.id, p_plus_ones: 4 },
    }),
  ).rejects.toThrow(/At most 3 plus-ones on this list/);
  await card.getByLabel('Plus-ones (up to 3)').fill('2');
  await card.getByRole('button', { name: 'Join the guest list' }).click();
  await expect(card.getByText('On the list')).toBeVisible();
  await card.getByRole('button', { name: 'Show Pass' }).click();
  const pass = page.getByRole('dialog');
  await expect(pass).toContainText('Lena Guest + 2');
  await expect(pass.getByTestId('guest-list-code')).toHaveText(/^[A-HJ-NP-Z2-9]{6}$/);
  await pass.getByRole('button', { name: 'Done' }).click();

  // The close time passes (set by the venue): the list refuses more, in the page and the API.
  await rest(`guest_lists?event_id=eq.${event.id}`, {
    method: 'PATCH',
    body: { closes_at: new Date(Date.now() - 60_000).toISOString() },
  });
  await page.reload();
  await expect(card).toContainText('The guest list is closed');
  await expect(
    card.getByRole('button', { name: /Join the guest list|Update my plus-ones/ }),
  ).toHaveCount(0);
  await expect(
    rest('rpc/join_guest_list', {
      method: 'POST',
      token: guest.token,
      body: { p_event_id: event.id, p_plus_ones: 1 },
    }),
  ).rejects.toThrow(/The guest list is closed/);
});

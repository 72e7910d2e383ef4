import { expect, test, type Page } from '@playwright/test';
import {
  createMember,
  inbox,
  memberToken,
  rest,
  tinyPng,
  unique,
  uploadAs,
} from '../support/admin-api';
import { expectToast, openDashboard, openTab, PASSWORD } from '../support/admin-page';
import { seedBrowserSession } from '../support/session';

// One admin working through the dashboard; each test arranges its own rows.

async function searchUsers(page: Page, term: string) {
  const users = await openTab(page, 'Users');
  await users.getByRole('searchbox', { name: 'Search users by name or e-mail' }).fill(term);
  await expect(users.getByTestId('users-total')).toContainText(`matching "${term}"`);
  return users;
}

test('a visitor opening /admin is sent to /auth', async ({ page }) => {
  await page.goto('/admin');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();
});

test('a member opening /admin gets Access Denied and goes home', async ({ page }) => {
  await seedBrowserSession(page, 'leo@example.com', PASSWORD);
  await page.goto('/admin');
  await expectToast(page, 'Access Denied', 'Admin privileges required');
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toHaveCount(0);
});

test('/admin-enhanced is the same dashboard; the overview shows capacity and real counts', async ({
  page,
}) => {
  await openDashboard(page, '/admin-enhanced');
  for (const tab of [
    'Overview',
    'Events',
    'Bookings',
    'Check-in',
    'Photo Wall',
    'Users',
    'Admin Rights',
    'Notifications',
    'Analytics',
    'Venue',
    'Menu',
    'Promotions',
    'Activity',
    'Tonight',
    'Tables',
    'VIP Tables',
    'Guest Lists',
    'Releases',
  ]) {
    await expect(page.getByRole('tab', { name: tab, exact: true })).toBeVisible();
  }
  await expect(page.getByText('Admin capacity: 5,000+ users')).toBeVisible();
  const pendingEvents = await rest<unknown[]>(
    'events?is_approved=is.false&rejected_at=is.null&select=id',
  );
  await expect(page.getByTestId('count-events').locator('strong')).toHaveText(
    String(pendingEvents.length),
  );
  await page.getByRole('tab', { name: 'Notifications' }).click();
  await expect(page.getByRole('heading', { name: 'Coming Soon', level: 3 })).toBeVisible();
  await page.getByRole('tab', { name: 'Analytics' }).click();
  await expect(page.getByRole('heading', { name: 'Analytics', level: 2 })).toBeVisible();
});

test('the Activity tab lists what the admin just did, filtered by kind', async ({ page }) => {
  await openDashboard(page);
  const events = await openTab(page, 'Events');
  const title = unique('Audit Night');
  await events.getByLabel('Title').fill(title);
  await events.getByLabel('Event date').fill('2031-07-18T21:00');
  await events.getByRole('button', { name: 'Create Event' }).click();
  await expectToast(page, 'Event Created');
  const [row] = await rest<{ id: string }[]>(
    `events?title=eq.${encodeURIComponent(title)}&select=id`,
  );

  const activity = await openTab(page, 'Activity');
  await activity.getByLabel('Action').selectOption({ label: 'Events' });
  const entry = activity.getByTestId('activity-entry').filter({ hasText: row!.id });
  await expect(entry).toHaveCount(1);
  await expect(entry).toContainText('event created');
  await expect(entry).toContainText('admin@example.com');
  await entry.getByText(/fields$/).click();
  await expect(entry).toContainText(`title: (empty) → ${title}`);
  await activity.getByLabel('Action').selectOption({ label: 'Roles' });
  await expect(activity.getByTestId('activity-entry').filter({ hasText: row!.id })).toHaveCount(0);
});

test('the admin creates an event with an image and guests see it on /events', async ({ page }) => {
  await openDashboard(page);
  const events = await openTab(page, 'Events');
  const title = unique('Neon Jazz Night');
  const create = events.getByRole('button', { name: 'Create Event' });
  await expect(create).toBeDisabled();
  await events.getByLabel('Title').fill(title);
  await expect(create).toBeDisabled();
  await events.getByLabel('Description').fill('Live trio, late set, neon everywhere.');
  await events.getByLabel('Event date').fill('2031-06-20T21:30');
  await expect(create).toBeEnabled();
  await events.getByLabel('Featured image (optional)').setInputFiles({
    name: 'neon.png',
    mimeType: 'image/png',
    buffer: tinyPng,
  });
  await expect(events.getByRole('img', { name: 'Featured image preview' })).toBeVisible();
  await create.click();
  await expectToast(page, 'Event Created');
  await expect(events.getByRole('listitem', { name: title })).toContainText('Approved');

  // Stored approved, with the image in the event-images bucket, readable by anyone.
  const [row] = await rest<
    { is_approved: boolean; featured_image_url: string; event_date: string }[]
  >(
    `events?title=eq.${encodeURIComponent(title)}&select=is_approved,featured_image_url,event_date`,
  );
  expect(row?.is_approved).toBe(true);
  // The admin typed Cleveland time: 9:30 PM EDT is 01:30 UTC the next day.
  expect(Date.parse(row!.event_date)).toBe(Date.parse('2031-06-21T01:30:00Z'));
  expect(row?.featured_image_url).toContain('/storage/v1/object/public/event-images/');
  expect((await fetch(row!.featured_image_url)).status).toBe(200);

  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  const card = page.getByRole('article', { name: title });
  await expect(card).toBeVisible();
  await expect(card).toContainText('9:30 PM');
  // the card asks the storage renderer for the sizes it shows
  const stored = row!.featured_image_url.split('/storage/v1/object/public/')[1]!;
  const cover = card.locator('img');
  await expect(cover).toHaveAttribute(
    'src',
    new RegExp(`/storage/v1/render/image/public/${stored}\\?width=`),
  );
  await expect(cover).toHaveAttribute('srcset', /\b1280w\b/);
});

test('the admin approves, rejects and deletes an event', async ({ page }) => {
  const title = unique('Pending Salsa Social');
  await rest('events', {
    method: 'POST',
    body: { title, event_date: '2031-07-01T23:00:00Z', is_approved: false },
  });
  await openDashboard(page);
  const events = await openTab(page, 'Events');
  const item = events.getByRole('listitem', { name: title });
  await expect(item).toContainText('Pending');
  await item.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Event Approved');
  await expect(item).toContainText('Approved');
  await item.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, 'Event Rejected');
  await expect(item).toContainText('Rejected');
  await item.getByRole('button', { name: 'Delete' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Delete Event' }).click();
  await expectToast(page, 'Event Deleted');
  await expect(item).toHaveCount(0);
  expect(await rest<unknown[]>(`events?title=eq.${encodeURIComponent(title)}`)).toEqual([]);
});

test('approving a booking with a note e-mails the guest and shows on their profile', async ({
  page,
  browser,
}) => {
  const leo = await memberToken('leo@example.com');
  const eventTitle = unique('Rooftop Brunch');
  // the booking belongs to the event (the database fills its title and date); the mail names
  // that real event, never a title the guest typed
  const [created] = await rest<{ id: string }[]>('events', {
    method: 'POST',
    body: { title: eventTitle, event_date: '2031-05-04T16:00:00Z', is_approved: true },
  });
  await rest('event_bookings', {
    method: 'POST',
    token: leo.token,
    body: {
      user_id: leo.userId,
      name: 'Leo Park',
      email: 'leo@example.com',
      phone: '(216) 555-0199',
      event_id: created?.id,
      number_of_guests: 4,
    },
  });
  const session = await openDashboard(page);
  const bookings = await openTab(page, 'Bookings');
  const item = bookings.getByRole('listitem', { name: `Leo Park: ${eventTitle}` });
  await expect(item).toContainText('Pending');
  const note = 'Your table by the window is ready. Ask for Sam.';
  await item.getByLabel('Admin notes').fill(note);
  await item.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Booking Approved');
  await expect(item).toContainText('Approved');
  await expect(item.getByRole('button', { name: 'Approve' })).toHaveCount(0);
  // The admin closes the tab right away: the mail is the database's job now.
  await page.close();

  const [row] = await rest<
    { status: string; admin_notes: string; approved_by: string; approved_at: string | null }[]
  >(`event_bookings?event_title=eq.${encodeURIComponent(eventTitle)}&select=*`);
  expect(row).toMatchObject({
    status: 'approved',
    admin_notes: note,
    approved_by: session.user.id,
  });
  expect(row?.approved_at).toBeTruthy();

  // The guest's e-mail in the dev inbox: status, event, date and the note, after
  // the request received (newest first).
  const approvedSubject = `Your booking for ${eventTitle} is approved`;
  await expect
    .poll(async () => (await inbox('leo@example.com')).map((m) => m.subject), { timeout: 15_000 })
    .toContain(approvedSubject);
  const subjects = (await inbox('leo@example.com'))
    .map((m) => m.subject)
    .filter((subject) => subject.includes(eventTitle));
  expect(subjects).toEqual([approvedSubject, `We received your booking request for ${eventTitle}`]);
  const mail = (await inbox('leo@example.com')).find((m) => m.subject === approvedSubject)!;
  expect(mail.text).toContain('Status: Approved');
  expect(mail.text).toContain('Date: Sunday, May 4, 2031 at 12:00 PM');
  expect(mail.text).toContain(`A note from our team: ${note}`);

  // The member sees the status and the staff message on their profile.
  const context = await browser.newContext();
  const guest = await context.newPage();
  await seedBrowserSession(guest, 'leo@example.com', PASSWORD);
  await guest.goto('/profile');
  const card = guest.getByRole('listitem', { name: eventTitle });
  await expect(card).toContainText('Approved');
  await expect(card).toContainText(note);
  await context.close();
});

test('rejecting a booking e-mails the guest too', async ({ page }) => {
  const leo = await memberToken('leo@example.com');
  const eventTitle = unique('Sold Out Gala');
  const [created] = await rest<{ id: string }[]>('events', {
    method: 'POST',
    body: { title: eventTitle, event_date: '2031-06-07T23:00:00Z', is_approved: true },
  });
  await rest('event_bookings', {
    method: 'POST',
    token: leo.token,
    body: {
      user_id: leo.userId,
      name: 'Leo Park',
      email: 'leo@example.com',
      phone: '(216) 555-0199',
      event_id: created?.id,
    },
  });
  await openDashboard(page);
  const bookings = await openTab(page, 'Bookings');
  const item = bookings.getByRole('listitem', { name: `Leo Park: ${eventTitle}` });
  await item.getByRole('button', { name: 'Reject' }).click();
  await expectToast(page, 'Booking Rejected');
  await expect(item).toContainText('Rejected');
  await expect
    .poll(async () => (await inbox('leo@example.com')).map((m) => m.subject), { timeout: 15_000 })
    .toContain(`Your booking for ${eventTitle} was declined`);
});

test('the uploader sees the photo waiting; the admin sees who uploaded it, approves and features it; members and visitors see it on home', async ({
  page,
  browser,
}) => {
  const leo = await memberToken('leo@example.com');
  const caption = unique('Dance floor');
  const url = await uploadAs(
    leo.token,
    'photo-wall',
    `${leo.userId}/${Date.now()}.png`,
    tinyPng,
    'image/png',
  );
  await rest('photo_wall', {
    method: 'POST',
    token: leo.token,
    body: { user_id: leo.userId, image_url: url, caption },
  });
  const uploaderContext = await browser.newContext();
  const uploader = await uploaderContext.newPage();
  await seedBrowserSession(uploader, 'leo@example.com', PASSWORD);
  await uploader.goto('/');
  const waiting = uploader.getByRole('list', { name: 'Your photos waiting for approval' });
  await expect(
    waiting
      .getByRole('listitem')
      .filter({ has: uploader.getByRole('img', { name: `Your photo: ${caption}` }) }),
  ).toContainText('Waiting for approval');
  await uploaderContext.close();

  const session = await openDashboard(page);
  const photos = await openTab(page, 'Photo Wall');
  const tile = photos.getByRole('listitem', { name: `${caption}, pending` });
  await expect(tile).toContainText('Uploaded by Leo');
  await expect(tile).toContainText('(leo@example.com)');
  await tile.getByRole('button', { name: 'Approve' }).click();
  await expectToast(page, 'Photo Approved');
  const approved = photos.getByRole('listitem', { name: `${caption}, approved` });
  await approved.getByRole('button', { name: 'Feature' }).click();
  await expectToast(page, 'Photo Featured');
  await expect(approved).toContainText('Featured');

  const [row] = await rest<
    { is_approved: boolean; is_featured: boolean; approved_by: string; approved_at: string }[]
  >(`photo_wall?caption=eq.${encodeURIComponent(caption)}&select=*`);
  expect(row).toMatchObject({ is_approved: true, is_featured: true, approved_by: session.user.id });
  expect(row?.approved_at).toBeTruthy();

  const context = await browser.newContext();
  const member = await context.newPage();
  await seedBrowserSession(member, 'maya@example.com', PASSWORD);
  await member.goto('/');
  await expect(
    member.getByRole('list', { name: 'Latest photos' }).getByRole('img', { name: caption }),
  ).toBeVisible();
  await context.close();

  // A visitor's home shows the featured photo.
  const visitorContext = await browser.newContext();
  const visitor = await visitorContext.newPage();
  await visitor.goto('/');
  await expect(
    visitor
      .getByRole('region', { name: 'From the Photo Wall' })
      .getByRole('img', { name: caption }),
  ).toBeVisible();
  await visitorContext.close();

  // Rejecting another photo keeps it off the wall.
  const other = unique('Blurry shot');
  await rest('photo_wall', {
    method: 'POST',
    token: leo.token,
    body: { user_id: leo.userId, image_url: url, caption: other },
  });
  await page.reload();
  const again = await openTab(page, 'Photo Wall');
  await again
    .getByRole('listitem', { name: `${other}, pending` })
    .getByRole('button', { name: 'Reject' })
    .click();
  await expectToast(page, 'Photo Rejected');
  // The row is kept as rejected: the admin sees it so, and so does its uploader.
  await expect(again.getByRole('listitem', { name: `${other}, rejected` })).toContainText(
    'Rejected',
  );
  const [turnedDown] = await rest<{ is_approved: boolean; rejected_at: string | null }[]>(
    `photo_wall?caption=eq.${encodeURIComponent(other)}&select=is_approved,rejected_at`,
  );
  expect(turnedDown?.is_approved).toBe(false);
  expect(turnedDown?.rejected_at).toBeTruthy();
  const leoContext = await browser.newContext();
  const leoPage = await leoContext.newPage();
  await seedBrowserSession(leoPage, 'leo@example.com', PASSWORD);
  await leoPage.goto('/');
  await expect(
    leoPage
      .getByRole('list', { name: 'Your photos that were not approved' })
      .getByRole('listitem')
      .filter({ has: leoPage.getByRole('img', { name: `Your photo: ${other}` }) }),
  ).toContainText('Not approved');
  await leoContext.close();
});

test("the admin adds an image to an event's gallery and removes it; guests see the gallery", async ({
  page,
  browser,
}) => {
  const title = unique('Gallery Night');
  await rest('events', {
    method: 'POST',
    body: {
      title,
      description: 'A night with pictures.',
      event_date: new Date(Date.now() + 20 * 86_400_000).toISOString(),
      is_approved: true,
    },
  });
  await openDashboard(page);
  const events = await openTab(page, 'Events');
  const item = events.getByRole('listitem', { name: title });
  await item.getByText('Images (0)').click();
  const form = item.getByRole('form', { name: `Add an image to ${title}` });
  const add = form.getByRole('button', { name: 'Add image' });
  await form.getByLabel('Image file').setInputFiles({
    name: 'stage.png',
    mimeType: 'image/png',
    buffer: tinyPng,
  });
  await expect(add).toBeDisabled();
  await form
    .getByLabel('What the image shows (for screen readers)')
    .fill('The stage in blue light');
  await add.click();
  await expectToast(page, 'Image Added');
  const list = item.getByRole('list', { name: `Images of ${title}` });
  await expect(list.getByRole('img', { name: 'The stage in blue light' })).toBeVisible();
  const [row] = await rest<{ id: string; image_url: string }[]>(
    `event_images?alt_text=eq.${encodeURIComponent('The stage in blue light')}&select=id,image_url`,
  );
  expect(row?.image_url).toMatch(/\/storage\/v1\/object\/public\/event-images\//);

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  const [event] = await rest<{ id: string }[]>(
    `events?title=eq.${encodeURIComponent(title)}&select=id`,
  );
  await guest.goto(`/events?event=${event!.id}`);
  await expect(
    guest
      .getByRole('list', { name: `Images of ${title}` })
      .getByRole('img', { name: 'The stage in blue light' }),
  ).toBeVisible();
  await guestContext.close();

  await list.getByRole('button', { name: 'Remove image: The stage in blue light' }).click();
  await expectToast(page, 'Image Removed');
  await expect(list).toHaveCount(0);
  expect(await rest(`event_images?id=eq.${row!.id}&select=id`)).toEqual([]);
  const file = await fetch(row!.image_url);
  expect(file.status).toBe(404);
});

test('toggling VIP shows the member the VIP banner', async ({ page, browser }) => {
  await openDashboard(page);
  const users = await searchUsers(page, 'leo@example.com');
  const row = users.getByRole('listitem', { name: /Leo/ });
  await row.getByRole('button', { name: 'Make VIP' }).click();
  await expectToast(page, 'VIP Status Updated');
  await expect(row.getByRole('button', { name: 'Remove VIP' })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const [profile] = await rest<{ vip_status: boolean }[]>(
    'profiles?email=eq.leo@example.com&select=vip_status',
  );
  expect(profile?.vip_status).toBe(true);

  const context = await browser.newContext();
  const member = await context.newPage();
  await seedBrowserSession(member, 'leo@example.com', PASSWORD);
  await member.goto('/');
  await expect(member.getByRole('note').filter({ hasText: 'VIP Member' })).toBeVisible();
  await context.close();

  await row.getByRole('button', { name: 'Remove VIP' }).click();
  await expectToast(page, 'VIP Status Updated');
  await expect(row.getByRole('button', { name: 'Make VIP' })).toBeVisible();
});

test('grant and revoke admin; the current admin has no delete or revoke buttons for themself', async ({
  page,
}) => {
  await openDashboard(page);
  const rights = await openTab(page, 'Admin Rights');
  const self = rights.getByRole('listitem').filter({ hasText: 'admin@example.com' });
  await expect(self).toContainText('You');
  await expect(self.getByRole('button')).toHaveCount(0);

  await rights.getByLabel('Grant admin rights by e-mail').fill('maya@example.com');
  await rights.getByRole('button', { name: 'Grant Admin' }).click();
  await expectToast(page, 'Admin Rights Granted');
  const maya = rights.getByRole('listitem').filter({ hasText: 'maya@example.com' });
  await expect(maya).toBeVisible();
  expect(
    await rest<unknown[]>(
      `user_roles?role=eq.admin&user_id=eq.${(await memberToken('maya@example.com')).userId}`,
    ),
  ).toHaveLength(1);

  await rights.getByLabel('Grant admin rights by e-mail').fill('maya@example.com');
  await rights.getByRole('button', { name: 'Grant Admin' }).click();
  await expectToast(page, 'Already Admin', 'This user already has admin rights');

  await maya.getByRole('button', { name: 'Revoke Admin' }).click();
  await expectToast(page, 'Admin Rights Revoked');
  await expect(maya).toHaveCount(0);

  // Granting from the user list works too, and the admin's own row has no delete/role buttons.
  const users = await searchUsers(page, 'leo@example.com');
  const leoRow = users.getByRole('listitem', { name: /Leo/ });
  await leoRow.getByRole('button', { name: 'Make Admin' }).click();
  await expectToast(page, 'Admin Rights Granted');
  await expect(leoRow.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
  const rights2 = await openTab(page, 'Admin Rights');
  await rights2
    .getByRole('listitem')
    .filter({ hasText: 'leo@example.com' })
    .getByRole('button', { name: 'Revoke Admin' })
    .click();
  await expectToast(page, 'Admin Rights Revoked');

  const me = await searchUsers(page, 'admin@example.com');
  const myRow = me.getByRole('listitem').filter({ hasText: 'admin@example.com' });
  await expect(myRow).toContainText('You');
  await expect(myRow.getByRole('button', { name: 'Delete' })).toHaveCount(0);
  await expect(myRow.getByRole('button', { name: 'Make Admin' })).toHaveCount(0);
});

test('the admin deletes a member after confirming', async ({ page }) => {
  const email = `throwaway.${Date.now()}@example.com`;
  const userId = await createMember(email, 'Throwaway', 'Member', 'password123');
  await openDashboard(page);
  const users = await searchUsers(page, email);
  const row = users.getByRole('listitem', { name: 'Throwaway Member' });
  await row.getByRole('button', { name: 'Delete' }).click();
  const dialog = page.getByRole('dialog', { name: 'Delete this user?' });
  await expect(dialog).toContainText('This action cannot be undone.');
  await dialog.getByRole('button', { name: 'Delete User' }).click();
  await expectToast(page, 'User Deleted');
  await expect(users.getByText(`No users match "${email}".`)).toBeVisible();
  expect(await rest<unknown[]>(`profiles?user_id=eq.${userId}`)).toEqual([]);
  await expect(memberToken(email)).rejects.toThrow(/HTTP 400/);
});

test('seed test users creates confirmed members, and again is a no-op', async ({ page }) => {
  await openDashboard(page);
  await openTab(page, 'Users');
  await page.getByRole('button', { name: 'Seed Test Users' }).click();
  await expectToast(page, 'Test Users Ready');
  const users = await searchUsers(page, 'test.member');
  await expect(users.getByTestId('users-total')).toContainText('3 users');
  await page.getByRole('button', { name: 'Seed Test Users' }).click();
  await expectToast(page, 'Test Users Ready', 'The test members already exist.');
  expect((await memberToken('test.member2@example.com')).token).toBeTruthy();
});

test('on a phone the tabs are a dropdown', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await openDashboard(page);
  await expect(page.getByRole('tablist')).toBeHidden();
  await page.getByLabel('Dashboard section').selectOption({ label: 'Photo Wall' });
  await expect(page.getByRole('heading', { level: 2, name: 'Photo Wall' })).toBeVisible();
  const width = await page.evaluate(() => document.documentElement.scrollWidth);
  expect(width).toBeLessThanOrEqual(375);
});

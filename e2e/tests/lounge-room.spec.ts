import { expect, test } from '@playwright/test';
import { createMember } from '../support/guest-accounts';
import {
  ADMIN,
  createRequest,
  loungePage,
  member,
  requestRow,
  staffSetStatus,
  uniqueTag,
} from '../support/lounge-api';

// The room screen on the venue's TV: live, large, no requester names, never a declined song.
test('the room screen shows a new request within a second and drops it once declined', async ({
  browser,
}) => {
  const staff = await loungePage(browser, ADMIN, '/song-requests?screen=1');
  const room = staff.page.getByTestId('room-screen');
  await expect(room).toBeVisible();
  await expect(staff.page.locator('[data-testid="room-screen"][data-live="live"]')).toBeVisible({
    timeout: 15_000,
  });
  await expect(room.getByRole('img', { name: /QR code: .*\/song-requests$/ })).toBeVisible();

  const { email } = await createMember('room', { firstName: 'Rae', lastName: 'Room' });
  const guest = await member(email);
  const title = `Room Anthem ${uniqueTag()}`;
  const request = await createRequest(guest, title, 'The Big Screen');
  await expect(room.getByTestId('room-newest')).toContainText(title, { timeout: 1_000 });
  await expect(room).not.toContainText('Rae');

  // staff decline it from the lounge: the room never shows a declined song
  await staffSetStatus(request.id, 'declined');
  await expect(room).not.toContainText(title, { timeout: 1_000 });
  expect(await requestRow(staff.page, title).count()).toBe(0);
  await staff.context.close();
});

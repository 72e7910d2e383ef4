import { expect, test } from '@playwright/test';
import {
  ADMIN,
  clearMyVotes,
  LEO,
  MAYA,
  WITHIN_ONE_POLL,
  createRequest,
  loungePage,
  member,
  requestRow,
  uniqueTag,
  vote,
  nth,
  expectToast,
} from '../support/lounge-api';

test('visitors are sent to /auth from the lounge pages', async ({ page }) => {
  await page.goto('/song-requests');
  await expect(page).toHaveURL(/\/auth$/);
  await page.goto('/djs');
  await expect(page).toHaveURL(/\/auth$/);
});

test('the search filters by title or artist, case-insensitively', async ({ browser }) => {
  const leo = await member(LEO);
  const tag = uniqueTag();
  await createRequest(leo, `Harbor Lights ${tag}`, `Blue ${tag} Quartet`);
  await createRequest(leo, `Velvet Sky ${tag}`, 'Solo Act');

  const { page, context } = await loungePage(browser, MAYA);
  await expect(page.getByRole('heading', { name: 'How the Lounge Works' })).toBeVisible();
  const search = page.getByPlaceholder('Search songs or artists...');
  await search.fill(tag.toUpperCase());
  await expect(page.getByTestId('song-request')).toHaveCount(2);
  await search.fill(`harbor lights ${tag.toLowerCase()}`);
  await expect(page.getByTestId('song-request')).toHaveCount(1);
  await expect(page.getByTestId('song-request')).toContainText(`Harbor Lights ${tag}`);
  await search.fill(`blue ${tag.toLowerCase()}`);
  await expect(page.getByTestId('song-request')).toHaveCount(1);
  await expect(page.getByTestId('song-request')).toContainText(`Blue ${tag} Quartet`);
  await search.fill(`${tag} no such song`);
  await expect(page.getByTestId('song-request')).toHaveCount(0);
  await search.fill('');
  // The seed's requests are back (e.g. September by Earth, Wind & Fire).
  await expect(requestRow(page, 'September')).toBeVisible();
  await context.close();
});

test('Trending Now shows the top 3 with their ranks, All Requests the rest', async ({
  browser,
}) => {
  const admin = await member(ADMIN);
  // Only this test votes as the admin; hand back any votes of an earlier run tonight.
  await clearMyVotes(admin);
  const tag = uniqueTag();
  const songs = [];
  // requested by staff: a member may request 5 songs a night, staff any number
  for (const name of ['Alpha', 'Bravo', 'Charlie', 'Delta']) {
    songs.push(await createRequest(admin, `${name} ${tag}`, 'The Rankers'));
  }
  // The newest request gets a vote and jumps to the top; ties stay oldest first.
  await vote(admin, nth(songs, 3).id);

  const { page, context } = await loungePage(browser, MAYA);
  await page.getByPlaceholder('Search songs or artists...').fill(tag);
  const trending = page.getByRole('region', { name: 'Trending Now' });
  const rows = trending.getByTestId('song-request');
  await expect(rows).toHaveCount(3);
  await expect(rows.nth(0)).toContainText(`Delta ${tag}`);
  await expect(rows.nth(0).getByLabel('Rank 1')).toHaveText('#1');
  await expect(rows.nth(1)).toContainText(`Alpha ${tag}`);
  await expect(rows.nth(1).getByLabel('Rank 2')).toHaveText('#2');
  await expect(rows.nth(2)).toContainText(`Bravo ${tag}`);
  await expect(rows.nth(2).getByLabel('Rank 3')).toHaveText('#3');
  const all = page.getByRole('region', { name: 'All Requests' });
  await expect(all.getByTestId('song-request')).toHaveCount(1);
  await expect(all.getByTestId('song-request')).toContainText(`Charlie ${tag}`);
  await expect(all).toContainText('1 song');
  await context.close();
});

test('an admin marks a request Played and a member sees the badge change', async ({ browser }) => {
  const maya = await member(MAYA);
  const tag = uniqueTag();
  const song = await createRequest(maya, `Last Call ${tag}`, 'The Closers');

  const guest = await loungePage(browser, LEO);
  const row = requestRow(guest.page, song.song_title);
  await expect(row).toContainText('Pending');
  // Members get no staff controls.
  await expect(row.getByRole('button', { name: 'Played' })).toHaveCount(0);

  const staff = await loungePage(browser, ADMIN);
  const adminRow = requestRow(staff.page, song.song_title);
  await adminRow.getByRole('button', { name: 'Played' }).click();
  await expectToast(staff.page, 'Status Updated');
  await expect(adminRow).toContainText('Played');
  // a played request has no moves left, and it is listed under Played Tonight
  await expect(adminRow.getByRole('button', { name: 'Played' })).toHaveCount(0);
  await expect(
    staff.page.getByRole('region', { name: 'Played Tonight' }).getByTestId('song-request'),
  ).toContainText([song.song_title]);

  await expect(row).toContainText('Played', WITHIN_ONE_POLL);
  await expect(row).not.toContainText('Pending');
  await guest.context.close();
  await staff.context.close();
});

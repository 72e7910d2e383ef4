import { expect, test } from '@playwright/test';
import {
  ADMIN,
  LEO,
  MAYA,
  WITHIN_ONE_POLL,
  clearMyVotes,
  createRequest,
  loungePage,
  member,
  myVotes,
  requestRow,
  requestsMatching,
  uniqueTag,
  vote,
  voteButton,
  nth,
  expectToast,
} from '../support/lounge-api';

// The vote tests share Maya's and Leo's nightly vote budgets, so they live in
// this one file (Playwright runs a file's tests one after another) and each
// starts by handing the member's votes back.

test('a request from one member reaches another within a poll, and their vote reaches back', async ({
  browser,
}) => {
  const leo = await member(LEO);
  await clearMyVotes(leo);
  const tag = uniqueTag();
  const title = `Midnight Drive ${tag}`;

  const a = await loungePage(browser, MAYA);
  const b = await loungePage(browser, LEO);
  await expect(a.page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
  await expect(b.page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();

  // A drops a request (values are trimmed).
  await a.page.getByRole('button', { name: 'Drop a Request' }).click();
  const dialog = a.page.getByRole('dialog', { name: 'Drop a Request' });
  const submit = dialog.getByRole('button', { name: 'Submit Request' });
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Song Title').fill(`  ${title}  `);
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Artist').fill('   ');
  await expect(submit).toBeDisabled();
  await dialog.getByLabel('Artist').fill(' The Night Owls ');
  await submit.click();
  await expectToast(
    a.page,
    '🎵 Song Added to the Mix!',
    'Your request is now live for everyone to vote on',
  );
  await expect(dialog).toBeHidden();
  await expect(requestRow(a.page, title)).toContainText('The Night Owls');
  await expect(requestRow(a.page, title)).toContainText('requested by Maya');
  const stored = await requestsMatching(leo, tag);
  expect(stored.map((r) => [r.song_title, r.artist])).toEqual([[title, 'The Night Owls']]);

  // Re-opened, the dialog is empty again.
  await a.page.getByRole('button', { name: 'Drop a Request' }).click();
  await expect(dialog.getByLabel('Song Title')).toHaveValue('');
  await dialog.getByRole('button', { name: 'Cancel' }).click();

  // B sees it within one poll, without reloading, and votes.
  await expect(requestRow(b.page, title)).toBeVisible(WITHIN_ONE_POLL);
  await expect(requestRow(b.page, title)).toContainText('Pending');
  await voteButton(b.page, title).click();
  await expectToast(b.page, '🔥 Vote Added!', 'Pushing this track up the charts');
  await expect(voteButton(b.page, title)).toHaveAttribute('aria-pressed', 'true');
  await expect(requestRow(b.page, title).getByTestId('vote-count')).toHaveText('1');

  // A sees the count change within one poll.
  await expect(requestRow(a.page, title).getByTestId('vote-count')).toHaveText(
    '1',
    WITHIN_ONE_POLL,
  );
  await a.context.close();
  await b.context.close();
});

test('a profane request is refused and nothing is stored', async ({ browser }) => {
  const maya = await member(MAYA);
  const tag = uniqueTag();
  const { page, context } = await loungePage(browser, MAYA);
  await page.getByRole('button', { name: 'Drop a Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Drop a Request' });
  await dialog.getByLabel('Song Title').fill(`Fuck This ${tag}`);
  await dialog.getByLabel('Artist').fill('Clean Artist');
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expectToast(page, 'Keep it Clean! 🎵', "Let's keep the vibes positive tonight");
  // The dialog stays open with the text, so it can be fixed.
  await expect(dialog).toBeVisible();
  await expect(page.getByText('🎵 Song Added to the Mix!')).toHaveCount(0);
  expect(await requestsMatching(maya, tag)).toEqual([]);
  await context.close();
});

test("a member's 4th vote tonight is refused by the server, and at 3 votes the rest are disabled", async ({
  browser,
}) => {
  const leo = await member(LEO);
  await clearMyVotes(leo);
  const tag = uniqueTag();
  const songs = [];
  // requested by staff: a member may request 5 songs a night, staff any number
  const admin = await member(ADMIN);
  for (const n of ['One', 'Two', 'Three', 'Four']) {
    songs.push(await createRequest(admin, `Vote ${n} ${tag}`, `Limit Band ${tag}`));
  }
  await vote(leo, nth(songs, 0).id);
  await vote(leo, nth(songs, 1).id);

  const { page, context } = await loungePage(browser, LEO);
  await page.getByPlaceholder('Search songs or artists...').fill(tag);
  await expect(page.getByText('1 vote left')).toBeVisible();
  await expect(voteButton(page, nth(songs, 3).song_title)).toBeEnabled();

  // Leo's 3rd vote lands from another device while this page's votes refresh is
  // slow to answer: the page still offers a 4th vote, and the server refuses it.
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(
    (url) => url.pathname.endsWith('/rest/v1/song_votes'),
    async (route) => {
      if (route.request().method() === 'GET') await gate;
      await route.fallback();
    },
  );
  await vote(leo, nth(songs, 2).id);
  await voteButton(page, nth(songs, 3).song_title).click();
  await expectToast(page, 'Vote Limit Reached! 🗳️', 'You can only vote for 3 songs per night');
  release();
  await page.unroute((url) => url.pathname.endsWith('/rest/v1/song_votes'));

  // Once the votes arrive: 0 left, and only Leo's own songs can still be clicked (to un-vote).
  await expect(page.getByText('0 votes left')).toBeVisible(WITHIN_ONE_POLL);
  await expect(voteButton(page, nth(songs, 3).song_title)).toBeDisabled();
  for (const song of songs.slice(0, 3)) {
    await expect(voteButton(page, song.song_title)).toBeEnabled();
    await expect(voteButton(page, song.song_title)).toHaveAttribute('aria-pressed', 'true');
  }
  expect(nth(await requestsMatching(leo, `Four ${tag}`), 0).vote_count).toBe(0);
  expect((await myVotes(leo)).map((v) => v.song_request_id).sort()).toEqual(
    songs
      .slice(0, 3)
      .map((s) => s.id)
      .sort(),
  );
  await context.close();
});

test('clicking a voted song again removes the vote', async ({ browser }) => {
  const maya = await member(MAYA);
  await clearMyVotes(maya);
  const tag = uniqueTag();
  const song = await createRequest(maya, `Toggle Me ${tag}`, 'The Switches');

  const { page, context } = await loungePage(browser, MAYA);
  await expect(page.getByText('3 votes left')).toBeVisible();
  const button = voteButton(page, song.song_title);
  const count = requestRow(page, song.song_title).getByTestId('vote-count');
  await expect(count).toHaveText('0');

  await button.click();
  await expectToast(page, '🔥 Vote Added!');
  await expect(count).toHaveText('1');
  await expect(button).toHaveAttribute('aria-pressed', 'true');
  await expect(page.getByText('2 votes left')).toBeVisible();

  await button.click();
  await expect(count).toHaveText('0');
  await expect(button).toHaveAttribute('aria-pressed', 'false');
  await expect(page.getByText('3 votes left')).toBeVisible();
  expect(await myVotes(maya)).toEqual([]);
  expect(nth(await requestsMatching(maya, tag), 0).vote_count).toBe(0);
  await context.close();
});

import { expect, test, type Page } from '@playwright/test';
import { createMember } from '../support/guest-accounts';
import { seedBrowserSession } from '../support/session';
import {
  ADMIN,
  PASSWORD,
  createRequest,
  expectToast,
  loungePage,
  member,
  myVotes,
  requestRow,
  requestsMatching,
  staffSetStatus,
  uniqueTag,
  vote,
  voteButton,
  type Member,
} from '../support/lounge-api';

/**
 * The lounge on bad Wi-Fi (Chromium's offline mode): requests and votes made
 * offline are kept on the phone, shown as waiting, and sent when the connection
 * returns; the database stores each once (by the client id the phone made), even
 * when an answer is lost on the way and the phone sends it again; a queued action
 * the server refuses comes back with the reason.
 */

const LIVE = { timeout: 2_000 };

async function freshMember(prefix: string, firstName: string) {
  const { email } = await createMember(prefix, { firstName, lastName: 'Offline' });
  return { email, api: await member(email) };
}

async function expectLive(page: Page) {
  await expect(page.locator('[data-live="live"]')).toBeVisible({ timeout: 15_000 });
}

/** The dialog's code is fetched on first use: the member has opened it once before the Wi-Fi drops. */
async function warmDropDialog(page: Page) {
  await page.getByRole('button', { name: 'Drop a Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Drop a Request' });
  await expect(dialog.getByLabel('Song Title')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();
}

async function dropRequest(page: Page, title: string, artist: string) {
  await page.getByRole('button', { name: 'Drop a Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Drop a Request' });
  await dialog.getByLabel('Song Title').fill(title);
  await dialog.getByLabel('Artist').fill(artist);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
  await expect(dialog).toBeHidden();
}

async function votesOn(who: Member, ids: string[]) {
  return (await myVotes(who)).map((v) => v.song_request_id).filter((id) => ids.includes(id));
}

test('a request and two votes made offline wait on the phone, then are stored once each and reach another member live', async ({
  browser,
}) => {
  const a = await freshMember('offline-a', 'Ava');
  const b = await freshMember('offline-b', 'Ben');
  const admin = await member(ADMIN);
  const tag = uniqueTag();
  const first = await createRequest(admin, `Signal Lost ${tag}`, 'The Dropouts');
  const second = await createRequest(admin, `No Bars ${tag}`, 'The Dropouts');
  const offlineTitle = `Airplane Mode ${tag}`;

  const pageA = await loungePage(browser, a.email);
  const pageB = await loungePage(browser, b.email);
  await expectLive(pageA.page);
  await expectLive(pageB.page);
  await warmDropDialog(pageA.page);

  // Every answer to the phone's first request and first vote is lost on the way back
  // (the server has applied them): the phone sends them again and the database keeps one.
  const lost = { request: 0, vote: 0 };
  await pageA.context.route('**/rest/v1/rpc/lounge_request_song', async (route) => {
    if (lost.request++ > 0) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });
  await pageA.context.route('**/rest/v1/rpc/lounge_vote', async (route) => {
    if (lost.vote++ > 0) return route.continue();
    await route.fetch();
    await route.abort('connectionreset');
  });

  await pageA.context.setOffline(true);
  await expect(pageA.page.getByText('Live updates paused')).toBeVisible();

  await dropRequest(pageA.page, offlineTitle, 'The Night Owls');
  await expectToast(
    pageA.page,
    'Saved on Your Phone 📶',
    "No connection right now - your request is waiting to send and goes out when you're back online",
  );
  const waiting = pageA.page.getByRole('region', { name: 'Waiting to Send' });
  await expect(waiting.getByTestId('waiting-request')).toHaveText([
    `${offlineTitle}The Night Owls · waiting to send`,
  ]);

  await voteButton(pageA.page, first.song_title).click();
  await voteButton(pageA.page, second.song_title).click();
  for (const title of [first.song_title, second.song_title]) {
    await expect(voteButton(pageA.page, title)).toHaveAttribute('aria-pressed', 'true');
    await expect(requestRow(pageA.page, title).getByTestId('vote-waiting')).toHaveText(
      'Your vote is waiting to send',
    );
  }
  // nothing reached the server yet
  expect(await requestsMatching(a.api, offlineTitle)).toEqual([]);
  expect(await votesOn(a.api, [first.id, second.id])).toEqual([]);

  // Still waiting after a reload offline? The phone keeps them (IndexedDB); the page itself
  // needs the network without the service worker, so the reload happens once back online.
  await pageA.context.setOffline(false);

  await expect(waiting).toBeHidden({ timeout: 15_000 });
  await expect(requestRow(pageA.page, first.song_title).getByTestId('vote-waiting')).toHaveCount(
    0,
    { timeout: 15_000 },
  );
  await expect(requestRow(pageA.page, second.song_title).getByTestId('vote-waiting')).toHaveCount(
    0,
  );
  await expect(requestRow(pageA.page, offlineTitle)).toBeVisible();
  expect(lost.request).toBeGreaterThanOrEqual(2);
  expect(lost.vote).toBeGreaterThanOrEqual(2);

  // stored once each
  const stored = await requestsMatching(a.api, offlineTitle);
  expect(stored.map((r) => [r.song_title, r.artist])).toEqual([[offlineTitle, 'The Night Owls']]);
  expect((await votesOn(a.api, [first.id, second.id])).sort()).toEqual(
    [first.id, second.id].sort(),
  );
  const counts = await requestsMatching(admin, tag);
  expect(Object.fromEntries(counts.map((r) => [r.song_title, r.vote_count]))).toMatchObject({
    [first.song_title]: 1,
    [second.song_title]: 1,
  });

  // the other member sees them without a reload
  await expect(requestRow(pageB.page, offlineTitle)).toBeVisible(LIVE);
  await expect(requestRow(pageB.page, first.song_title).getByTestId('vote-count')).toHaveText(
    '1',
    LIVE,
  );
  await expect(requestRow(pageB.page, second.song_title).getByTestId('vote-count')).toHaveText(
    '1',
    LIVE,
  );

  // a reload shows the same: one request, two votes
  await pageA.page.reload();
  await expect(requestRow(pageA.page, offlineTitle)).toHaveCount(1);
  await expect(voteButton(pageA.page, first.song_title)).toHaveAttribute('aria-pressed', 'true');
  await expect(voteButton(pageA.page, second.song_title)).toHaveAttribute('aria-pressed', 'true');
  await pageA.context.close();
  await pageB.context.close();
});

test('a vote queued offline past the nightly limit comes back refused with the reason', async ({
  browser,
}) => {
  const c = await freshMember('offline-c', 'Cleo');
  const admin = await member(ADMIN);
  const tag = uniqueTag();
  const songs = [];
  for (const n of ['One', 'Two', 'Three', 'Four']) {
    songs.push(await createRequest(admin, `Limit ${n} ${tag}`, 'The Counters'));
  }
  const [one, two, three, four] = songs as [(typeof songs)[0], ...typeof songs];
  if (!two || !three || !four) throw new Error('four requests');

  const { page, context } = await loungePage(browser, c.email);
  await expectLive(page);
  await context.setOffline(true);
  await expect(page.getByText('Live updates paused')).toBeVisible();

  // Meanwhile the member's three votes tonight are cast from another device.
  for (const song of [one, two, three]) await vote(c.api, song.id);

  // This phone does not know: it keeps a 4th vote, waiting.
  await voteButton(page, four.song_title).click();
  await expect(requestRow(page, four.song_title).getByTestId('vote-waiting')).toHaveText(
    'Your vote is waiting to send',
  );

  await context.setOffline(false);
  await expectToast(page, 'Vote Limit Reached! 🗳️', 'You can only vote for 3 songs per night');
  await expect(requestRow(page, four.song_title).getByTestId('vote-waiting')).toHaveCount(0);
  await expect(voteButton(page, four.song_title)).toHaveAttribute('aria-pressed', 'false');
  expect(
    (
      await votesOn(
        c.api,
        songs.map((s) => s.id),
      )
    ).sort(),
  ).toEqual([one.id, two.id, three.id].sort());
  await context.close();
});

test('a vote queued offline for a song the staff then declined comes back refused', async ({
  browser,
}) => {
  const d = await freshMember('offline-d', 'Dee');
  const admin = await member(ADMIN);
  const tag = uniqueTag();
  const song = await createRequest(admin, `Declined Later ${tag}`, 'The Maybes');

  const { page, context } = await loungePage(browser, d.email);
  await expectLive(page);
  await context.setOffline(true);
  await voteButton(page, song.song_title).click();
  await expect(requestRow(page, song.song_title).getByTestId('vote-waiting')).toBeVisible();
  await staffSetStatus(song.id, 'declined');

  await context.setOffline(false);
  await expectToast(
    page,
    'Voting Closed',
    'This song is no longer taking votes: the DJ has queued, played or declined it',
  );
  // declined requests are not shown to members
  await expect(requestRow(page, song.song_title)).toHaveCount(0);
  expect(await votesOn(d.api, [song.id])).toEqual([]);
  await context.close();
});

test('installable, and the app shell and the lounge open offline after one visit', async ({
  browser,
}) => {
  const e = await freshMember('offline-e', 'Eve');
  const context = await browser.newContext({ serviceWorkers: 'allow' });
  const page = await context.newPage();
  await seedBrowserSession(page, e.email, PASSWORD);
  await page.goto('/song-requests');
  await expect(page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();

  // registered once the page is interactive; it keeps a snapshot of the shell and the areas
  await expect
    .poll(
      () =>
        page.evaluate(
          async () => !!(await (await caches.open('bistro-meta-v1')).match('/__snapshot')),
        ),
      { timeout: 30_000 },
    )
    .toBe(true);
  const cdp = await context.newCDPSession(page);
  const { installabilityErrors } = (await cdp.send('Page.getInstallabilityErrors')) as {
    installabilityErrors: { errorId: string }[];
  };
  // Chromium's installability check, as Lighthouse runs it; a test's context is a private
  // window, where nothing installs, and says so
  expect(installabilityErrors.map((e) => e.errorId).filter((id) => id !== 'in-incognito')).toEqual(
    [],
  );
  const manifest = await page.evaluate(async () => {
    const link = document.querySelector<HTMLLinkElement>('link[rel="manifest"]');
    return link ? ((await (await fetch(link.href)).json()) as { start_url: string }) : null;
  });
  expect(manifest?.start_url).toBe('/song-requests');

  // Online, the next load asks the network for what names the code (an area deployed on its
  // own is picked up as without the worker) and takes the hashed code from the phone.
  const askedByWorker: string[] = [];
  const servedByWorker: string[] = [];
  context.on('request', (r) => {
    if (r.serviceWorker()) askedByWorker.push(r.url());
  });
  page.on('response', (r) => {
    if (r.fromServiceWorker()) servedByWorker.push(r.url());
  });
  await page.reload();
  await expect(page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
  const shellOrigin = new URL(page.url()).origin;
  // the page's own requests come before the snapshot the worker takes after the load
  const snapshotStart = askedByWorker.findIndex((u) => u.endsWith('/offline-assets.json'));
  const pageLoad = snapshotStart === -1 ? askedByWorker : askedByWorker.slice(0, snapshotStart);
  expect(
    pageLoad.filter(
      (u) => !u.startsWith(shellOrigin) && /\/(remoteEntry\.js|mf-manifest\.json)$/.test(u),
    ).length,
  ).toBeGreaterThan(0);
  const exposed = /\/__federation_expose_App\.[0-9a-f]{8}\.js$/;
  expect(servedByWorker.filter((u) => exposed.test(u)).length).toBeGreaterThan(0);
  expect(askedByWorker.filter((u) => exposed.test(u))).toEqual([]);

  await context.setOffline(true);
  // a page of the lounge never opened before, and the one opened: both from the phone
  await page.goto('/djs');
  await expect(page.getByRole('link', { name: 'Song Requests' }).first()).toBeVisible();
  await expect(page.locator('[data-area="lounge"]').first()).toBeAttached();
  await page.goto('/song-requests');
  await expect(page.getByRole('link', { name: 'Song Requests' }).first()).toBeVisible();
  // the lounge's own code runs (its data waits for the connection)
  await expect(page.getByText('Loading the Vibe...')).toBeVisible();

  await context.setOffline(false);
  await expect(page.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible({
    timeout: 15_000,
  });
  await context.close();
});

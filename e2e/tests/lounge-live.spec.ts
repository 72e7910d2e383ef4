import { expect, test, type Locator, type Page, type WebSocketRoute } from '@playwright/test';
import { createMember } from '../support/guest-accounts';
import {
  ADMIN,
  WITHIN_ONE_POLL,
  createRequest,
  expectToast,
  loungePage,
  member,
  requestRow,
  uniqueTag,
  voteButton,
  type Member,
} from '../support/lounge-api';
import { seedBrowserSession, suiteConfig } from '../support/session';

/**
 * The live lounge, with two (or three) browsers: changes reach the other
 * members through the Realtime socket in under a second, without a reload
 * (while the socket is up the lounge polls only every 30 s, so nothing else
 * could bring them that fast).
 */

const LIVE = { timeout: 1_000 };

/** A fresh member (so the nightly request limit of the shared accounts is not used up). */
async function freshMember(prefix: string, firstName: string) {
  const { email } = await createMember(prefix, { firstName, lastName: 'Live' });
  return { email, api: await member(email) };
}

async function rpc<T>(who: Member, fn: string, args: Record<string, unknown>): Promise<T> {
  const config = await suiteConfig();
  if (!config.supabase) throw new Error('The e2e suite runs without a backend');
  const res = await fetch(`${config.supabase.url}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    headers: {
      apikey: config.supabase.anonKey,
      Authorization: `Bearer ${who.token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify(args),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`rpc ${fn}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

/** A request's row inside one section of the page. */
const rowIn = (section: Locator, title: string) =>
  section.getByTestId('song-request').filter({ hasText: title });

async function expectLive(page: Page) {
  await expect(page.locator('[data-live="live"]')).toBeVisible({ timeout: 15_000 });
}

/**
 * Clicks a staff button and waits until the server has answered its call: from
 * then on the change is committed, and the members' pages have a second to show it.
 */
async function staffDoes(button: Locator, fn: string) {
  const answered = button
    .page()
    .waitForResponse(
      (r) => r.url().includes(`/rest/v1/rpc/${fn}`) && r.request().method() === 'POST',
    );
  await button.click();
  expect((await answered).ok()).toBe(true);
}

async function dropRequest(page: Page, title: string, artist: string) {
  await page.getByRole('button', { name: 'Drop a Request' }).click();
  const dialog = page.getByRole('dialog', { name: 'Drop a Request' });
  await dialog.getByLabel('Song Title').fill(title);
  await dialog.getByLabel('Artist').fill(artist);
  await dialog.getByRole('button', { name: 'Submit Request' }).click();
}

test('a request and a vote reach the other member in under a second, without a reload', async ({
  browser,
}) => {
  const a = await freshMember('live-a', 'Ava');
  const b = await freshMember('live-b', 'Ben');
  const pageA = await loungePage(browser, a.email);
  const pageB = await loungePage(browser, b.email);
  await expectLive(pageA.page);
  await expectLive(pageB.page);
  const tag = uniqueTag();

  await dropRequest(pageA.page, `Neon Skyline ${tag}`, 'The Night Drive');
  await expectToast(pageA.page, '🎵 Song Added to the Mix!');
  await expect(requestRow(pageB.page, `Neon Skyline ${tag}`)).toBeVisible(LIVE);

  const before = Date.now();
  await voteButton(pageB.page, `Neon Skyline ${tag}`).click();
  const clicked = Date.now();
  await expect(requestRow(pageA.page, `Neon Skyline ${tag}`).getByTestId('vote-count')).toHaveText(
    '1',
    LIVE,
  );
  // vote sent -> committed -> broadcast -> shown on the other page
  console.log(
    `lounge-live: the vote showed on the other page ${Date.now() - clicked} ms after the click ` +
      `(the click itself took ${clicked - before} ms)`,
  );
  await pageA.context.close();
  await pageB.context.close();
});

test('a request for a song already on the list becomes a vote', async ({ browser }) => {
  const a = await freshMember('dup-a', 'Ava');
  const b = await freshMember('dup-b', 'Ben');
  const tag = uniqueTag();
  await rpc(a.api, 'request_song', {
    _song_title: `Mr. ${tag}side`,
    _artist: `The ${tag} Killers`,
  });
  const pageA = await loungePage(browser, a.email);
  const pageB = await loungePage(browser, b.email);
  await expectLive(pageA.page);

  await dropRequest(pageB.page, `mr ${tag.toLowerCase()}side!`, `${tag.toUpperCase()} killers`);
  await expectToast(
    pageB.page,
    '🔥 Already Requested',
    'This song is already on the list - your vote was added',
  );
  await expect(requestRow(pageB.page, `Mr. ${tag}side`)).toHaveCount(1);
  await expect(voteButton(pageB.page, `Mr. ${tag}side`)).toHaveAttribute('aria-pressed', 'true');
  await expect(requestRow(pageA.page, `Mr. ${tag}side`).getByTestId('vote-count')).toHaveText(
    '1',
    LIVE,
  );
  // asking again only says so
  await dropRequest(pageB.page, `Mr. ${tag}side`, `the ${tag} killers`);
  await expectToast(
    pageB.page,
    'Already Requested',
    'This song is already on the list, and you already voted for it',
  );
  await expect(requestRow(pageA.page, `Mr. ${tag}side`)).toHaveCount(1);
  await pageA.context.close();
  await pageB.context.close();
});

test('staff set up next, now playing and played, and members see it live', async ({ browser }) => {
  const guest = await freshMember('queue', 'Quinn');
  const admin = await member(ADMIN);
  const tag = uniqueTag();
  const first = await rpc<{ request: { song_title: string } }>(guest.api, 'request_song', {
    _song_title: `First Light ${tag}`,
    _artist: 'Morning Band',
  });
  const second = await createRequest(admin, `Second Wind ${tag}`, 'Evening Band');
  const mine = first.request.song_title;

  const room = await loungePage(browser, guest.email);
  const staff = await loungePage(browser, ADMIN);
  await expectLive(room.page);
  await expectLive(staff.page);
  const upNext = room.page.getByRole('region', { name: 'Up Next' });
  const nowPlaying = room.page.getByRole('region', { name: 'Now Playing' });
  const played = room.page.getByRole('region', { name: 'Played Tonight' });
  // members get no staff controls
  await expect(
    requestRow(room.page, mine).getByRole('button', { name: 'Approve', exact: true }),
  ).toHaveCount(0);

  await staffDoes(
    requestRow(staff.page, mine).getByRole('button', { name: 'Approve', exact: true }),
    'lounge_set_status',
  );
  await expect(rowIn(upNext, mine)).toBeVisible(LIVE);
  await staffDoes(
    requestRow(staff.page, second.song_title).getByRole('button', { name: 'Approve', exact: true }),
    'lounge_set_status',
  );
  await expect(rowIn(upNext, second.song_title)).toBeVisible(LIVE);
  const order = upNext.getByTestId('song-request').filter({ hasText: tag });
  await expect(order).toHaveText([new RegExp(mine), new RegExp(second.song_title)]);

  await staffDoes(
    staff.page.getByRole('button', { name: `Move ${second.song_title} up` }),
    'lounge_move_up_next',
  );
  await expect(order).toHaveText([new RegExp(second.song_title), new RegExp(mine)], LIVE);

  await staffDoes(
    requestRow(staff.page, mine).getByRole('button', { name: 'Play Now', exact: true }),
    'lounge_set_status',
  );
  await expect(rowIn(nowPlaying, mine)).toBeVisible(LIVE);
  // the member whose request plays is told so
  await expectToast(room.page, '🎶 Your Request Is Playing Now!');

  await staffDoes(
    requestRow(staff.page, mine).getByRole('button', { name: 'Played', exact: true }),
    'lounge_set_status',
  );
  await expect(rowIn(played, mine)).toBeVisible(LIVE);
  await expect(rowIn(nowPlaying, mine)).toHaveCount(0);
  await room.context.close();
  await staff.context.close();
});

test('the 6th request of a night is refused with a clear message', async ({ browser }) => {
  const m = await freshMember('limit', 'Lena');
  const tag = uniqueTag();
  for (let i = 1; i <= 5; i++) {
    await rpc(m.api, 'request_song', { _song_title: `Limit ${i} ${tag}`, _artist: 'Band' });
  }
  const { page, context } = await loungePage(browser, m.email);
  await dropRequest(page, `Limit 6 ${tag}`, 'Band');
  await expectToast(page, 'Request Limit Reached 🎧', 'You can request 5 songs per night');
  await expect(requestRow(page, `Limit 6 ${tag}`)).toHaveCount(0);
  await context.close();
});

test('when the socket dies the page polls every 5 s and says so, and it recovers', async ({
  browser,
}) => {
  const watcher = await freshMember('watch', 'Wes');
  const poster = await freshMember('post', 'Pia');
  const context = await browser.newContext();
  const page = await context.newPage();
  let allow = true;
  const sockets: WebSocketRoute[] = [];
  await page.routeWebSocket(/\/realtime\/v1\/websocket/, (ws) => {
    if (!allow) {
      void ws.close();
      return;
    }
    ws.connectToServer();
    sockets.push(ws);
  });
  await seedBrowserSession(page, watcher.email, 'password123');
  await page.goto('/song-requests');
  await expectLive(page);
  const paused = page.getByText('Live updates paused - refreshing every 5 seconds');
  await expect(paused).toHaveCount(0);

  allow = false;
  for (const ws of sockets.splice(0)) await ws.close();
  await expect(paused).toBeVisible({ timeout: 5_000 });

  const tag = uniqueTag();
  await rpc(poster.api, 'request_song', { _song_title: `Polled ${tag}`, _artist: 'Band' });
  await expect(requestRow(page, `Polled ${tag}`)).toBeVisible(WITHIN_ONE_POLL);

  allow = true;
  await expect(paused).toHaveCount(0, { timeout: 30_000 });
  await expectLive(page);
  await rpc(poster.api, 'request_song', { _song_title: `Live Again ${tag}`, _artist: 'Band' });
  await expect(requestRow(page, `Live Again ${tag}`)).toBeVisible(LIVE);
  await context.close();
});

test('a member never receives a declined request or another member’s private rows', async ({
  browser,
}) => {
  const watcher = await freshMember('private', 'Pat');
  const other = await freshMember('other', 'Oli');
  const admin = await member(ADMIN);
  const { page, context } = await loungePage(browser, watcher.email);
  const frames: string[] = [];
  page.on('websocket', (ws) => {
    ws.on('framereceived', (frame) => {
      frames.push(typeof frame.payload === 'string' ? frame.payload : frame.payload.toString());
    });
  });
  await page.reload();
  await expectLive(page);

  const tag = uniqueTag();
  const declined = await createRequest(admin, `Declined ${tag}`, `Secret ${tag}`);
  await expect(requestRow(page, declined.song_title)).toBeVisible(LIVE);
  const kept = await rpc<{ request: { id: string; song_title: string } }>(
    other.api,
    'request_song',
    { _song_title: `Kept ${tag}`, _artist: 'Band' },
  );
  // the other member votes for their own request: their vote is private
  await rpc(other.api, 'request_song', { _song_title: `Kept ${tag}`, _artist: 'band' });
  await expect(requestRow(page, `Kept ${tag}`).getByTestId('vote-count')).toHaveText('1', LIVE);

  const staff = await loungePage(browser, ADMIN);
  await requestRow(staff.page, declined.song_title)
    .getByRole('button', { name: 'Decline', exact: true })
    .click();
  await expect(requestRow(page, declined.song_title)).toHaveCount(0, LIVE);

  // what came over the socket: the removal carries the id only
  const received = frames.join('\n');
  expect(received).toContain(declined.id);
  const removal = frames.find((f) => f.includes('request_removed') && f.includes(declined.id));
  expect(removal).toBeDefined();
  expect(removal).not.toContain(`Secret ${tag}`);
  // no e-mail addresses, no other member's votes or topic
  expect(received).not.toContain('@example.com');
  expect(received).not.toContain(`user:${other.api.userId}`);
  expect(received).not.toContain('song_votes');
  expect(kept.request.id).toBeTruthy();
  // and the declined request is not readable either
  const config = await suiteConfig();
  const res = await fetch(
    `${config.supabase?.url}/rest/v1/song_requests?select=id&id=eq.${declined.id}`,
    {
      headers: {
        apikey: config.supabase?.anonKey ?? '',
        Authorization: `Bearer ${watcher.api.token}`,
      },
    },
  );
  expect(await res.json()).toEqual([]);
  await context.close();
  await staff.context.close();
});

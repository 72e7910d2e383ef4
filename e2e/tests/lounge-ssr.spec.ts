import { expect, test, type BrowserContext } from '@playwright/test';
import { seedBrowserSession, signInThroughApi } from '../support/session';
import { createMember } from '../support/guest-accounts';
import { MAYA, PASSWORD, createRequest, member, uniqueTag } from '../support/lounge-api';
import { hydrated, pageProblems, removedServerNodes, watchRemovals } from '../support/hydration';
import { shellUrl } from '../support/suite';

// A member's pages come from the server rendered with their data, from the
// session cookie the web server sets once the page's auth client has a session
// (HttpOnly: page code never reads it), and the browser hydrates them.

const cookieName = 'bistro-session';

/** The session cookie of the context, once the page has handed its session to the server. */
async function sessionCookie(context: BrowserContext) {
  let found: Awaited<ReturnType<BrowserContext['cookies']>>[number] | undefined;
  await expect
    .poll(async () => {
      found = (await context.cookies(shellUrl)).find((c) => c.name === cookieName);
      return found?.value ?? '';
    })
    .not.toBe('');
  if (!found) throw new Error('no session cookie');
  return found;
}

test('a signed-in member gets /song-requests with their data from the server, JavaScript off', async ({
  browser,
  page,
  context,
}) => {
  // a member of its own (the other lounge tests share Maya's nightly budgets), with a request
  const fresh = await createMember('lounge-ssr', { firstName: 'Sasha' });
  const title = `Server ${uniqueTag()}`;
  await createRequest(await member(fresh.email), title, 'The Renderers');
  await seedBrowserSession(page, fresh.email, PASSWORD);
  await page.goto('/');
  const cookie = await sessionCookie(context);
  // only the server reads it, and it is never sent from another site's page
  expect(cookie.httpOnly).toBe(true);
  expect(cookie.sameSite).toBe('Lax');
  expect(cookie.path).toBe('/');
  expect(await page.evaluate(() => document.cookie)).not.toContain(cookieName);

  const noScript = await browser.newContext({ javaScriptEnabled: false });
  try {
    await noScript.addCookies([cookie]);
    const plain = await noScript.newPage();
    const response = await plain.goto(`${shellUrl}/song-requests`);
    expect(response?.headers()['cache-control']).toBe('private, no-store');
    expect(response?.headers()['vary']).toMatch(/\bCookie\b/);
    await expect(plain.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
    await expect(plain.getByTestId('song-request').filter({ hasText: title })).toContainText(
      'requested by Sasha',
    );
    await expect(plain.getByText('Your Vote Power')).toBeVisible();
    await expect(plain.getByText('3 votes left')).toBeVisible();
    await expect(
      plain.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Profile' }),
    ).toBeVisible();
    // the page carries no token: the browser's auth client has its own session
    const html = (await response?.text()) ?? '';
    expect(html).not.toContain(cookie.value);
    expect(html).not.toContain(cookie.value.split('.')[2] ?? 'no signature');
    // the DJs too, rated as the member sees them
    const djs = await plain.goto(`${shellUrl}/djs`);
    expect(djs?.headers()['cache-control']).toBe('private, no-store');
    await expect(plain.getByRole('heading', { name: 'Our DJs' })).toBeVisible();
    await expect(plain.locator('[elementtiming="djs-list"]')).toBeVisible();
    await expect(plain.getByRole('button', { name: /^Rate DJ: / }).first()).toBeVisible();
  } finally {
    await noScript.close();
  }
});

test("a member's server-rendered page is hydrated as theirs, without a mismatch or a second render", async ({
  page,
  context,
}) => {
  const messages = pageProblems(page);
  await seedBrowserSession(page, MAYA, PASSWORD);
  await page.goto('/events');
  await sessionCookie(context);
  await watchRemovals(page);
  for (const path of ['/song-requests', '/djs', '/profile', '/']) {
    const response = await page.goto(path);
    expect(await response?.text(), `${path} was not rendered for the member`).toContain(
      '"viewer":{"id"',
    );
    await hydrated(page, 'main [data-area]');
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('button', { name: 'Sign Out' }),
    ).toBeVisible();
    expect(await removedServerNodes(page), `${path}: the server's markup was replaced`).toBe(0);
  }
  expect(messages).toEqual([]);
});

test('after sign-out the cookie is gone and the pages are a visitor’s', async ({
  page,
  context,
}) => {
  // a member of its own: signing out ends every session of the account
  const fresh = await createMember('lounge-ssr-out');
  await seedBrowserSession(page, fresh.email, PASSWORD);
  await page.goto('/song-requests');
  await sessionCookie(context);
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('button', { name: 'Sign Out' })
    .click();
  await expect
    .poll(async () => (await context.cookies(shellUrl)).some((c) => c.name === cookieName))
    .toBe(false);
  const home = await page.request.get(`${shellUrl}/`);
  const html = await home.text();
  expect(html).toContain('"viewer":null');
  expect(html).not.toContain('Welcome back');
  // a member's page is not rendered for a visitor (the browser sends them to sign in)
  const lounge = await (await page.request.get(`${shellUrl}/song-requests`)).text();
  expect(lounge).not.toContain('id="query-state"');
});

test('a forged session cookie renders the pages as a visitor sees them, and is dropped', async ({
  request,
}) => {
  const { session } = await signInThroughApi(MAYA, PASSWORD);
  const [header = '', payload = '', signature = ''] = session.access_token.split('.');
  const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<
    string,
    unknown
  >;
  const forgedPayload = Buffer.from(
    JSON.stringify({ ...claims, exp: Math.floor(Date.now() / 1000) + 86_400 }),
  ).toString('base64url');
  for (const token of [`${header}.${forgedPayload}.${signature}`, `${header}.${payload}.`]) {
    const home = await request.get(`${shellUrl}/`, {
      headers: { Cookie: `${cookieName}=${token}` },
    });
    const html = await home.text();
    expect(html).toContain('"viewer":null');
    expect(html).not.toContain('Welcome back');
    expect(home.headers()['set-cookie']).toMatch(new RegExp(`^${cookieName}=;.*Max-Age=0`, 'i'));
    const lounge = await request.get(`${shellUrl}/song-requests`, {
      headers: { Cookie: `${cookieName}=${token}` },
    });
    expect(await lounge.text()).not.toContain('id="query-state"');
  }
});

test('the session endpoint refuses a cross-site request', async ({ request }) => {
  const { session } = await signInThroughApi(MAYA, PASSWORD);
  const crossSite = await request.post(`${shellUrl}/auth/session`, {
    headers: {
      Origin: 'https://elsewhere.example',
      'Sec-Fetch-Site': 'cross-site',
      'Content-Type': 'application/json',
    },
    data: JSON.stringify({ access_token: session.access_token }),
  });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()['set-cookie']).toBeUndefined();
  // what a form on another site can send: no JSON, no same-origin Origin
  const form = await request.post(`${shellUrl}/auth/session`, {
    headers: { Origin: 'https://elsewhere.example' },
    form: { access_token: session.access_token },
  });
  expect(form.status()).toBe(403);
  expect(form.headers()['set-cookie']).toBeUndefined();
});

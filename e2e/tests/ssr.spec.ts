import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  allowedStyleAttributes,
  distOf,
  serveDist,
  type RunningServer,
} from '../../apps/web-server/src/index.mjs';
import { hydrated, pageProblems, removedServerNodes, watchRemovals } from '../support/hydration';
import { DATA_DIR, SPARE_PORTS, shellUrl } from '../support/suite';

// The public pages come from the server with their content, data and styles,
// and the browser hydrates them: the markup stays, nothing is rendered twice.

const root = join(import.meta.dirname, '..', '..');
// The suite under test serves a snapshot of the built apps (tools/start.mjs --snapshot).
const snapshot = join(root, DATA_DIR, 'dist');

/** Each public page and what only its server-rendered content shows. */
const pages: { path: string; content: (page: Page) => ReturnType<Page['locator']> }[] = [
  {
    path: '/',
    content: (page) =>
      page.getByRole('heading', { level: 1, name: /The Lakeshore Bistro & Ultra Lounge/ }),
  },
  {
    path: '/events',
    content: (page) => page.locator('[elementtiming="events-list"]').first(),
  },
  { path: '/order', content: (page) => page.getByRole('heading', { name: 'Small Plates' }) },
  { path: '/contact', content: (page) => page.getByRole('heading', { name: 'Contact Us' }) },
  { path: '/privacy', content: (page) => page.getByRole('heading', { name: 'Privacy Policy' }) },
  { path: '/reserve', content: (page) => page.getByRole('heading', { name: /^Times on / }) },
  { path: '/auth', content: (page) => page.locator('[elementtiming="auth-card"]') },
  // an event's own page (the seed's Friday Night Neon)
  {
    path: '/events?event=e0000000-0000-4000-8000-000000000001',
    content: (page) => page.locator('[elementtiming="event-detail"]'),
  },
  { path: '/tables', content: (page) => page.locator('[elementtiming="tables-nights"]') },
  { path: '/scanner', content: (page) => page.getByRole('heading', { name: 'Small Plates' }) },
  { path: '/chat', content: (page) => page.locator('[elementtiming="chat-welcome"]') },
  {
    path: '/privacy-policy',
    content: (page) => page.getByRole('heading', { name: 'Privacy Policy (Summary)' }),
  },
  // a cancel link without its token (a real one: bookings-guest.spec.ts)
  { path: '/bookings/cancel', content: (page) => page.getByText('This cancel link is incomplete') },
];

test.describe('with JavaScript off', () => {
  test.use({ javaScriptEnabled: false });

  for (const { path, content } of pages) {
    test(`${path} arrives with its content`, async ({ page }) => {
      const response = await page.goto(`${shellUrl}${path}`);
      await expect(content(page)).toBeVisible();
      // styled by class: a style attribute only with what the CSP allows by hash
      const html = (await response?.text()) ?? '';
      const styleAttributes = [...html.matchAll(/<[a-z][^>]*\sstyle="([^"]*)"/gi)].map((m) => m[1]);
      expect(styleAttributes.filter((s) => !allowedStyleAttributes.includes(s ?? ''))).toEqual([]);
      // the nav is the app's, not the static first screen's
      await expect(
        page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Events' }),
      ).toBeVisible();
      // styles inline, each with this response's nonce
      const styles = page.locator('style[data-styled]');
      expect(await styles.count()).toBeGreaterThan(0);
      // a nonce is hidden from attributes once the CSP applies: read the property
      const meta = await page
        .locator('meta[property="csp-nonce"]')
        .evaluate((m) => (m as HTMLElement).nonce);
      expect(meta).not.toBe('');
      for (const nonce of await styles.evaluateAll((tags) => tags.map((t) => t.nonce))) {
        expect(nonce).toBe(meta);
      }
    });
  }
});

test('the browser hydrates each page without a mismatch or a second render', async ({ page }) => {
  const messages = pageProblems(page);
  await watchRemovals(page);
  for (const { path, content } of pages) {
    await page.goto(`${shellUrl}${path}`);
    await expect(content(page)).toBeVisible();
    await hydrated(page, 'main [data-area], main h1');
    expect(await removedServerNodes(page), `${path}: the server's markup was replaced`).toBe(0);
  }
  // A hydrated page navigates in place.
  await page.goto(`${shellUrl}/`);
  await hydrated(page, 'main [data-area]');
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Events' })
    .click();
  await expect(page.locator('[elementtiming="events-list"]').first()).toBeVisible();
  expect(messages).toEqual([]);
});

/**
 * Holds the shell's code back (the page stays the server's markup, not hydrated) until the
 * returned function is called.
 */
async function holdShellCode(page: Page): Promise<() => void> {
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/main\.[0-9a-f]+\.js$/, async (route) => {
    await released;
    await route.continue();
  });
  return release;
}

/** Whether React owns `element` yet (hydration marks each element it takes over). */
const ownedByReact = (element: Element) =>
  Object.keys(element).some((key) => key.startsWith('__reactFiber'));

test('a tap that lands before the page is hydrated is done once it is', async ({ page }) => {
  // The shell's code is held back until the visitor has tapped the server-rendered link.
  const tapped = await holdShellCode(page);
  await page.goto(`${shellUrl}/auth`, { waitUntil: 'commit' });
  const forgot = page.getByRole('button', { name: 'Forgot password?' });
  await forgot.click();
  expect(await forgot.evaluate(ownedByReact), 'React owned the link when it was tapped').toBe(
    false,
  );
  tapped();
  await expect(page.getByRole('dialog', { name: 'Reset your password' })).toBeVisible();
  // the page is the server's, hydrated: the form did not leave for the URL
  await expect(page).toHaveURL(`${shellUrl}/auth`);
});

test('what is typed before the page is hydrated is still there once it is', async ({ page }) => {
  // The shell's code is held back until the visitor has typed into the server-rendered field.
  const typed = await holdShellCode(page);
  await page.goto(`${shellUrl}/chat`, { waitUntil: 'commit' });
  const field = page.getByLabel('Your message');
  await field.fill('Where do I park?');
  expect(await field.evaluate(ownedByReact), 'React owned the field when it was typed into').toBe(
    false,
  );
  typed();
  await hydrated(page, 'main [data-area]');
  // hydration sets the field back to its rendered value: the typed one is put back, and the
  // page knows it (Send is enabled by what was typed)
  await expect(field).toHaveValue('Where do I park?');
  await page.getByRole('button', { name: 'Send' }).click();
  await expect(page.locator('[data-sender="user"]')).toContainText('Where do I park?');
});

let folder: string;
let guest: RunningServer | undefined;
let shell: RunningServer | undefined;

/** A shell of its own whose runtime config points the guest area at `guestUrl`. */
async function shellWithGuestAt(guestUrl: string): Promise<RunningServer> {
  const suiteConfig = JSON.parse(
    await readFile(join(root, DATA_DIR, 'runtime', 'config.json'), 'utf8'),
  );
  const configFile = join(folder, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify({
      ...suiteConfig,
      remotes: { ...suiteConfig.remotes, guest: `${guestUrl}/mf-manifest.json` },
    }),
  );
  return serveDist({
    dist: distOf('shell', snapshot),
    port: SPARE_PORTS.ssrShell,
    spa: true,
    serverRender: true,
    configFile,
  });
}

test.describe('an area deployed on its own', () => {
  test.beforeEach(async () => {
    folder = await mkdtemp(join(tmpdir(), 'bistro-ssr-'));
    await cp(distOf('guest', snapshot), join(folder, 'guest'), { recursive: true });
  });
  test.afterEach(async () => {
    await shell?.close();
    await guest?.close();
    await rm(folder, { recursive: true, force: true });
  });

  test('a new build of the guest area changes the server-rendered page on the next request', async ({
    request,
  }) => {
    guest = await serveDist({
      dist: join(folder, 'guest'),
      port: SPARE_PORTS.ssrGuest,
      cors: true,
    });
    shell = await shellWithGuestAt(guest.url);
    expect((await request.get(`${guest.url}/server/remoteEntry.js`)).ok()).toBe(true);
    const before = await (await request.get(`${shell.url}/`)).text();
    expect(before).toContain('Special Events');
    expect(before).not.toContain('Special Nights');

    // Deploy: the area's server build is replaced where it is served; the web server is not touched.
    const entry = join(folder, 'guest', 'server', 'remoteEntry.js');
    const code = await readFile(entry, 'utf8');
    expect(code).toContain('"Special Events"');
    await writeFile(entry, code.replaceAll('"Special Events"', '"Special Nights"'));

    const after = await (await request.get(`${shell.url}/`)).text();
    expect(after).toContain('Special Nights');
    expect(after).not.toContain('>Special Events<');
  });

  test('an area whose server build cannot be fetched is rendered in the browser', async ({
    page,
    request,
  }) => {
    await rm(join(folder, 'guest', 'server'), { recursive: true, force: true });
    guest = await serveDist({
      dist: join(folder, 'guest'),
      port: SPARE_PORTS.ssrGuest,
      cors: true,
    });
    shell = await shellWithGuestAt(guest.url);
    // the page is the static first screen, as before server rendering
    const html = await (await request.get(`${shell.url}/`)).text();
    expect(html).not.toContain('id="query-state"');
    expect(html).not.toContain('elementtiming="home-hero"');
    // the other areas' pages still come rendered
    expect(await (await request.get(`${shell.url}/auth`)).text()).toContain(
      'elementtiming="auth-card"',
    );
    // and the browser renders the area (its data is the backend's to allow: this shell's origin
    // is not one the suite's backend serves, so only the area's own markup is asserted)
    await page.goto(`${shell.url}/`);
    await expect(page.getByRole('heading', { level: 2, name: 'Special Events' })).toBeVisible();
    await expect(page.locator('main [data-area="guest"]')).toBeVisible();
  });
});

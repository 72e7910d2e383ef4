import { expect, test, type Page } from '@playwright/test';
import { recordCspViolations } from '../support/csp';
import { seedBrowserSession } from '../support/session';
import { API_PORT, portOf, ports } from '../support/suite';

// The first load's chain, shortened by the web server (apps/web-server/src/page-hints.mjs):
// the runtime config comes inline in the page and the code of the area that owns
// the path is preloaded beside the shell's main.js. Each file still arrives once,
// and everything hinted is allowed by the page's CSP.

/** Every request of the page's own code and config (the API's data left out), by URL. */
function recordCodeRequests(page: Page): () => Map<string, number> {
  const counts = new Map<string, number>();
  page.on('request', (request) => {
    const url = request.url();
    if (portOf(url) === API_PORT || url.endsWith('/favicon.svg')) return;
    counts.set(url, (counts.get(url) ?? 0) + 1);
  });
  return () => counts;
}

/** Console warnings about preloads no script used. */
function recordUnusedPreloads(page: Page): string[] {
  const unused: string[] = [];
  page.on('console', (message) => {
    if (/preloaded using link preload but not used/.test(message.text())) {
      unused.push(message.text());
    }
  });
  return unused;
}

const hintedScripts = (html: string) =>
  [...html.matchAll(/<link rel="preload" as="script" href="([^"]+)">/g)].map((m) => m[1]);

test("a visitor's /events arrives with its config inline and the guest area's code preloaded, each file fetched once", async ({
  page,
}) => {
  const violations = await recordCspViolations(page);
  const requests = recordCodeRequests(page);
  const unused = recordUnusedPreloads(page);
  const response = await page.goto('/events');
  const html = (await response?.text()) ?? '';
  await expect(page.locator('main [data-route="/events"]')).toBeVisible();
  await page.waitForLoadState('networkidle');

  expect(html).toContain('<script type="application/json" id="runtime-config">');
  const hinted = hintedScripts(html);
  expect(hinted.map((url) => portOf(url ?? ''))).toEqual(hinted.map(() => ports.guest));
  expect(hinted.some((url) => url?.endsWith('/remoteEntry.js'))).toBe(true);
  expect(hinted.some((url) => /__federation_expose_App\.[0-9a-f]+\.js$/.test(url ?? ''))).toBe(
    true,
  );

  const counts = requests();
  // The config is not fetched: the page carries it.
  expect([...counts.keys()].filter((url) => url.endsWith('/config.json'))).toEqual([]);
  for (const url of hinted) expect(counts.get(url ?? ''), url).toBe(1);
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(unused).toEqual([]);
  expect(await violations()).toEqual([]);
});

test('a member on /song-requests gets the lounge preloaded and the games loaded once idle', async ({
  page,
}) => {
  await seedBrowserSession(page, 'maya@example.com', 'password123');
  const violations = await recordCspViolations(page);
  const requests = recordCodeRequests(page);
  const unused = recordUnusedPreloads(page);
  const response = await page.goto('/song-requests');
  const html = (await response?.text()) ?? '';
  await expect(page.locator('main [data-route="/song-requests"]')).toBeVisible();
  const hinted = hintedScripts(html);
  expect(hinted.length).toBeGreaterThan(1);
  expect(hinted.every((url) => portOf(url ?? '') === ports.lounge)).toBe(true);

  // Once the page has settled, the warm-up loads the games area's entry and App chunks.
  const fromGames = () => [...requests().keys()].filter((url) => portOf(url) === ports.games);
  await expect
    .poll(() => fromGames().some((url) => /__federation_expose_App\.[0-9a-f]+\.js$/.test(url)), {
      timeout: 15_000,
    })
    .toBe(true);
  expect(fromGames().some((url) => url.endsWith('/remoteEntry.js'))).toBe(true);
  await page.waitForLoadState('networkidle');

  const counts = requests();
  expect([...counts].filter(([, n]) => n > 1)).toEqual([]);
  expect(unused).toEqual([]);
  expect(await violations()).toEqual([]);

  // Opening the games area fetches none of its code again.
  const before = fromGames().length;
  await page
    .getByRole('navigation', { name: 'Main' })
    .getByRole('link', { name: 'Games & Fun' })
    .click();
  await expect(page.locator('main [data-route="/games"]')).toBeVisible();
  expect(fromGames().length).toBe(before);
});

import { expect, type Page } from '@playwright/test';
import { test } from '../support/network';
import { routeTable } from '@bistro/ui/routes';
import { seedSession, signInThroughApi } from '../support/session';
import { PASSWORD } from '../support/guest-accounts';
import { expectNoSidewaysScroll, settle } from '../support/overflow';

/**
 * Every page of the app (the route table, plus the 404 page), grouped by the area that owns it
 * so each area's pages are checked with that area's tests.
 */
const areas = ['shell', 'guest', 'lounge', 'games', 'admin'] as const;
const pathsOf = (area: (typeof areas)[number]) => [
  ...routeTable.filter((r) => r.owner === area).map((r) => r.path),
  ...(area === 'shell' ? ['/no-such-page'] : []),
];
const adminSections = [
  'Overview',
  'Events',
  'Bookings',
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
];
const viewers = [
  { who: 'a visitor', email: null },
  { who: 'a member', email: 'maya@example.com' },
  { who: 'an admin', email: 'admin@example.com' },
] as const;

// One sign-in per viewer and worker: a sign-in per test would hit the auth API's rate limit.
const sessions = new Map<string, ReturnType<typeof signInThroughApi>>();
async function signInAs(page: Page, email: string) {
  let signIn = sessions.get(email);
  if (!signIn) {
    signIn = signInThroughApi(email, PASSWORD);
    sessions.set(email, signIn);
    signIn.catch(() => sessions.delete(email));
  }
  const { session, url } = await signIn;
  await seedSession(page, session, url);
}

// Each page is loaded once at 375 px and checked there, then at 320 px: the layout is CSS
// only (no component reads the window's width), so narrowing the window lays the page out as a
// load at 320 px would.
const widths = [375, 320] as const;

async function expectNoSidewaysScrollAtEachWidth(page: Page, what: string) {
  for (const width of widths) {
    await page.setViewportSize({ width, height: 740 });
    await expectNoSidewaysScroll(page, `${what}, ${width} px`);
  }
  await page.setViewportSize({ width: widths[0], height: 740 });
}

test.describe(`at ${widths.join(' and ')} px`, () => {
  test.use({ viewport: { width: widths[0], height: 740 }, hasTouch: true });

  for (const { who, email } of viewers) {
    for (const area of areas) {
      test(`no ${area} page scrolls sideways for ${who}`, { tag: `@${area}` }, async ({ page }) => {
        test.setTimeout(240_000);
        if (email) await signInAs(page, email);
        for (const path of pathsOf(area)) {
          await page.goto(path);
          await settle(page);
          await expectNoSidewaysScrollAtEachWidth(page, `${path} (${who})`);
        }
        if (area !== 'admin' || email !== 'admin@example.com') return;
        // Each admin section, chosen from the small-screen dropdown.
        await page.goto('/admin');
        await settle(page);
        for (const section of adminSections) {
          await page.getByLabel('Dashboard section').selectOption({ label: section });
          await expect(
            page.getByRole('heading', { level: 2, name: section, exact: true }),
          ).toBeVisible();
          await settle(page);
          await expectNoSidewaysScrollAtEachWidth(page, `admin ${section}`);
        }
      });
    }
  }
});

for (const width of [320, 375]) {
  test.describe(`at ${width} px`, () => {
    test.use({ viewport: { width, height: 740 }, hasTouch: true });

    test(
      'the verify screen keeps a long e-mail address on the page',
      { tag: '@shell' },
      async ({ page }) => {
        const email = `a-rather-long-mailbox-name-for-the-check-${Date.now()}@a-long-domain-name.example.com`;
        await page.goto('/auth');
        await page.getByRole('tab', { name: 'Sign Up' }).click();
        await page.getByLabel('First name').fill('Lena');
        await page.getByLabel('Last name').fill('Overflow');
        await page.getByLabel('Email').fill(email);
        await page.getByLabel('Password').fill(PASSWORD);
        await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
        await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
        await expect(page.getByText(email)).toBeVisible();
        await expectNoSidewaysScroll(page, `the verify screen (${width} px)`);
      },
    );
  });
}

test(
  'the contact e-mail stays inside its button at 375 and 1024 px',
  { tag: '@guest' },
  async ({ page }) => {
    for (const width of [375, 1024]) {
      await page.setViewportSize({ width, height: 800 });
      await page.goto('/contact');
      await settle(page);
      const button = page.getByRole('link', { name: /concierge@/ });
      const inside = await button.evaluate((el) => {
        const box = el.getBoundingClientRect();
        const range = document.createRange();
        range.selectNodeContents(el);
        return [...range.getClientRects()].every(
          (r) => r.width === 0 || (r.left >= box.left - 0.5 && r.right <= box.right + 0.5),
        );
      });
      expect(inside, `the e-mail runs out of its button at ${width} px`).toBe(true);
      await expectNoSidewaysScroll(page, `/contact (${width} px)`);
    }
  },
);

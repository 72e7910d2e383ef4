import { expect, type Page } from '@playwright/test';
import { networkQuiet, test } from '../support/network';
import { routeTable } from '@bistro/ui/routes';
import { ownerTag } from '../support/areas';
import { axeViolations } from '../support/axe';
import { recordCspViolations } from '../support/csp';
import { createMember } from '../support/guest-accounts';
import { seedSession, signInThroughApi } from '../support/session';
import { rest } from '../support/admin-api';

// axe-core on every route of the route table as a visitor, a member and an
// admin, and on the key states (the phone menu open, a dialog open, each admin
// tab): no violation of moderate, serious or critical impact. Every page also runs under
// the suite's Content-Security-Policy with nothing blocked.

type Role = 'visitor' | 'member' | 'admin';
const logins: Record<Exclude<Role, 'visitor'>, string> = {
  member: 'leo@example.com',
  admin: 'admin@example.com',
};
/** A seeded member with approved bookings, so the profile offers a door pass. */
const APPROVED_MEMBER = 'maya@example.com';

// One sign-in per role and worker: signing in for each of the ~50 pages would hit
// the auth API's rate limit (429), which the other specs share.
const sessions = new Map<Role, ReturnType<typeof signInThroughApi>>();

async function signInAs(page: Page, role: Role) {
  if (role === 'visitor') return;
  let signIn = sessions.get(role);
  if (!signIn) {
    signIn = signInThroughApi(logins[role], 'password123');
    sessions.set(role, signIn);
    signIn.catch(() => sessions.delete(role));
  }
  const { session, url } = await signIn;
  await seedSession(page, session, url);
}

/** Signs a page in as a given account (one that no other role of this file uses). */
async function signInAsAccount(page: Page, email: string, password = 'password123') {
  const { session, url } = await signInThroughApi(email, password);
  await seedSession(page, session, url);
}

/** Waits until the page's area has rendered (not the loading state) and its data has arrived. */
async function settle(page: Page) {
  await expect(page.locator('main').first()).toBeVisible();
  await expect(page.locator('main [role="status"]').filter({ hasText: 'Loading…' })).toHaveCount(0);
  await networkQuiet(page);
}

/** Violations of moderate, serious or critical impact, as readable lines. */
async function seriousViolations(page: Page, include?: string) {
  const violations = await axeViolations(page, include);
  return violations
    .filter((v) => v.impact === 'moderate' || v.impact === 'serious' || v.impact === 'critical')
    .map(
      (v) =>
        `${v.id} (${v.impact}): ${v.help}\n` +
        v.nodes
          .slice(0, 5)
          .map((n) => `    ${n.target.join(' ')} ${n.failureSummary?.split('\n')[1] ?? ''}`)
          .join('\n'),
    );
}

for (const role of ['visitor', 'member', 'admin'] as const) {
  test.describe(`axe as ${role}`, () => {
    for (const route of [...routeTable.map((r) => r.path), '/no-such-page']) {
      test(`${route}`, { tag: ownerTag(route) }, async ({ page }) => {
        const cspViolations = await recordCspViolations(page);
        await signInAs(page, role);
        await page.goto(route);
        await settle(page);
        expect.soft(await seriousViolations(page)).toEqual([]);
        expect(await cspViolations()).toEqual([]);
      });
    }
  });
}

test.describe('axe on key states', () => {
  test('the phone menu open at 375 px', { tag: '@shell' }, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    const cspViolations = await recordCspViolations(page);
    await page.goto('/');
    await settle(page);
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expect(
      page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Contact' }),
    ).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test('the forgot-password dialog open', { tag: '@shell' }, async ({ page }) => {
    const cspViolations = await recordCspViolations(page);
    await page.goto('/auth');
    await settle(page);
    await page.getByRole('button', { name: 'Forgot password?' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test('the booking dialog open, as a member', { tag: '@guest' }, async ({ page }) => {
    const cspViolations = await recordCspViolations(page);
    await signInAs(page, 'member');
    await page.goto('/events');
    await settle(page);
    await page
      .getByRole('button', { name: /Reserve Your Spot/ })
      .first()
      .click();
    await expect(page.getByRole('dialog')).toBeVisible();
    // its form follows the frame's first paint: checked once it is there
    await expect(page.getByRole('dialog')).not.toHaveAttribute('aria-busy');
    await expect(page.getByRole('dialog').getByLabel('Full Name')).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  // A member who has redeemed nothing and rated no one tonight: the redeem
  // confirmation and the rating dialog open for them whatever the other specs did.
  test(
    'the redeem confirmation and the offer pass open, as a new member',
    { tag: '@guest' },
    async ({ page }) => {
      const cspViolations = await recordCspViolations(page);
      const fresh = await createMember('axe-redeem');
      await signInAsAccount(page, fresh.email, fresh.password);
      await page.goto('/');
      await settle(page);
      await page.getByRole('button', { name: 'Redeem', exact: true }).first().click();
      const ask = page.getByRole('dialog', { name: /^Redeem .*\?$/ });
      await expect(ask).toBeVisible();
      expect.soft(await seriousViolations(page)).toEqual([]);
      await ask.getByRole('button', { name: 'Redeem Now' }).click();
      const pass = page.getByRole('dialog').filter({ hasText: 'Show this to your server' });
      await expect(pass).toBeVisible();
      expect.soft(await seriousViolations(page)).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    },
  );

  test(
    'the door pass open, as a member with an approved booking',
    { tag: '@guest' },
    async ({ page }) => {
      const cspViolations = await recordCspViolations(page);
      await signInAsAccount(page, APPROVED_MEMBER);
      await page.goto('/profile');
      await settle(page);
      await page
        .getByRole('button', { name: /^Show at the door: / })
        .first()
        .click();
      const pass = page.getByRole('dialog');
      await expect(pass.getByTestId('door-code')).not.toBeEmpty();
      expect.soft(await seriousViolations(page)).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    },
  );

  test(
    '/reserve with a free and a full time chosen, as a member',
    { tag: '@guest' },
    async ({ page }) => {
      // A night five days on whose 7 PM is full: 16 covers start then (the venue paces 16).
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(
        new Date(Date.now() - 4 * 3_600_000),
      );
      const night = new Date(`${today}T12:00:00Z`);
      night.setUTCDate(night.getUTCDate() + 5);
      const date = night.toISOString().slice(0, 10);
      const venueClock = new Intl.DateTimeFormat('en-US', {
        timeZone: 'America/New_York',
        hourCycle: 'h23',
        hour: '2-digit',
        minute: '2-digit',
      });
      const slots = await rest<{ starts_at: string }[]>('rpc/reservation_availability', {
        method: 'POST',
        body: { p_date: date, p_party: 2 },
      });
      const seven = slots.find(
        (s) => venueClock.format(new Date(s.starts_at)) === '19:00',
      )!.starts_at;
      for (const code of ['AXEAAA', 'AXEBBB']) {
        await rest(`reservations?code=eq.${code}`, { method: 'DELETE' });
        await rest('reservations', {
          method: 'POST',
          body: {
            code,
            party_size: 8,
            starts_at: seven,
            ends_at: new Date(Date.parse(seven) + 150 * 60_000).toISOString(),
            business_date: date,
            guest_name: 'Axe Party',
          },
        });
      }

      const cspViolations = await recordCspViolations(page);
      await signInAs(page, 'member');
      await page.goto(`/reserve?party=2&date=${date}&time=18:45`);
      await settle(page);
      await expect(page.getByRole('button', { name: 'Confirm reservation' })).toBeVisible();
      expect.soft(await seriousViolations(page)).toEqual([]);
      await page
        .getByRole('group', { name: 'Times' })
        .getByRole('button', { name: '7:00 PM, full' })
        .click();
      await expect(page.getByRole('region', { name: '7:00 PM is fully booked' })).toBeVisible();
      expect.soft(await seriousViolations(page)).toEqual([]);
      expect(await cspViolations()).toEqual([]);
    },
  );

  test('the Drop a Request dialog open, as a member', { tag: '@lounge' }, async ({ page }) => {
    const cspViolations = await recordCspViolations(page);
    await signInAs(page, 'member');
    await page.goto('/song-requests');
    await settle(page);
    await page.getByRole('button', { name: 'Drop a Request' }).click();
    await expect(page.getByRole('dialog', { name: 'Drop a Request' })).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test('the Rate the DJ dialog open, as a new member', { tag: '@lounge' }, async ({ page }) => {
    const cspViolations = await recordCspViolations(page);
    const fresh = await createMember('axe-rate');
    await signInAsAccount(page, fresh.email, fresh.password);
    await page.goto('/song-requests');
    await settle(page);
    await page.getByRole('button', { name: 'Rate the DJ' }).click();
    await expect(page.getByRole('dialog', { name: 'Rate the DJ' })).toBeVisible();
    expect.soft(await seriousViolations(page)).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });

  test('every admin tab', { tag: '@admin' }, async ({ page }) => {
    test.setTimeout(180_000);
    const cspViolations = await recordCspViolations(page);
    await signInAs(page, 'admin');
    await page.goto('/admin');
    await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
    const tabs = page.getByRole('tab');
    const names = await tabs.allInnerTexts();
    expect(names.length).toBeGreaterThan(1);
    const found: string[] = [];
    for (const name of names) {
      await page.getByRole('tab', { name: name.trim(), exact: true }).click();
      await expect(page.getByRole('tab', { name: name.trim(), exact: true })).toHaveAttribute(
        'aria-selected',
        'true',
      );
      await settle(page);
      found.push(...(await seriousViolations(page)).map((v) => `[${name.trim()}] ${v}`));
    }
    expect.soft(found).toEqual([]);
    expect(await cspViolations()).toEqual([]);
  });
});

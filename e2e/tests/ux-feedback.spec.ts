import { expect, test } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import {
  PASSWORD,
  createMember,
  expectToast,
  restAs,
  uniqueEmail,
} from '../support/guest-accounts';
import { seedSession, signInThroughApi } from '../support/session';

test('a toast shown while a dialog is open is in the dialog accessibility tree', async ({
  page,
}) => {
  // The mail server fails: the reset request answers 500 as GoTrue would.
  await page.route('**/auth/v1/recover**', (route) =>
    route.fulfill({
      status: 500,
      contentType: 'application/json',
      body: JSON.stringify({
        code: 500,
        error_code: 'unexpected_failure',
        msg: 'Error sending recovery email',
      }),
    }),
  );
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(uniqueEmail('reset'));
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  // On screen the toast shows as usual, but the modal dialog hides the toast
  // region from screen readers...
  await expect(page.locator('li').filter({ hasText: 'Reset failed' })).toBeVisible();
  await expect(page.getByRole('region', { name: /Notifications/ })).toHaveCount(0);
  await expect(dialog).toBeVisible();
  // ...so the dialog's own tree, what a screen reader reaches, carries it.
  await expect(dialog.getByRole('alert')).toContainText('Reset failed');
  await expect.poll(() => dialog.ariaSnapshot()).toContain('Reset failed');
});

test('"Authentication Required" is gone once the account is created', async ({ page }) => {
  await page.goto('/events');
  await page
    .getByRole('button', { name: /^Reserve Your Spot/ })
    .first()
    .click();
  await expectToast(page, 'Authentication Required');
  await expect(page).toHaveURL(/\/auth/);
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Ivy');
  await page.getByLabel('Last name').fill('Stale');
  await page.getByLabel('Email').fill(uniqueEmail('stale'));
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expectToast(page, 'Account created!');
  await expect(
    page
      .getByRole('region', { name: /Notifications/ })
      .locator('li')
      .filter({ hasText: 'Authentication Required' }),
  ).toHaveCount(0);
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 375, height: 740 }, hasTouch: true });

  test('a redeemed offer opens a full-screen pass for the server, again from its card', async ({
    page,
  }) => {
    const { email } = await createMember('pass', { firstName: 'Pat', lastName: 'Server' });
    const { session, url } = await signInThroughApi(email, PASSWORD);
    await seedSession(page, session, url);
    await page.goto('/');
    const card = page
      .getByRole('article')
      .filter({ has: page.getByRole('button', { name: 'Redeem', exact: true }) })
      .first();
    const title = (await card.getAttribute('aria-label'))!;
    await card.getByRole('button', { name: 'Redeem', exact: true }).click();
    await page.getByRole('button', { name: 'Redeem Now' }).click();

    const pass = page.getByRole('dialog', { name: title });
    await expect(pass).toBeVisible();
    const box = (await pass.boundingBox())!;
    expect([box.x, box.y, box.width, box.height]).toEqual([0, 0, 375, 740]);
    await expect(pass).toContainText('Show this to your server to claim your discount.');
    await expect(pass).toContainText('Pat Server');
    const [row] = await restAs<{ id: string; redeemed_at: string }[]>(
      session as Session,
      'user_offers?select=id,redeemed_at',
    );
    const code = row!.id.replace(/-/g, '').slice(0, 8).toUpperCase();
    await expect(pass.getByTestId('pass-code')).toHaveText(`${code.slice(0, 4)}-${code.slice(4)}`);
    await expect(pass.locator('time')).toHaveAttribute('datetime', row!.redeemed_at);
    await pass.getByRole('button', { name: 'Done' }).click();
    await expect(pass).toHaveCount(0);

    const redeemed = page.getByRole('article', { name: title });
    await expect(redeemed.getByRole('button', { name: 'Redeemed' })).toBeDisabled();
    await redeemed.getByRole('button', { name: 'Show Pass' }).click();
    await expect(pass.getByTestId('pass-code')).toHaveText(`${code.slice(0, 4)}-${code.slice(4)}`);
  });
});

import { expect, test, type Page } from '@playwright/test';
import {
  PASSWORD,
  anonHeaders,
  createMember,
  expectToast,
  uniqueEmail,
  verifyLink,
  waitForMail,
} from '../support/guest-accounts';

const nav = (page: Page) => page.getByRole('navigation', { name: 'Main' });
const memberOnly = ['Games & Fun', 'Song Requests', 'Profile'] as const;

async function signInThroughForm(page: Page, email: string, password: string) {
  await page.goto('/auth');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign In', exact: true }).click();
}

async function expectSignedIn(page: Page) {
  for (const label of memberOnly) {
    await expect(nav(page).getByRole('link', { name: label })).toBeVisible();
  }
  await expect(nav(page).getByRole('button', { name: 'Sign Out' })).toBeVisible();
}

async function signOutFromNav(page: Page) {
  await nav(page).getByRole('button', { name: 'Sign Out' }).click();
  await expectToast(page, 'Signed out');
  await expect(page).toHaveURL(/\/$/);
  await expect(nav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
  for (const label of memberOnly) {
    await expect(nav(page).getByRole('link', { name: label })).toHaveCount(0);
  }
}

test('sign up, resend, confirm through the inbox link, sign out, sign in; member nav comes and goes', async ({
  page,
}) => {
  const email = uniqueEmail('signup');
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Nia');
  await page.getByLabel('Last name').fill('Carter');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();

  await expectToast(page, 'Account created!');
  await expect(page.getByRole('heading', { name: 'Verify your email' })).toBeVisible();
  await expect(page.getByText(email)).toBeVisible();
  const first = await waitForMail(email, 'Confirm');

  // Resend works: a second confirmation mail arrives.
  await page.getByRole('button', { name: 'Resend verification email' }).click();
  await expectToast(page, 'Email sent');
  const second = await waitForMail(email, 'Confirm', { notIds: [first.id] });

  // Still a visitor: the member items are not in the nav.
  for (const label of memberOnly) {
    await expect(nav(page).getByRole('link', { name: label })).toHaveCount(0);
  }

  // The (latest) link confirms the e-mail and lands on the site signed in.
  await page.goto(verifyLink(second));
  await expect(page.locator('main [data-area="guest"][data-route="/"]')).toBeVisible();
  await expectSignedIn(page);

  await signOutFromNav(page);

  await signInThroughForm(page, email, PASSWORD);
  await expectToast(page, 'Welcome back!');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);
  // The member panel greets the new member by the name given at sign-up.
  await expect(page.getByRole('heading', { name: 'Welcome back, Nia' })).toBeVisible();

  await signOutFromNav(page);
});

test('a wrong password shows the spec message and stays on /auth', async ({ page }) => {
  const { email } = await createMember('wrongpw');
  await signInThroughForm(page, email, 'not-the-password');
  await expectToast(
    page,
    'Sign in failed',
    'Invalid email or password. Please check your credentials and try again.',
  );
  await expect(page).toHaveURL(/\/auth$/);
  await expect(nav(page).getByRole('link', { name: 'Sign In' })).toBeVisible();
});

test('forgot password: the inbox link opens reset mode and the new password works', async ({
  page,
}) => {
  const { email } = await createMember('reset');
  await page.goto('/auth');
  await page.getByRole('button', { name: 'Forgot password?' }).click();
  const dialog = page.getByRole('dialog', { name: 'Reset your password' });
  await dialog.getByLabel('Email').fill(email);
  await dialog.getByRole('button', { name: 'Send reset link' }).click();
  await expectToast(page, 'Email sent');

  const mail = await waitForMail(email, 'Reset');
  await page.goto(verifyLink(mail));
  await expect(page).toHaveURL(/\/auth\?reset=1/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();

  const update = page.getByRole('button', { name: 'Update password' });
  await expect(update).toBeEnabled();
  await page.getByLabel('New password', { exact: true }).fill('abc');
  await page.getByLabel('Confirm new password').fill('abc');
  await update.click();
  await expectToast(page, 'Weak password', 'Password must be at least 6 characters.');

  await page.getByLabel('New password', { exact: true }).fill('brand-new-pass');
  await page.getByLabel('Confirm new password').fill('brand-new-typo');
  await update.click();
  await expectToast(page, 'Passwords do not match', 'Please ensure both password fields match.');

  await page.getByLabel('Confirm new password').fill('brand-new-pass');
  await update.click();
  await expectToast(page, 'Password updated');
  await expect(page).toHaveURL(/\/$/);

  await signOutFromNav(page);
  await signInThroughForm(page, email, PASSWORD);
  await expectToast(page, 'Sign in failed');
  await signInThroughForm(page, email, 'brand-new-pass');
  await expectToast(page, 'Welcome back!');
  await expectSignedIn(page);
});

test('someone else signed up with the address first: the confirmation link asks for a new password', async ({
  page,
}) => {
  const email = uniqueEmail('contested');
  // a stranger signs up with the address first and never confirms
  const { url, headers } = await anonHeaders();
  const stranger = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password: 'strangers-pass' }),
  });
  expect(stranger.ok).toBe(true);
  const strangersMail = await waitForMail(email, 'Confirm');

  // the owner of the inbox signs up through the app and clicks the link they receive
  await page.goto('/auth');
  await page.getByRole('tab', { name: 'Sign Up' }).click();
  await page.getByLabel('First name').fill('Vera');
  await page.getByLabel('Last name').fill('Owens');
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign Up', exact: true }).click();
  await expectToast(page, 'Account created!');
  const ownMail = await waitForMail(email, 'Confirm', { notIds: [strangersMail.id] });
  await page.goto(verifyLink(ownMail));

  // the address is confirmed, but neither pending password is trusted: set one
  await expect(page).toHaveURL(/\/auth\?reset=1/);
  await expect(page.getByRole('heading', { name: 'Set a new password' })).toBeVisible();
  await page.getByLabel('New password', { exact: true }).fill('owners-new-pass');
  await page.getByLabel('Confirm new password').fill('owners-new-pass');
  await page.getByRole('button', { name: 'Update password' }).click();
  await expectToast(page, 'Password updated');
  await expect(page).toHaveURL(/\/$/);
  await expectSignedIn(page);

  await signOutFromNav(page);
  await signInThroughForm(page, email, 'strangers-pass');
  await expectToast(page, 'Sign in failed');
  await signInThroughForm(page, email, 'owners-new-pass');
  await expectToast(page, 'Welcome back!');
  await expectSignedIn(page);
});

test('visitors are sent to /auth from members-only pages and from booking', async ({ page }) => {
  await page.goto('/profile');
  await expect(page).toHaveURL(/\/auth$/);
  await expect(page.getByRole('tab', { name: 'Sign In' })).toBeVisible();

  await page.goto('/events');
  await page
    .getByRole('button', { name: /Reserve Your Spot/ })
    .first()
    .click();
  await expectToast(page, 'Authentication Required');
  await expect(page).toHaveURL(/\/auth$/);

  // The privacy page offers no data controls to visitors.
  await page.goto('/privacy');
  await expect(page.getByText('Effective date:')).toContainText('August 15, 2025');
  await expect(page.getByRole('button', { name: 'Export My Data' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Delete My Account' })).toHaveCount(0);

  // Home shows no member panel to visitors.
  await page.goto('/');
  await expect(page.getByRole('heading', { name: 'Upcoming Events' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Exclusive App Offers' })).toHaveCount(0);
});

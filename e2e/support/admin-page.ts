import { expect, type Page } from '@playwright/test';
import { seedBrowserSession } from './session';

export const ADMIN_EMAIL = 'admin@example.com';
export const PASSWORD = 'password123';

/** The spec's toast, by title (and text), in the shell's toast region. */
export async function expectToast(page: Page, title: string, description?: string) {
  const region = page.getByRole('region', { name: /Notifications/ });
  const toast = region.locator('li').filter({ hasText: title }).last();
  await expect(toast).toBeVisible();
  if (description) await expect(toast).toContainText(description);
}

/** Signs the admin in (stored session) and opens the dashboard. */
export async function openDashboard(page: Page, path = '/admin') {
  const session = await seedBrowserSession(page, ADMIN_EMAIL, PASSWORD);
  await page.goto(path);
  await expect(page.getByRole('heading', { name: 'Admin Dashboard' })).toBeVisible();
  return session;
}

export async function openTab(page: Page, name: string) {
  await page.getByRole('tab', { name, exact: true }).click();
  await expect(page.getByRole('heading', { level: 2, name, exact: true })).toBeVisible();
  return page.getByRole('region', { name, exact: true });
}

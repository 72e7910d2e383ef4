import { randomUUID } from 'node:crypto';
import { expect, type Page } from '@playwright/test';
import type { Session } from '@supabase/supabase-js';
import { inboxUrl } from './suite';
import { signInThroughApi, suiteConfig } from './session';

export const PASSWORD = 'password123';

/** A fresh address for one test, so tests never share (or break) each other's accounts. */
export const uniqueEmail = (prefix: string) => `${prefix}-${randomUUID().slice(0, 8)}@example.com`;

interface InboxMessage {
  id: string;
  to: string;
  subject: string;
  links: string[];
  createdAt: string;
}

/** Waits for a mail to `to` whose subject contains `subject` (the dev inbox, newest first). */
export async function waitForMail(
  to: string,
  subject: string,
  options: { notIds?: string[] } = {},
): Promise<InboxMessage> {
  let found: InboxMessage | undefined;
  await expect
    .poll(
      async () => {
        const res = await fetch(`${inboxUrl}/api/messages?to=${encodeURIComponent(to)}`);
        const list = (await res.json()) as InboxMessage[];
        found = list.find(
          (m) => m.subject.includes(subject) && !(options.notIds ?? []).includes(m.id),
        );
        return Boolean(found);
      },
      { timeout: 15_000, message: `a "${subject}" mail to ${to}` },
    )
    .toBe(true);
  return found!;
}

/** The auth link in a mail (the /auth/v1/verify link). */
export function verifyLink(message: InboxMessage): string {
  const link = message.links.find((l) => l.includes('/auth/v1/verify'));
  if (!link) throw new Error(`No verify link in "${message.subject}"`);
  return link;
}

export async function anonHeaders() {
  const config = await suiteConfig();
  if (!config.supabase) throw new Error('The e2e suite runs without a backend');
  return {
    url: config.supabase.url,
    headers: { apikey: config.supabase.anonKey, 'Content-Type': 'application/json' },
  };
}

/**
 * A confirmed member: signed up through the real auth API and confirmed
 * through the link in the dev inbox (the profile is made by the database trigger).
 */
export async function createMember(
  prefix: string,
  names: { firstName?: string; lastName?: string } = {},
): Promise<{ email: string; password: string }> {
  const email = uniqueEmail(prefix);
  const { url, headers } = await anonHeaders();
  const res = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      email,
      password: PASSWORD,
      data: { first_name: names.firstName ?? 'Test', last_name: names.lastName ?? 'Guest' },
    }),
  });
  expect(res.ok, `sign-up of ${email}: HTTP ${res.status}`).toBe(true);
  const mail = await waitForMail(email, 'Confirm');
  const confirm = await fetch(verifyLink(mail), { redirect: 'manual' });
  expect([200, 302, 303]).toContain(confirm.status);
  return { email, password: PASSWORD };
}

/** Reads a REST path (e.g. `photo_wall?select=*`) as a signed-in member, so RLS applies. */
export async function restAs<T = unknown>(session: Session, path: string): Promise<T> {
  const { url, headers } = await anonHeaders();
  const res = await fetch(`${url}/rest/v1/${path}`, {
    headers: { ...headers, Authorization: `Bearer ${session.access_token}` },
  });
  expect(res.ok, `GET ${path}: HTTP ${res.status}`).toBe(true);
  return (await res.json()) as T;
}

/** Inserts a row through the REST API as a signed-in member (RLS applies). */
export async function insertAs(session: Session, table: string, row: Record<string, unknown>) {
  const { url, headers } = await anonHeaders();
  const res = await fetch(`${url}/rest/v1/${table}`, {
    method: 'POST',
    headers: {
      ...headers,
      Authorization: `Bearer ${session.access_token}`,
      Prefer: 'return=minimal',
    },
    body: JSON.stringify(row),
  });
  expect(res.ok, `POST ${table}: HTTP ${res.status} ${await res.clone().text()}`).toBe(true);
}

export { signInThroughApi };

/** A toast with this title (and text, if given) is on screen. */
export async function expectToast(page: Page, title: string, text?: string) {
  const toast = page
    .getByRole('region', { name: /Notifications/ })
    .locator('li')
    .filter({ hasText: title })
    .first();
  await expect(toast).toBeVisible();
  if (text) await expect(toast).toContainText(text);
}

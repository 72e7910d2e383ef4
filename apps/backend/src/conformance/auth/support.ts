/**
 * Shared setup of the auth conformance suite: one real server per test file (PGlite, or a
 * fresh PostgreSQL database when DATABASE_URL is set), driven by supabase-js's own auth client.
 *
 * `srv` is a live binding set by the beforeAll hook that `useServer()` registers, so read it
 * inside tests and hooks only.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Config } from '../../config.js';
import {
  createTestClient,
  startTestServer,
  type MailMessage,
  type TestServer,
} from '../../testing.js';

export let srv: TestServer;

/** Booting a server (migrations and seed) can take minutes on a loaded machine. */
export const BOOT_TIMEOUT_MS = 300_000;

/** Boots the server (with `config` over the test defaults) before the file's tests. */
export function useServer(config: Partial<Config> = {}): void {
  beforeAll(async () => {
    srv = await startTestServer({ config });
  }, BOOT_TIMEOUT_MS);
  afterAll(async () => {
    await srv?.close();
  });
}

let n = 0;
export const freshEmail = (tag = 'c') => `${tag}${Date.now()}${n++}@example.com`;

/** A supabase-js client with the anon key. */
export const client = (flowType: 'implicit' | 'pkce' = 'implicit'): SupabaseClient =>
  createTestClient(srv, { flowType });

/** A supabase-js client with the service_role key (auth.admin). */
export const adminClient = (): SupabaseClient => createTestClient(srv, { key: srv.serviceRoleKey });

/** The newest mail to `to`; fails the test when there is none. */
export async function lastMail(to: string): Promise<MailMessage> {
  const [mail] = await srv.inbox(to);
  expect(mail, `a mail to ${to}`).toBeDefined();
  return mail as MailMessage;
}

/** The 6-digit code a mail prints. */
export function codeIn(mail: MailMessage): string {
  const code = /code: ([0-9]{6})/.exec(mail.text)?.[1];
  expect(code, mail.text).toBeDefined();
  return code as string;
}

/** The verify link of a mail. */
export function verifyLinkIn(mail: MailMessage): string {
  const link = mail.links.find((l) => l.includes('/auth/v1/verify'));
  expect(link, mail.text).toBeDefined();
  return link as string;
}

/** Follows a verify link without following its redirect: the Location and its fragment. */
export async function follow(link: string): Promise<{ location: string; params: URLSearchParams }> {
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') as string;
  return { location, params: new URLSearchParams(location.split('#')[1] ?? '') };
}

/** The claims of an access token (not verified: the server just issued it). */
export function claimsOf(accessToken: string): Record<string, unknown> {
  const part = accessToken.split('.')[1] ?? '';
  return JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as Record<string, unknown>;
}

/** A confirmed user with a password, made through the admin API. */
export async function confirmedUser(
  email = freshEmail('u'),
  password = 'secret-password-1',
): Promise<{ id: string; email: string; password: string }> {
  const { data, error } = await adminClient().auth.admin.createUser({
    email,
    password,
    email_confirm: true,
  });
  expect(error).toBeNull();
  return { id: data.user?.id as string, email, password };
}

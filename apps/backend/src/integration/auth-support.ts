/**
 * Shared setup of the auth suites (auth-*.test.ts): one real server per test file with a low
 * per-address rate limit (5 a minute) and a refresh-token reuse interval of REUSE_MS, plus the
 * helpers that read the dev inbox.
 *
 * `srv` is a live binding set by the beforeAll hook that `useAuthServer()` registers, so read
 * it inside tests, hooks and the helpers below only.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';

export let srv: TestServer;
export const REUSE_MS = 2000; // long enough that a loaded machine still answers the second refresh inside it

/** Boots the server before the file's tests and closes it after them. */
export function useAuthServer(): void {
  beforeAll(async () => {
    srv = await startTestServer({
      config: { rateLimit: { max: 5, windowMs: 60_000 }, refreshReuseIntervalMs: REUSE_MS },
    });
  });
  afterAll(async () => {
    await srv?.close();
  });
}

let n = 0;
export const freshEmail = () => `user${Date.now()}${n++}@example.com`;

/** Follows the newest mail's verify link without following the redirect; returns the fragment. */
export async function followMailLink(
  email: string,
): Promise<{ location: string; params: URLSearchParams }> {
  const [mail] = await srv.inbox(email);
  expect(mail, `a mail to ${email}`).toBeDefined();
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify')) as string;
  const res = await fetch(link, { redirect: 'manual' });
  expect(res.status).toBe(303);
  const location = res.headers.get('location') as string;
  return { location, params: new URLSearchParams(location.split('#')[1] ?? '') };
}

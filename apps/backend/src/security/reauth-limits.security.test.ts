/**
 * The reauthentication nonce of a password change (PUT /user with secure password change on) is
 * a 6-digit code: wrong ones are limited per user whatever the IP, and per IP, then 429 even for
 * the right nonce.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { AUTH_RATE_LIMITS } from '../auth/rate-limit-settings.js';

let srv: TestServer;
const MAX = AUTH_RATE_LIMITS.perIp.reauthenticate.max;

beforeAll(async () => {
  srv = await startTestServer({ config: { securePasswordChange: true, trustProxy: true } });
});
afterAll(async () => {
  await srv?.close();
});

let n = 0;
async function call(path: string, init: { method: string; token?: string; body?: unknown }) {
  const headers = new Headers({
    apikey: srv.anonKey,
    'x-forwarded-for': `198.18.200.${++n}`,
    'content-type': 'application/json',
  });
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  const res = await fetch(`${srv.url}${path}`, {
    method: init.method,
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

it(`wrong reauthentication nonces: ${MAX} per user from any IPs, then 429 even for the right one`, async () => {
  const email = `reauth.${Date.now()}@example.test`;
  const created = await fetch(`${srv.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: srv.serviceRoleKey,
      authorization: `Bearer ${srv.serviceRoleKey}`,
      'content-type': 'application/json',
    },
    body: JSON.stringify({ email, password: 'old-password', email_confirm: true }),
  });
  expect(created.status).toBe(200);
  const session = await call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: { email, password: 'old-password' },
  });
  const token = session.body['access_token'] as string;
  // a session signed in over 24 h ago needs the nonce
  await srv.db.query(
    `update auth.sessions set created_at = now() - interval '2 days'
     where user_id = (select id from auth.users where email = $1)`,
    [email],
  );
  expect((await call('/auth/v1/reauthenticate', { method: 'GET', token })).status).toBe(200);
  const [mail] = await srv.inbox(email);
  const nonce = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1] as string;
  expect(nonce).toBeTruthy();
  const wrong = nonce === '000000' ? '000001' : '000000';

  const statuses: number[] = [];
  for (let i = 0; i < MAX + 2; i++) {
    const r = await call('/auth/v1/user', {
      method: 'PUT',
      token,
      body: { password: `new-password-${i}`, nonce: wrong },
    });
    statuses.push(r.status);
  }
  expect(statuses.slice(0, MAX)).toEqual(Array(MAX).fill(422));
  expect(statuses.slice(MAX)).toEqual([429, 429]);
  const right = await call('/auth/v1/user', {
    method: 'PUT',
    token,
    body: { password: 'new-password', nonce },
  });
  expect(right.status).toBe(429);
  expect(right.body['error_code']).toBe('over_request_rate_limit');
  // nothing changed: the old password still signs in
  const again = await call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: { email, password: 'old-password' },
  });
  expect(again.status).toBe(200);
});

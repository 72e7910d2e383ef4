/**
 * What a user may read can change outside their channels: a sign-out of all sessions, a ban, an
 * account deleted, an admin demoted. Their joined private channels are authorized again at once
 * (closed with a reason), not when the token expires; and an access token of a session that
 * ended reaches neither REST, storage nor functions.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { RawSocket, TEST_POLICIES, until } from '../realtime/test-support.js';
import { api } from '../integration/support.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ config: { trustProxy: true } });
  await srv.sql(TEST_POLICIES);
});
afterAll(async () => {
  await srv?.close();
});

let n = 0;
const service = {
  apikey: '',
  authorization: '',
  'content-type': 'application/json',
};

async function newUser(admin = false): Promise<{ id: string; email: string; token: string }> {
  service.apikey = srv.serviceRoleKey;
  service.authorization = `Bearer ${srv.serviceRoleKey}`;
  const email = `reauth.${Date.now()}.${++n}@example.test`;
  const res = await fetch(`${srv.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers: service,
    body: JSON.stringify({ email, password: 'member-pass', email_confirm: true }),
  });
  const user = (await res.json()) as { id: string };
  if (admin)
    await srv.db.query(`insert into public.user_roles (user_id, role) values ($1, 'admin')`, [
      user.id,
    ]);
  const session = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: {
      apikey: srv.anonKey,
      'content-type': 'application/json',
      'x-forwarded-for': `198.19.0.${n}`,
    },
    body: JSON.stringify({ email, password: 'member-pass' }),
  });
  const token = ((await session.json()) as { access_token: string }).access_token;
  return { id: user.id, email, token };
}

/** Joins `topic` privately; resolves once joined. */
async function joined(token: string, topic: string): Promise<RawSocket> {
  const s = await RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=2.0.0`);
  const r = await s.join(topic, { token });
  expect(r.status, JSON.stringify(r.response)).toBe('ok');
  return s;
}

/** Waits for the server to close the channel: a system message with a reason, then phx_close. */
async function closedWith(s: RawSocket, topic: string): Promise<string> {
  let reason = '';
  await until(() => {
    const sys = s.frames.find(
      (f) => Array.isArray(f) && f[2] === `realtime:${topic}` && f[3] === 'system',
    ) as unknown[] | undefined;
    reason = (sys?.[4] as { message?: string } | undefined)?.message ?? '';
    return (
      reason !== '' &&
      s.frames.some((f) => Array.isArray(f) && f[2] === `realtime:${topic}` && f[3] === 'phx_close')
    );
  }, 10_000);
  return reason;
}

describe('joined channels are authorized again when the user changes', () => {
  it('a sign-out of all sessions closes the channels, and the token reaches no REST, storage or function', async () => {
    const u = await newUser();
    const s = await joined(u.token, 'rt-test:members');
    const out = await api(srv, '/auth/v1/logout?scope=global', { method: 'POST', token: u.token });
    expect(out.status).toBe(204);
    expect(await closedWith(s, 'rt-test:members')).toMatch(/Session from session_id/);
    s.close();
    const rest = await api(srv, '/rest/v1/profiles?select=user_id', { token: u.token });
    expect(rest.status).toBe(401);
    const storage = await api(srv, '/storage/v1/object/list/photo-wall', {
      method: 'POST',
      token: u.token,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ prefix: u.id }),
    });
    expect(storage.status).toBeGreaterThanOrEqual(400);
    const fn = await api(srv, '/functions/v1/seed-test-users', {
      method: 'POST',
      token: u.token,
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(fn.status).toBe(401);
  });

  it('a demoted admin stops receiving the admin counts', async () => {
    const a = await newUser(true);
    const s = await joined(a.token, 'admin:counts');
    await srv.db.query(`delete from public.user_roles where user_id = $1`, [a.id]);
    expect(await closedWith(s, 'admin:counts')).toMatch(/Unauthorized/);
    s.close();
  });

  it('a banned member and a deleted one are closed at once', async () => {
    const banned = await newUser();
    const deleted = await newUser();
    const s1 = await joined(banned.token, 'rt-test:members');
    const s2 = await joined(deleted.token, 'rt-test:members');
    const ban = await fetch(`${srv.url}/auth/v1/admin/users/${banned.id}`, {
      method: 'PUT',
      headers: service,
      body: JSON.stringify({ ban_duration: '24h' }),
    });
    expect(ban.status).toBe(200);
    const del = await fetch(`${srv.url}/auth/v1/admin/users/${deleted.id}`, {
      method: 'DELETE',
      headers: service,
    });
    expect(del.status).toBe(200);
    expect(await closedWith(s1, 'rt-test:members')).toMatch(/InvalidJWTToken/);
    expect(await closedWith(s2, 'rt-test:members')).toMatch(/InvalidJWTToken/);
    s1.close();
    s2.close();
    const rest = await api(srv, '/rest/v1/profiles?select=user_id', { token: banned.token });
    expect(rest.status).toBe(401);
  });

  it('a member signing out on one device keeps the channels of the other', async () => {
    const u = await newUser();
    const other = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
      body: JSON.stringify({ email: u.email, password: 'member-pass' }),
    });
    const second = ((await other.json()) as { access_token: string }).access_token;
    const s = await joined(second, 'rt-test:members');
    const out = await api(srv, '/auth/v1/logout?scope=local', { method: 'POST', token: u.token });
    expect(out.status).toBe(204);
    // the first device's token is dead, the second's channel stays and still answers
    expect((await api(srv, '/rest/v1/profiles?select=user_id', { token: u.token })).status).toBe(
      401,
    );
    await new Promise((r) => setTimeout(r, 1500));
    expect(
      s.frames.some(
        (f) => Array.isArray(f) && f[2] === 'realtime:rt-test:members' && f[3] === 'system',
      ),
    ).toBe(false);
    s.close();
  });
});

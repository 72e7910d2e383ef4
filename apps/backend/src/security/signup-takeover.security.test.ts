/**
 * Pre-registration takeover: an attacker signs up with the victim's address and never confirms;
 * whatever the victim does next (signs up too, asks for a magic link, resets the password) and
 * clicks in their own inbox must never activate the attacker's password. A confirmation that
 * cannot tell whose password is pending clears it, ends every session of the account and signs
 * the inbox's owner in for recovery (the app then asks for a new password). Sign-in to an
 * unconfirmed account answers the same for a right and a wrong password.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';

let srv: TestServer;

beforeAll(async () => {
  srv = await startTestServer({ config: { trustProxy: true } });
});
afterAll(async () => {
  await srv?.close();
});

let n = 0;
const fresh = (what: string) => `${what}.${Date.now()}.${n++}@example.test`;
/** Each call from a client address of its own, so no per-IP counter is shared. */
const nextIp = () => `203.0.113.${(n++ % 250) + 1}`;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers = new Headers({ apikey: srv.anonKey, 'x-forwarded-for': nextIp() });
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  if (init.body !== undefined) headers.set('content-type', 'application/json');
  const res = await fetch(`${srv.url}${path}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers,
    ...(init.body !== undefined ? { body: JSON.stringify(init.body) } : {}),
  });
  const text = await res.text();
  return { status: res.status, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

const signUp = (email: string, password: string) =>
  call('/auth/v1/signup', { body: { email, password } });
const signIn = (email: string, password: string) =>
  call('/auth/v1/token?grant_type=password', { body: { email, password } });

/** Follows the verify link of the newest mail to `email`; the redirect's fragment. */
async function clickNewestLink(email: string): Promise<URLSearchParams> {
  const [mail] = await srv.inbox(email);
  const link = mail?.links.find((l) => l.includes('/auth/v1/verify'));
  expect(link, 'a verify link in the newest mail').toBeTruthy();
  const res = await fetch(link as string, { redirect: 'manual' });
  expect(res.status).toBe(303);
  return new URLSearchParams((res.headers.get('location') ?? '').split('#')[1] ?? '');
}

const userIdOf = async (email: string) =>
  (await srv.db.query<{ id: string }>('select id::text from auth.users where email = $1', [email]))
    .rows[0]?.id as string;

/** A session row of the account (as a device signed in earlier would have). */
async function plantSession(userId: string): Promise<string> {
  const r = await srv.db.query<{ id: string }>(
    `insert into auth.sessions (id, user_id, aal) values (gen_random_uuid(), $1::uuid, 'aal1') returning id::text`,
    [userId],
  );
  return r.rows[0]?.id as string;
}

async function expectNoPasswordWorks(email: string, passwords: string[]) {
  for (const password of passwords) {
    const r = await signIn(email, password);
    expect(r.status, `${password}: ${JSON.stringify(r.body)}`).toBe(400);
    expect(r.body['error_code']).toBe('invalid_credentials');
  }
}

/** The recovery session sets the owner's password; then it signs in. */
async function ownerSetsPassword(fragment: URLSearchParams, email: string) {
  const token = fragment.get('access_token') as string;
  const put = await call('/auth/v1/user', {
    method: 'PUT',
    token,
    body: { password: 'owner-chosen-pass' },
  });
  expect(put.status, JSON.stringify(put.body)).toBe(200);
  expect((await signIn(email, 'owner-chosen-pass')).status).toBe(200);
}

describe('pre-registration takeover', () => {
  it('attacker signs up, victim signs up too and clicks: no password activates, sessions end, recovery', async () => {
    const email = fresh('victim');
    expect((await signUp(email, 'attacker-pass')).status).toBe(200);
    expect((await signUp(email, 'victim-pass')).status).toBe(200);
    const id = await userIdOf(email);
    const planted = await plantSession(id);

    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('recovery');
    expect(fragment.get('access_token')).toBeTruthy();
    await expectNoPasswordWorks(email, ['attacker-pass', 'victim-pass']);
    const left = await srv.db.query('select 1 from auth.sessions where id = $1::uuid', [planted]);
    expect(left.rows).toHaveLength(0);
    await ownerSetsPassword(fragment, email);
    await expectNoPasswordWorks(email, ['attacker-pass']);
  });

  it('the order does not matter: the victim first, then the attacker', async () => {
    const email = fresh('victim');
    expect((await signUp(email, 'victim-pass')).status).toBe(200);
    expect((await signUp(email, 'attacker-pass')).status).toBe(200);
    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('recovery');
    await expectNoPasswordWorks(email, ['attacker-pass', 'victim-pass']);
  });

  it('attacker signs up, victim asks for a magic link and clicks it: the attacker password stays off', async () => {
    const email = fresh('victim');
    expect((await signUp(email, 'attacker-pass')).status).toBe(200);
    expect((await call('/auth/v1/otp', { body: { email } })).status).toBe(200);
    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('recovery');
    await expectNoPasswordWorks(email, ['attacker-pass']);
    await ownerSetsPassword(fragment, email);
  });

  it('attacker signs up, victim asks for a magic link and types its code: the attacker password stays off', async () => {
    const email = fresh('victim');
    expect((await signUp(email, 'attacker-pass')).status).toBe(200);
    expect((await call('/auth/v1/otp', { body: { email } })).status).toBe(200);
    const [mail] = await srv.inbox(email);
    const code = /\b(\d{6})\b/.exec(mail?.text ?? '')?.[1];
    expect(code).toBeTruthy();
    const r = await call('/auth/v1/verify', { body: { type: 'email', email, token: code } });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    await expectNoPasswordWorks(email, ['attacker-pass']);
  });

  it('attacker signs up, victim resets the password and clicks: the attacker password stays off', async () => {
    const email = fresh('victim');
    expect((await signUp(email, 'attacker-pass')).status).toBe(200);
    expect((await call('/auth/v1/recover', { body: { email } })).status).toBe(200);
    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('recovery');
    await expectNoPasswordWorks(email, ['attacker-pass']);
    await ownerSetsPassword(fragment, email);
  });

  it('one person signing up twice with the same password keeps it (no contest)', async () => {
    const email = fresh('twice');
    expect((await signUp(email, 'same-pass')).status).toBe(200);
    expect((await signUp(email, 'same-pass')).status).toBe(200);
    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('signup');
    expect((await signIn(email, 'same-pass')).status).toBe(200);
  });

  it('a single sign-up confirmed by its own link keeps its password', async () => {
    const email = fresh('single');
    expect((await signUp(email, 'only-pass')).status).toBe(200);
    const fragment = await clickNewestLink(email);
    expect(fragment.get('type')).toBe('signup');
    expect((await signIn(email, 'only-pass')).status).toBe(200);
  });
});

describe('sign-in to an unconfirmed account', () => {
  it('answers the same for the right and a wrong password', async () => {
    const email = fresh('pending');
    expect((await signUp(email, 'right-pass')).status).toBe(200);
    const right = await signIn(email, 'right-pass');
    const wrong = await signIn(email, 'wrong-pass');
    expect(wrong.status).toBe(right.status);
    expect(wrong.body).toEqual(right.body);
    expect(right.body['error_code']).toBe('email_not_confirmed');
  });
});

describe('one address grammar on every path', () => {
  const bad = ['x,victim@example.com', 'a<b@c>', 'xx:;x@x.x', '"v"@example.com', 'a b@example.com'];
  const admin = (path: string, body: unknown) =>
    fetch(`${srv.url}${path}`, {
      method: 'POST',
      headers: {
        apikey: srv.serviceRoleKey,
        authorization: `Bearer ${srv.serviceRoleKey}`,
        'content-type': 'application/json',
      },
      body: JSON.stringify(body),
    });

  it('sign-up, magic link, recovery and resend refuse what a mailer would split or re-address', async () => {
    for (const email of bad) {
      for (const [path, body] of [
        ['/auth/v1/signup', { email, password: 'some-password' }],
        ['/auth/v1/otp', { email }],
        ['/auth/v1/recover', { email }],
        ['/auth/v1/resend', { email, type: 'signup' }],
      ] as const) {
        const r = await call(path, { body });
        expect(r.status, `${path} ${email}`).toBe(400);
        expect(r.body['error_code'], `${path} ${email}`).toBe('validation_failed');
      }
    }
    expect(await srv.inbox('victim@example.com')).toEqual([]);
  });

  it('the admin create, invite and generate_link calls refuse them too', async () => {
    for (const email of bad) {
      for (const [path, body] of [
        ['/auth/v1/admin/users', { email, password: 'some-password' }],
        ['/auth/v1/invite', { email }],
        ['/auth/v1/admin/generate_link', { type: 'magiclink', email }],
      ] as const) {
        const res = await admin(path, body);
        const json = (await res.json()) as Record<string, unknown>;
        expect(res.status, `${path} ${email}`).toBe(400);
        expect(json['error_code'], `${path} ${email}`).toBe('validation_failed');
      }
    }
  });
});

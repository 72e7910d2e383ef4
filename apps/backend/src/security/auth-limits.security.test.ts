/**
 * Account takeover and the limits an attacker could step around: a repeat sign-up must not
 * touch an unconfirmed account, a password change ends the user's other sessions, and sign-in,
 * sign-up, verify, recover and resend are limited per client IP as well as per address, with
 * auth mails limited per recipient. Each test speaks from its own client IP (X-Forwarded-For
 * behind a trusted proxy), so one test's counters never spend another's.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../testing.js';
import { AUTH_RATE_LIMITS } from '../auth/rate-limit-settings.js';

let srv: TestServer;
const PER_IP = AUTH_RATE_LIMITS.perIp;
const MAILS = AUTH_RATE_LIMITS.mailsPerRecipient.max;

beforeAll(async () => {
  srv = await startTestServer({
    // GoTrue's production per-address limit; the per-IP and per-recipient limits are the defaults
    config: { rateLimit: { max: 30, windowMs: 5 * 60_000 }, trustProxy: true },
  });
});
afterAll(async () => {
  await srv?.close();
});

let ipCount = 0;
/** A client address of its own for each test. */
const nextIp = () => `198.51.100.${++ipCount}`;
let n = 0;
const fresh = (what: string) => `${what}.${Date.now()}.${n++}@example.test`;

interface Reply {
  status: number;
  body: Record<string, unknown>;
}

async function call(
  ip: string,
  path: string,
  init: { method?: string; token?: string; body?: unknown } = {},
): Promise<Reply> {
  const headers = new Headers({ apikey: srv.anonKey, 'x-forwarded-for': ip });
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

interface Session {
  access_token: string;
  refresh_token: string;
}

const signIn = async (ip: string, email: string, password: string): Promise<Session> => {
  const r = await call(ip, '/auth/v1/token?grant_type=password', { body: { email, password } });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body as unknown as Session;
};
const refresh = (ip: string, token: string) =>
  call(ip, '/auth/v1/token?grant_type=refresh_token', { body: { refresh_token: token } });

async function confirmedUser(email: string, password: string): Promise<void> {
  const headers = new Headers({
    apikey: srv.serviceRoleKey,
    authorization: `Bearer ${srv.serviceRoleKey}`,
    'content-type': 'application/json',
  });
  const res = await fetch(`${srv.url}/auth/v1/admin/users`, {
    method: 'POST',
    headers,
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  expect(res.status).toBe(200);
}

const userRow = async (email: string) =>
  (
    await srv.db.query<{
      confirmation_token: string;
      raw_user_meta_data: Record<string, unknown>;
      email_confirmed_at: string | null;
    }>(
      `select confirmation_token, raw_user_meta_data, email_confirmed_at from auth.users where email = $1`,
      [email],
    )
  ).rows[0];

const expect429 = (r: Reply, code: 'over_request_rate_limit' | 'over_email_send_rate_limit') => {
  expect(r.status, JSON.stringify(r.body)).toBe(429);
  expect(r.body).toMatchObject({ code: 429, error_code: code });
  expect(typeof r.body['msg']).toBe('string');
};

describe('a repeat sign-up does not take over an unconfirmed account', () => {
  it('keeps name and confirmation token, re-sends the same link, and activates neither password', async () => {
    const ip = nextIp();
    const email = fresh('victim');
    const first = await call(ip, '/auth/v1/signup', {
      body: { email, password: 'victim-pass', data: { first_name: 'Vera' } },
    });
    expect(first.status).toBe(200);
    const before = await userRow(email);
    const [mail1] = await srv.inbox(email);
    const link1 = mail1?.links.find((l) => l.includes('/auth/v1/verify')) as string;

    const attacker = await call(nextIp(), '/auth/v1/signup', {
      body: { email, password: 'attacker-pass', data: { first_name: 'Mallory' } },
    });
    expect(attacker.status).toBe(200);
    const after = await userRow(email);
    expect(after?.confirmation_token).toBe(before?.confirmation_token);
    expect(after?.raw_user_meta_data['first_name']).toBe('Vera');
    expect(after?.email_confirmed_at).toBeNull();
    // the answer shows the account as it was, not the attacker's data
    expect((attacker.body['user_metadata'] as Record<string, unknown>)['first_name']).toBe('Vera');

    // the victim got the confirmation again, with the very same link
    const mails = await srv.inbox(email);
    expect(mails).toHaveLength(2);
    expect(mails[0]?.links).toContain(link1);

    // the click proves the inbox, not whose password is pending: neither becomes active, and
    // the session comes for recovery so that the owner sets their own
    const res = await fetch(link1, { redirect: 'manual' });
    const fragment = new URLSearchParams((res.headers.get('location') ?? '').split('#')[1] ?? '');
    expect(fragment.get('access_token')).toBeTruthy();
    expect(fragment.get('type')).toBe('recovery');
    for (const password of ['attacker-pass', 'victim-pass']) {
      const wrong = await call(ip, '/auth/v1/token?grant_type=password', {
        body: { email, password },
      });
      expect(wrong.status).toBe(400);
      expect(wrong.body['error_code']).toBe('invalid_credentials');
    }
  });

  it('repeat sign-ups mail the address at most the per-recipient limit, then 429', async () => {
    const email = fresh('flooded');
    const statuses: number[] = [];
    let last: Reply | undefined;
    for (let i = 0; i < MAILS + 2; i++) {
      last = await call(nextIp(), '/auth/v1/signup', {
        body: { email, password: `pass-${i}-long` },
      });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, MAILS).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(MAILS)).toEqual([429, 429]);
    expect429(last as Reply, 'over_email_send_rate_limit');
    expect(await srv.inbox(email)).toHaveLength(MAILS);
  });
});

describe('a password change ends every other session', () => {
  it('PUT /user with a password: the other sessions refresh tokens and access tokens die', async () => {
    const ip = nextIp();
    const email = fresh('pwchange');
    await confirmedUser(email, 'old-password');
    const thief = await signIn(ip, email, 'old-password');
    const other = await signIn(ip, email, 'old-password');
    const own = await signIn(ip, email, 'old-password');
    const changed = await call(ip, '/auth/v1/user', {
      method: 'PUT',
      token: own.access_token,
      body: { password: 'new-password' },
    });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    for (const s of [thief, other]) {
      const r = await refresh(ip, s.refresh_token);
      expect(r.status).toBe(400);
      expect(r.body['error_code']).toBe('refresh_token_not_found');
      const u = await call(ip, '/auth/v1/user', { token: s.access_token });
      expect(u.status).toBe(403);
      expect(u.body['error_code']).toBe('session_not_found');
    }
    // the session that changed the password goes on
    expect((await refresh(ip, own.refresh_token)).status).toBe(200);
    // a metadata-only change ends nothing
    const again = await signIn(ip, email, 'new-password');
    await call(ip, '/auth/v1/user', {
      method: 'PUT',
      token: own.access_token,
      body: { data: { first_name: 'Kim' } },
    });
    expect((await refresh(ip, again.refresh_token)).status).toBe(200);
  });

  it('the recovery flow: the new password set from the recovery session ends the attacker session', async () => {
    const ip = nextIp();
    const email = fresh('recovered');
    await confirmedUser(email, 'leaked-password');
    const attacker = await signIn(nextIp(), email, 'leaked-password');
    expect((await call(ip, '/auth/v1/recover', { body: { email } })).status).toBe(200);
    const [mail] = await srv.inbox(email);
    const link = mail?.links.find((l) => l.includes('/auth/v1/verify')) as string;
    const res = await fetch(link, { redirect: 'manual' });
    const params = new URLSearchParams((res.headers.get('location') ?? '').split('#')[1] ?? '');
    const recovery = params.get('access_token') as string;
    expect(recovery).toBeTruthy();
    const set = await call(ip, '/auth/v1/user', {
      method: 'PUT',
      token: recovery,
      body: { password: 'fresh-password' },
    });
    expect(set.status).toBe(200);
    expect((await refresh(ip, attacker.refresh_token)).status).toBe(400);
    expect((await call(ip, '/auth/v1/user', { token: attacker.access_token })).status).toBe(403);
  });
});

describe('per-IP limits', () => {
  it(`password spraying: ${PER_IP.signIn.max} failed sign-ins from one IP against as many addresses, then 429`, async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP.signIn.max + 2; i++) {
      const r = await call(ip, '/auth/v1/token?grant_type=password', {
        body: { email: fresh('sprayed'), password: 'Summer2026!' },
      });
      statuses.push(r.status);
      if (r.status === 429) expect429(r, 'over_request_rate_limit');
    }
    expect(statuses.slice(0, PER_IP.signIn.max).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(PER_IP.signIn.max)).toEqual([429, 429]);
    // another client is not affected
    const other = await call(nextIp(), '/auth/v1/token?grant_type=password', {
      body: { email: fresh('sprayed'), password: 'x' },
    });
    expect(other.status).toBe(400);
  });

  it('guesses sent all at once are counted too: no more than the limit get an answer', async () => {
    const ip = nextIp();
    const replies = await Promise.all(
      Array.from({ length: PER_IP.signIn.max + 10 }, () =>
        call(ip, '/auth/v1/token?grant_type=password', {
          body: { email: fresh('burst'), password: 'Winter2026!' },
        }),
      ),
    );
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 400)).toHaveLength(PER_IP.signIn.max);
    expect(statuses.filter((s) => s === 429)).toHaveLength(10);
  });

  it('successful sign-ins from one IP (a venue behind one address) are not counted as failures', async () => {
    const ip = nextIp();
    // two accounts, so the per-address limit (which counts every attempt) is not reached
    const emails = [fresh('regular'), fresh('regular')];
    for (const email of emails) await confirmedUser(email, 'right-password');
    const failed = await call(ip, '/auth/v1/token?grant_type=password', {
      body: { email: emails[0], password: 'wrong-password' },
    });
    expect(failed.status).toBe(400);
    for (let i = 0; i < PER_IP.signIn.max + 2; i++)
      await signIn(ip, emails[i % 2] as string, 'right-password');
  });

  it(`sign-up: ${PER_IP.signUp.max} from one IP (each mailing a third party), then 429 and no mail`, async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    let lastEmail = '';
    for (let i = 0; i < PER_IP.signUp.max + 1; i++) {
      lastEmail = fresh('third.party');
      const r = await call(ip, '/auth/v1/signup', {
        body: { email: lastEmail, password: 'secret-123' },
      });
      statuses.push(r.status);
      if (r.status === 429) expect429(r, 'over_request_rate_limit');
    }
    expect(statuses.slice(0, PER_IP.signUp.max).every((s) => s === 200)).toBe(true);
    expect(statuses[PER_IP.signUp.max]).toBe(429);
    expect(await srv.inbox(lastEmail)).toHaveLength(0);
  });

  it(`6-digit codes guessed across many accounts: ${PER_IP.otp.max} wrong codes per IP, then 429 even for the right one`, async () => {
    const ip = nextIp();
    const email = fresh('otp.target');
    await confirmedUser(email, 'some-password');
    await call(nextIp(), '/auth/v1/recover', { body: { email } });
    const [mail] = await srv.inbox(email);
    const code = /code: (\d{6})/.exec(mail?.text ?? '')?.[1] as string;
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP.otp.max; i++) {
      // each guess at another address: the per-address limit never trips
      const r = await call(ip, '/auth/v1/verify', {
        body: { type: 'recovery', email: fresh('otp.other'), token: code },
      });
      statuses.push(r.status);
    }
    expect(statuses.every((s) => s === 403)).toBe(true);
    const right = await call(ip, '/auth/v1/verify', {
      body: { type: 'recovery', email, token: code },
    });
    expect429(right, 'over_request_rate_limit');
    // from another address the right code still works
    const ok = await call(nextIp(), '/auth/v1/verify', {
      body: { type: 'recovery', email, token: code },
    });
    expect(ok.status).toBe(200);
  });

  it(`link token hashes: ${PER_IP.verify.max} wrong ones per IP, then 429`, async () => {
    const ip = nextIp();
    const statuses: number[] = [];
    for (let i = 0; i < PER_IP.verify.max + 1; i++) {
      const r = await call(ip, '/auth/v1/verify', {
        body: { type: 'signup', token_hash: `guess-${i}-${'0'.repeat(40)}` },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, PER_IP.verify.max).every((s) => s === 403)).toBe(true);
    expect(statuses[PER_IP.verify.max]).toBe(429);
  });

  for (const action of ['recover', 'resend'] as const) {
    it(`${action}: ${PER_IP[action].max} requests per IP for as many addresses, then 429`, async () => {
      const ip = nextIp();
      const statuses: number[] = [];
      for (let i = 0; i < PER_IP[action].max + 1; i++) {
        const r = await call(ip, `/auth/v1/${action}`, {
          body: { email: fresh(action), type: 'signup' },
        });
        statuses.push(r.status);
        if (r.status === 429) expect429(r, 'over_request_rate_limit');
      }
      expect(statuses.slice(0, PER_IP[action].max).every((s) => s === 200)).toBe(true);
      expect(statuses[PER_IP[action].max]).toBe(429);
    });
  }
});

describe('auth mails per recipient', () => {
  it(`recovery mails to one address: ${MAILS} per window from any IPs, then 429`, async () => {
    const email = fresh('reset.victim');
    await confirmedUser(email, 'victim-password');
    const statuses: number[] = [];
    let last: Reply | undefined;
    for (let i = 0; i < MAILS + 3; i++) {
      last = await call(nextIp(), '/auth/v1/recover', { body: { email } });
      statuses.push(last.status);
    }
    expect(statuses.slice(0, MAILS).every((s) => s === 200)).toBe(true);
    expect(statuses.slice(MAILS).every((s) => s === 429)).toBe(true);
    expect429(last as Reply, 'over_email_send_rate_limit');
    expect(await srv.inbox(email)).toHaveLength(MAILS);
    // an address without an account answers the same way (no account enumeration)
    const ghost = fresh('ghost');
    const ghostStatuses: number[] = [];
    for (let i = 0; i < MAILS + 1; i++)
      ghostStatuses.push(
        (await call(nextIp(), '/auth/v1/recover', { body: { email: ghost } })).status,
      );
    expect(ghostStatuses).toEqual(statuses.slice(0, MAILS + 1));
  });

  it('sign-up, resend and recover share one count per recipient', async () => {
    const email = fresh('shared');
    const statuses = [
      (await call(nextIp(), '/auth/v1/signup', { body: { email, password: 'secret-123' } })).status,
    ];
    for (let i = 1; i < MAILS + 1; i++) {
      const path = i % 2 ? '/auth/v1/resend' : '/auth/v1/recover';
      statuses.push((await call(nextIp(), path, { body: { email, type: 'signup' } })).status);
    }
    expect(statuses.slice(0, MAILS).every((s) => s === 200)).toBe(true);
    expect(statuses[MAILS]).toBe(429);
    expect(await srv.inbox(email)).toHaveLength(MAILS);
  });
});

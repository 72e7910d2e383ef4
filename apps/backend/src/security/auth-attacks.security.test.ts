/**
 * Attacks on authentication: forged, confused, expired, tampered and orphaned JWTs
 * against every service; refresh-token replay; sign-in brute force; global sign-out. Runs the
 * real HTTP server (rate limits key on the client address) with GoTrue's production limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, exportSPKI, generateKeyPair } from 'jose';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, PASSWORD } from '../integration/support.js';

let srv: TestServer;
/** the documented production limit (apps/backend/README.md): 30 per 5 minutes per IP and e-mail */
const LIMIT = { max: 30, windowMs: 5 * 60_000 };

interface Session {
  access_token: string;
  refresh_token: string;
  user: { id: string };
}

async function call(
  path: string,
  init: { method?: string; token?: string; apikey?: string; body?: unknown; raw?: BodyInit } = {},
): Promise<{ status: number; body: Record<string, unknown> | null; text: string }> {
  const headers = new Headers({ apikey: init.apikey ?? srv.anonKey });
  if (init.token) headers.set('authorization', `Bearer ${init.token}`);
  let body: BodyInit | undefined = init.raw;
  if (init.body !== undefined) {
    headers.set('content-type', 'application/json');
    body = JSON.stringify(init.body);
  } else if (init.raw) headers.set('content-type', 'image/png');
  const res = await fetch(`${srv.url}${path}`, {
    method: init.method ?? 'GET',
    headers,
    ...(body !== undefined ? { body } : {}),
  });
  const text = await res.text();
  let parsed: Record<string, unknown> | null = null;
  try {
    parsed = JSON.parse(text) as Record<string, unknown>;
  } catch {
    parsed = null;
  }
  return { status: res.status, body: parsed, text };
}

async function signIn(email: string, password = PASSWORD): Promise<Session> {
  const r = await call('/auth/v1/token?grant_type=password', {
    method: 'POST',
    body: { email, password },
  });
  expect(r.status, r.text).toBe(200);
  return r.body as unknown as Session;
}

const refresh = (token: string) =>
  call('/auth/v1/token?grant_type=refresh_token', {
    method: 'POST',
    body: { refresh_token: token },
  });

beforeAll(async () => {
  srv = await startTestServer({
    pglite: true,
    // no grace period for concurrent refreshes: any reuse of a rotated token is an attack here
    config: { rateLimit: LIMIT, refreshReuseIntervalMs: 0 },
  });
});
afterAll(async () => {
  await srv?.close();
});

const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
const parts = (t: string) => t.split('.') as [string, string, string];
const payloadOf = (t: string) =>
  JSON.parse(Buffer.from(parts(t)[1], 'base64url').toString()) as Record<string, unknown>;

describe('forged and stolen JWTs', () => {
  const tried: string[] = [];
  const refused: string[] = [];

  it('every service refuses each forged, confused, expired, tampered or orphaned token', async () => {
    const leo = await signIn(USERS.leo.email);
    const claims = payloadOf(leo.access_token);
    const keys = srv.backend.ctx.keys;
    const attacker = await generateKeyPair('ES256');
    const pem = await exportSPKI(keys.publicKey);
    const now = Math.floor(Date.now() / 1000);
    const hs256 = (secret: string, extra: Record<string, unknown> = {}) =>
      new SignJWT({ ...claims, ...extra })
        .setProtectedHeader({ alg: 'HS256', typ: 'JWT', kid: keys.kid })
        .sign(new TextEncoder().encode(secret));
    const withPayload = (t: string, change: Record<string, unknown>) => {
      const [h, , s] = parts(t);
      return `${h}.${b64({ ...payloadOf(t), ...change })}.${s}`;
    };

    // a member whose account an admin deletes while their token is still unexpired
    const email = 'doomed.attack@example.test';
    const created = await call('/auth/v1/admin/users', {
      method: 'POST',
      token: srv.serviceRoleKey,
      apikey: srv.serviceRoleKey,
      body: { email, password: PASSWORD, email_confirm: true },
    });
    expect(created.status, created.text).toBe(200);
    const doomed = await signIn(email);
    const gone = await call(`/auth/v1/admin/users/${doomed.user.id}`, {
      method: 'DELETE',
      token: srv.serviceRoleKey,
      apikey: srv.serviceRoleKey,
    });
    expect(gone.status, gone.text).toBe(200);

    const tokens: [string, string][] = [
      ['alg none', `${b64({ alg: 'none', typ: 'JWT' })}.${b64(claims)}.`],
      [
        'alg none as service_role',
        `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, role: 'service_role' })}.`,
      ],
      ['HS256 keyed with the public key (PEM)', await hs256(pem)],
      ['HS256 keyed with the public JWK', await hs256(JSON.stringify(keys.publicJwk))],
      ['HS256 keyed with the anon key', await hs256(srv.anonKey, { role: 'service_role' })],
      ['expired', await keys.sign({ ...claims, exp: undefined, iat: undefined }, -60)],
      ['payload role -> service_role', withPayload(leo.access_token, { role: 'service_role' })],
      ['payload sub -> another member', withPayload(leo.access_token, { sub: USERS.maya.id })],
      ['payload exp extended', withPayload(leo.access_token, { exp: now + 10 * 365 * 86400 })],
      [
        'unknown kid, our own key',
        await new SignJWT(claims)
          .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'rotated-out-key' })
          .sign(keys.privateKey),
      ],
      [
        'unknown kid, attacker key',
        await new SignJWT({ ...claims, role: 'service_role' })
          .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: 'attacker' })
          .sign(attacker.privateKey),
      ],
      [
        'our kid, attacker key',
        await new SignJWT({ ...claims, role: 'service_role' })
          .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.kid })
          .sign(attacker.privateKey),
      ],
      ['deleted user', doomed.access_token],
    ];

    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
      'base64',
    );
    type Probe = [string, (t: string, sub: string) => ReturnType<typeof call>, number[]];
    const probes: Probe[] = [
      ['REST read', (t) => call('/rest/v1/profiles?select=*', { token: t }), [401]],
      [
        'REST write',
        (t) =>
          call('/rest/v1/song_requests', {
            method: 'POST',
            token: t,
            body: { song_title: 'Forged', artist: 'Token' },
          }),
        [401],
      ],
      [
        'REST RPC',
        (t) =>
          call('/rest/v1/rpc/admin_delete_user', {
            method: 'POST',
            token: t,
            body: { _user_id: USERS.maya.id, _admin_id: USERS.admin.id },
          }),
        [401],
      ],
      // storage-api answers a bad JWT with HTTP 400 {statusCode: '403'}, a dead user 403
      [
        'storage upload',
        (t, sub) =>
          call(`/storage/v1/object/photo-wall/${sub}/forged.png`, {
            method: 'POST',
            token: t,
            raw: png,
          }),
        [400, 403],
      ],
      [
        'storage list',
        (t) =>
          call('/storage/v1/object/list/photo-wall', {
            method: 'POST',
            token: t,
            body: { prefix: '' },
          }),
        [400, 403],
      ],
      [
        'function',
        (t) => call('/functions/v1/seed-test-users', { method: 'POST', token: t, body: {} }),
        [401],
      ],
      ['auth user', (t) => call('/auth/v1/user', { token: t }), [401, 403]],
      [
        'auth user update',
        (t) =>
          call('/auth/v1/user', { method: 'PUT', token: t, body: { data: { first_name: 'X' } } }),
        [401, 403],
      ],
      ['auth admin', (t) => call('/auth/v1/admin/users', { token: t, apikey: t }), [401, 403]],
    ];

    const before = await srv.db.query<{ n: number }>(
      `select (select count(*) from public.song_requests) + (select count(*) from storage.objects)
         + (select count(*) from auth.users) as n`,
    );
    for (const [name, token] of tokens) {
      const sub = String(payloadOf(token)['sub'] ?? USERS.leo.id);
      for (const [what, probe, statuses] of probes) {
        const label = `${name} @ ${what}`;
        tried.push(label);
        const r = await probe(token, sub);
        expect(statuses, `${label}: ${r.status} ${r.text}`).toContain(r.status);
        if (what.startsWith('storage')) expect(r.body?.['error'], label).toBe('Unauthorized');
        refused.push(label);
      }
    }
    const after = await srv.db.query<{ n: number }>(
      `select (select count(*) from public.song_requests) + (select count(*) from storage.objects)
         + (select count(*) from auth.users) as n`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
    const meta = await srv.db.query<{ m: Record<string, unknown> }>(
      `select raw_user_meta_data as m from auth.users where id = $1`,
      [USERS.leo.id],
    );
    expect(meta.rows[0]?.m?.['first_name']).not.toBe('X');

    // the genuine token still works everywhere it should (the probes can fail)
    expect(
      (await call('/rest/v1/profiles?select=user_id', { token: leo.access_token })).status,
    ).toBe(200);
    expect((await call('/auth/v1/user', { token: leo.access_token })).status).toBe(200);
    console.log(
      `[auth attacks] ${tokens.length} forged/stolen tokens x ${probes.length} endpoints: ${tried.length} tried, ${refused.length} refused`,
    );
  });
});

describe('refresh tokens and sessions', () => {
  it('reusing a rotated refresh token revokes the session: the descendant no longer refreshes', async () => {
    const s0 = await signIn(USERS.maya.email);
    const r1 = await refresh(s0.refresh_token);
    expect(r1.status, r1.text).toBe(200);
    const s1 = r1.body as unknown as Session;
    expect(s1.refresh_token).not.toBe(s0.refresh_token);

    // an attacker replays the stolen, already rotated token
    const replay = await refresh(s0.refresh_token);
    expect(replay.status).toBe(400);
    expect(replay.body?.['error_code']).toMatch(/refresh_token_(already_used|not_found)/);

    // the legitimate holder's newer token is dead too, and so is the session's access token
    const next = await refresh(s1.refresh_token);
    expect(next.status, next.text).toBe(400);
    const user = await call('/auth/v1/user', { token: s1.access_token });
    expect(user.status).toBe(403);
    expect(user.body?.['error_code']).toBe('session_not_found');
    console.log('[auth attacks] refresh-token replay: session revoked, descendant refused');
  });

  it('sign-out with scope=global ends every session: no refresh token of the user works', async () => {
    const a = await signIn(USERS.leo.email);
    const b = await signIn(USERS.leo.email);
    const c = await signIn(USERS.leo.email);
    // rotate one, so both an original and a rotated token are covered
    const c1 = (await refresh(c.refresh_token)).body as unknown as Session;
    const out = await call('/auth/v1/logout?scope=global', {
      method: 'POST',
      token: a.access_token,
    });
    expect(out.status, out.text).toBe(204);
    for (const t of [a.refresh_token, b.refresh_token, c1.refresh_token]) {
      const r = await refresh(t);
      expect(r.status, r.text).toBe(400);
    }
    for (const s of [a, b, c1]) {
      const u = await call('/auth/v1/user', { token: s.access_token });
      expect(u.status).toBe(403);
    }
    // signing in again works
    await signIn(USERS.leo.email);
  });
});

describe('brute force', () => {
  it(`sign-in answers 429 after ${LIMIT.max} attempts per IP and e-mail, even for the right password`, async () => {
    const statuses: number[] = [];
    for (let i = 0; i < LIMIT.max + 3; i++) {
      const r = await call('/auth/v1/token?grant_type=password', {
        method: 'POST',
        body: { email: USERS.admin.email, password: `guess-${i}` },
      });
      statuses.push(r.status);
      if (r.status === 429) expect(r.body?.['error_code']).toBe('over_request_rate_limit');
    }
    expect(statuses.slice(0, LIMIT.max).every((s) => s === 400)).toBe(true);
    expect(statuses.slice(LIMIT.max)).toEqual([429, 429, 429]);
    const right = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: USERS.admin.email, password: PASSWORD },
    });
    expect(right.status).toBe(429);
    // the e-mail is case-insensitive for the limiter
    const upper = await call('/auth/v1/token?grant_type=password', {
      method: 'POST',
      body: { email: USERS.admin.email.toUpperCase(), password: 'x' },
    });
    expect(upper.status).toBe(429);
    console.log(
      `[auth attacks] brute force: ${LIMIT.max} wrong passwords answered 400, attempt ${LIMIT.max + 1} on answered 429`,
    );
  });

  it(`guessing a 6-digit e-mail code answers 429 after ${LIMIT.max} attempts, even for the right code`, async () => {
    const email = 'otp.attack@example.test';
    const signup = await call('/auth/v1/signup', {
      method: 'POST',
      body: { email, password: 'otp-attack-password' },
    });
    expect(signup.status, signup.text).toBe(200);
    // the confirmation mail carries only its link; the recovery mail carries a code
    const recover = await call('/auth/v1/recover', { method: 'POST', body: { email } });
    expect(recover.status, recover.text).toBe(200);
    const mail = (await srv.inbox(email))[0];
    const code = /code: (\d{6})/.exec(mail?.text ?? '')?.[1];
    expect(code, mail?.text).toBeTruthy();
    const statuses: number[] = [];
    for (let i = 0; statuses.length < LIMIT.max + 2; i++) {
      const guess = String(100000 + i);
      if (guess === code) continue;
      const r = await call('/auth/v1/verify', {
        method: 'POST',
        body: { type: 'recovery', email, token: guess },
      });
      statuses.push(r.status);
    }
    expect(statuses.slice(0, LIMIT.max).every((s) => s === 403 || s === 400)).toBe(true);
    expect(statuses.slice(LIMIT.max)).toEqual([429, 429]);
    const right = await call('/auth/v1/verify', {
      method: 'POST',
      body: { type: 'recovery', email, token: code },
    });
    expect(right.status).toBe(429);
    console.log(
      `[auth attacks] OTP guessing: ${LIMIT.max} wrong codes refused, attempt ${LIMIT.max + 1} on answered 429`,
    );
  });
});

/**
 * Hostile input beyond the query grammar: forged and confused JWTs, storage and auth with
 * hostile input, and random requests: every case answers 4xx in the service's error shape
 * (PostgREST, GoTrue or Storage), never 500 or a stack trace, and the database is unchanged.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import fc from 'fast-check';
import { USERS, api } from './support.js';
import type { TestServer } from '../testing.js';
import { expectPgrstError, snapshot, startHostileServer } from './bad-input.support.js';

let srv: TestServer;
let memberToken: string;
let before: string;

beforeAll(async () => {
  ({ srv, memberToken, before } = await startHostileServer());
});
afterAll(async () => {
  await srv?.close();
});

describe('JWTs', () => {
  const claims = { sub: USERS.admin.id, role: 'service_role', aud: 'authenticated' };

  async function forged(): Promise<string> {
    const { privateKey } = await generateKeyPair('ES256');
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', kid: srv.backend.ctx.keys.kid })
      .setIssuedAt()
      .setExpirationTime('1h')
      .sign(privateKey);
  }
  function algNone(): string {
    const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
    return `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ ...claims, exp: Math.floor(Date.now() / 1000) + 3600 })}.`;
  }
  async function hs256(): Promise<string> {
    return new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
  }
  const expired = () =>
    srv.backend.ctx.keys.sign({ sub: USERS.maya.id, role: 'authenticated' }, -60);
  const badRole = () => srv.backend.ctx.keys.sign({ sub: USERS.maya.id, role: 'postgres' }, 3600);

  it.each([
    ['forged signature', forged, 'PGRST301'],
    ['alg none', async () => algNone(), 'PGRST301'],
    ['HS256 with a guessed secret', hs256, 'PGRST301'],
    ['expired', expired, 'PGRST303'],
    ['non-API role', badRole, 'PGRST301'],
    ['garbage', async () => 'not.a.jwt', 'PGRST301'],
  ])('REST refuses a %s token with 401', async (_name, make, code) => {
    const token = await make();
    const r = await api(srv, '/rest/v1/profiles?select=*', { token, headers: { apikey: token } });
    await expectPgrstError(r, 401, code);
    const w = await api(srv, '/rest/v1/user_roles', {
      method: 'POST',
      token,
      headers: { apikey: token, 'content-type': 'application/json' },
      body: JSON.stringify({ user_id: USERS.maya.id, role: 'admin' }),
    });
    await expectPgrstError(w, 401);
  });

  it('auth and storage refuse forged tokens too', async () => {
    const f = await forged();
    const u = await api(srv, '/auth/v1/user', { token: f });
    expect(u.status).toBe(403);
    expect(await u.json()).toMatchObject({ error_code: 'bad_jwt' });
    const admin = await api(srv, '/auth/v1/admin/users', { token: algNone() });
    expect(admin.status).toBe(403);
    const s = await api(srv, '/storage/v1/object/photo-wall/x.png', {
      method: 'POST',
      token: f,
      headers: { apikey: f, 'content-type': 'image/png' },
      body: 'x',
    });
    expect(s.status).toBe(400);
    expect(await s.json()).toMatchObject({ statusCode: '403', error: 'Unauthorized' });
    const fn = await api(srv, '/functions/v1/anything', { token: f, headers: { apikey: f } });
    expect(fn.status).toBe(401);
  });
});

describe('storage and auth with hostile input', () => {
  it('object paths cannot escape the bucket', async () => {
    for (const p of [
      '%E0%A4%A',
      'a%ZZb',
      '..%2F..%2Fetc%2Fpasswd',
      'a/../../x',
      '%2E%2E/x',
      'a//b',
      'a%5Cb',
      '%00x',
    ]) {
      const r = await api(srv, `/storage/v1/object/photo-wall/${p}`, {
        method: 'POST',
        token: memberToken,
        headers: { 'content-type': 'text/plain' },
        body: 'x',
      });
      expect([400, 404], p).toContain(r.status);
      const g = await api(srv, `/storage/v1/object/public/photo-wall/${p}`);
      expect([400, 404], p).toContain(g.status);
    }
  });

  it('a PNG label on non-PNG bytes is refused', async () => {
    const r = await api(srv, `/storage/v1/object/photo-wall/${USERS.maya.id}-fake.png`, {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'image/png' },
      body: '<html><script>alert(1)</script></html>',
    });
    expect(r.status).toBe(415);
  });

  it('auth endpoints with junk bodies answer in GoTrue shape', async () => {
    for (const [path, body] of [
      ['/auth/v1/token?grant_type=password', '{nope'],
      ['/auth/v1/token?grant_type=password', '[]'],
      ['/auth/v1/token?grant_type=password', JSON.stringify({ email: { $gt: '' }, password: 'x' })],
      [
        '/auth/v1/signup',
        JSON.stringify({ email: "a'; drop table auth.users; --@x.com", password: 'secret123' }),
      ],
      ['/auth/v1/token?grant_type=nope', '{}'],
      ['/auth/v1/token?grant_type=refresh_token', JSON.stringify({ refresh_token: "' or 1=1 --" })],
      ['/auth/v1/verify', JSON.stringify({ type: 'signup', token_hash: "' or 1=1 --" })],
    ] as const) {
      const r = await api(srv, path, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      expect(r.status, `${path} ${body}`).toBeGreaterThanOrEqual(400);
      expect(r.status, `${path} ${body}`).toBeLessThan(500);
      const j = (await r.json()) as Record<string, unknown>;
      expect(typeof j['error_code']).toBe('string');
      expect(typeof j['msg']).toBe('string');
    }
  });
});

describe('fuzzing', () => {
  it('random query strings, paths and headers never produce a 5xx', async () => {
    const app = srv.backend.app;
    const key = fc.oneof(
      fc.constantFrom(
        'select',
        'order',
        'limit',
        'offset',
        'or',
        'and',
        'not.or',
        'title',
        'id',
        'event_date',
        'on_conflict',
        'columns',
        'offers.title',
      ),
      fc.string({ maxLength: 12 }),
    );
    const value = fc.oneof(
      fc.string({ maxLength: 40 }),
      fc.constantFrom(
        'eq.',
        'in.(',
        'is.null',
        'not.eq.1',
        '(a.eq.1,',
        'title.desc',
        '*,offers(*)',
        'id::text',
        'fts(english).x',
      ),
      fc
        .tuple(
          fc.constantFrom('eq', 'gt', 'in', 'cs', 'like', 'is', 'fts'),
          fc.string({ maxLength: 20 }),
        )
        .map(([o, v]) => `${o}.${v}`),
    );
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(
          'events',
          'profiles',
          'user_offers',
          'rpc/increment_offer_usage',
          'nope',
          'djs',
        ),
        fc.array(fc.tuple(key, value), { maxLength: 4 }),
        fc.constantFrom('GET', 'HEAD', 'POST', 'PATCH', 'DELETE'),
        fc.option(fc.string({ maxLength: 30 }), { nil: undefined }),
        async (table, pairs, method, body) => {
          const qs = new URLSearchParams(pairs).toString();
          // reads as a member; writes as a visitor, who may change nothing (so the snapshot still holds)
          const token = ['GET', 'HEAD'].includes(method) ? memberToken : srv.anonKey;
          const headers: Record<string, string> = {
            apikey: srv.anonKey,
            authorization: `Bearer ${token}`,
            'content-type': 'application/json',
          };
          const init: RequestInit = { method, headers };
          if (!['GET', 'HEAD'].includes(method)) init.body = body ?? '{}';
          const res = await app.fetch(new Request(`${srv.url}/rest/v1/${table}?${qs}`, init));
          const text = await res.text();
          expect(res.status, `${method} ${table}?${qs} ${body ?? ''} -> ${text}`).toBeLessThan(500);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('afterwards', () => {
  it('the database is unchanged', async () => {
    expect(await snapshot(srv)).toBe(before);
  });
});

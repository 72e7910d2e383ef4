/**
 * Hostile and malformed input: every case answers 4xx in PostgREST's (or GoTrue's / Storage's)
 * error shape, never 500 or a stack trace, and the database is unchanged afterwards.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT, generateKeyPair } from 'jose';
import fc from 'fast-check';
import { startTestServer, type TestServer } from '../testing.js';
import { USERS, api, signedIn } from './support.js';

let srv: TestServer;
let memberToken: string;
let before: string;

const SNAPSHOT_SQL = `select md5(concat_ws('|',
  (select string_agg(t::text, ',' order by t.id) from public.events t),
  (select string_agg(t::text, ',' order by t.id) from public.user_offers t),
  (select string_agg(t::text, ',' order by t.user_id) from public.profiles t),
  (select string_agg(t::text, ',' order by t.id) from public.song_requests t),
  (select string_agg(t.id::text || t.email, ',' order by t.id) from auth.users t),
  (select count(*)::text from pg_class)
)) as h`;

async function snapshot(): Promise<string> {
  const r = await srv.db.query<{ h: string }>(SNAPSHOT_SQL);
  return r.rows[0]?.h as string;
}

beforeAll(async () => {
  srv = await startTestServer();
  const maya = await signedIn(srv, 'maya');
  memberToken = (await maya.auth.getSession()).data.session?.access_token as string;
  before = await snapshot();
});
afterAll(async () => {
  await srv?.close();
});

async function expectPgrstError(
  res: Response,
  status: number | number[],
  code?: string | RegExp,
): Promise<Record<string, unknown>> {
  const statuses = Array.isArray(status) ? status : [status];
  const text = await res.text();
  expect(statuses, `status ${res.status}: ${text}`).toContain(res.status);
  const body = JSON.parse(text) as Record<string, unknown>;
  expect(Object.keys(body).sort()).toEqual(['code', 'details', 'hint', 'message']);
  if (code instanceof RegExp) expect(body['code']).toMatch(code);
  else if (code) expect(body['code']).toBe(code);
  expect(text).not.toMatch(/\bat [\w.<>]+ \(|node_modules|\.ts:\d+/);
  return body;
}

describe('REST: malformed queries', () => {
  it.each([
    ['/rest/v1/nope', 404, 'PGRST205'],
    ['/rest/v1/events?select=nope', 400, '42703'],
    ['/rest/v1/events?nope=eq.1', 400, '42703'],
    ['/rest/v1/events?order=nope.desc', 400, '42703'],
    ['/rest/v1/events?id=zz.1', 400, 'PGRST100'],
    ['/rest/v1/events?id=eq', 400, 'PGRST100'],
    ['/rest/v1/events?or=(title.eq.a', 400, 'PGRST100'],
    ['/rest/v1/events?or=title.eq.a', 400, 'PGRST100'],
    ['/rest/v1/events?and=()', 400, 'PGRST100'],
    ['/rest/v1/events?id=in.1,2', 400, 'PGRST100'],
    ['/rest/v1/events?limit=-1', 400, 'PGRST100'],
    ['/rest/v1/events?offset=abc', 400, 'PGRST100'],
    ['/rest/v1/events?id=eq.not-a-uuid', 400, '22P02'],
    ['/rest/v1/events?is_approved=is.maybe', 400, 'PGRST100'],
    // PGlite used to throw a plain Error for a non-boolean string parameter (found by the fuzzer)
    ['/rest/v1/events?is_approved=eq.maybe', 400, '22P02'],
    ['/rest/v1/events?is_approved=in.(true,perhaps)', 400, '22P02'],
    ['/rest/v1/events?select=*,nope(*)', 400, 'PGRST200'],
    ['/rest/v1/events?select=count()', 400, 'PGRST200'],
    ['/rest/v1/events?nope.title=eq.x', 400, 'PGRST108'],
    ['/rest/v1/events?select=title::text;select 1', 400, 'PGRST100'],
    ['/rest/v1/events?event_date=gt.yesterday-ish', 400, /^22/],
    ['/rest/v1/rpc/nope', 404, 'PGRST202'],
    ['/rest/v1/rpc/increment_offer_usage?x=1', 404, 'PGRST202'],
  ])('GET %s -> %i %s', async (path, status, code) => {
    await expectPgrstError(await api(srv, path), status, code);
  });

  it('HEAD on an unknown table is 404 without a body', async () => {
    const r = await api(srv, '/rest/v1/nope', { method: 'HEAD' });
    expect(r.status).toBe(404);
    expect(await r.text()).toBe('');
  });
});

describe('REST: SQL fragments in every query parameter', () => {
  const frag = `'; drop table public.events; --`;
  const e = encodeURIComponent(frag);
  it.each([
    [`select=${e}`],
    [`select=title,${e}`],
    [`order=${e}`],
    [`order=title.${e}`],
    [`limit=${e}`],
    [`offset=${e}`],
    [`${e}=eq.1`],
    [`title;drop=eq.1`],
    [`or=(${e})`],
    [`or=(title.eq.x,${e}.eq.1)`],
    [`and=(title.eq.x)${e}`],
    [`id=eq.${e}`],
    [`id=in.(${e})`],
    [`event_date=gt.${e}`],
    [`select=*,${e}(*)`],
    [`select=title::${e}`],
  ])('GET /rest/v1/events?%s is a 4xx', async (qs) => {
    const r = await api(srv, `/rest/v1/events?${qs}`);
    await expectPgrstError(r, [400, 404]);
  });

  it('a fragment as a text value is just a value', async () => {
    const r = await api(srv, `/rest/v1/events?title=eq.${e}`);
    expect(r.status).toBe(200);
    expect(await r.json()).toEqual([]);
    const like = await api(
      srv,
      `/rest/v1/events?title=ilike.${encodeURIComponent("%' or 1=1 --")}`,
    );
    expect(await like.json()).toEqual([]);
  });

  it('on_conflict and columns with fragments', async () => {
    const h = { 'content-type': 'application/json', prefer: 'resolution=merge-duplicates' };
    const a = await api(srv, `/rest/v1/user_offers?on_conflict=${e}`, {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify({ user_id: USERS.maya.id }),
    });
    await expectPgrstError(a, 400);
    const b = await api(srv, `/rest/v1/user_offers?columns=${e}`, {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify([{ user_id: USERS.maya.id }]),
    });
    await expectPgrstError(b, 400, 'PGRST100');
  });
});

describe('REST: hostile headers and bodies', () => {
  it('JSON keys with SQL are unknown columns (PGRST204)', async () => {
    const r = await api(srv, '/rest/v1/user_offers', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'user_id") values (null); drop table events; --': 1 }),
    });
    await expectPgrstError(r, 400, 'PGRST204');
    const p = await api(srv, '/rest/v1/profiles?user_id=eq.' + USERS.maya.id, {
      method: 'PATCH',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ 'first_name = (select 1)': 'x' }),
    });
    await expectPgrstError(p, 400, 'PGRST204');
  });

  it('invalid JSON, wrong shapes and wrong content types', async () => {
    const post = (
      body: string,
      headers: Record<string, string> = { 'content-type': 'application/json' },
    ) => api(srv, '/rest/v1/user_offers', { method: 'POST', token: memberToken, headers, body });
    await expectPgrstError(await post('{nope'), 400, 'PGRST102');
    await expectPgrstError(await post('[1,2]'), 400, 'PGRST102');
    await expectPgrstError(await post('"x"'), 400, 'PGRST102');
    await expectPgrstError(
      await post('{}', { 'content-type': 'application/x-www-form-urlencoded' }),
      415,
      'PGRST102',
    );
    const rpc = await api(srv, '/rest/v1/rpc/increment_offer_usage', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: '[1]',
    });
    await expectPgrstError(rpc, 400, 'PGRST102');
  });

  it('deeply nested JSON is a 4xx everywhere', async () => {
    const deep = '['.repeat(300_000) + ']'.repeat(300_000);
    const h = { 'content-type': 'application/json' };
    const rest = await api(srv, '/rest/v1/analytics', {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: JSON.stringify({ user_id: USERS.maya.id, event_type: 'offer_redeemed' }).replace(
        '}',
        `,"event_data":${deep}}`,
      ),
    });
    expect(rest.status).toBeGreaterThanOrEqual(400);
    expect(rest.status).toBeLessThan(500);
    const auth = await api(srv, '/auth/v1/signup', {
      method: 'POST',
      headers: h,
      body: `{"email":"deep@example.com","password":"secret123","data":{"x":${deep}}}`,
    });
    expect(auth.status).toBe(400);
    const rpc = await api(srv, '/rest/v1/rpc/increment_offer_usage', {
      method: 'POST',
      token: memberToken,
      headers: h,
      body: `{"offer_id":${deep}}`,
    });
    expect(rpc.status).toBeGreaterThanOrEqual(400);
    expect(rpc.status).toBeLessThan(500);
  });

  it('Prefer, Range, Accept-Profile and Accept with junk', async () => {
    const a = await api(srv, '/rest/v1/events', {
      headers: { prefer: "return=representation'; drop table events; --, count=exact;" },
    });
    expect(a.status).toBe(200);
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { range: "0-1'; drop" } }),
      416,
      'PGRST103',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { 'accept-profile': 'auth' } }),
      406,
      'PGRST106',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { 'accept-profile': 'public; drop table x' } }),
      406,
      'PGRST106',
    );
    await expectPgrstError(
      await api(srv, '/rest/v1/events', { headers: { accept: 'text/csv' } }),
      406,
      'PGRST107',
    );
  });

  it('oversized bodies get 413 on every service', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(2 * 1024 * 1024) });
    const rest = await api(srv, '/rest/v1/events', {
      method: 'POST',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toMatchObject({ code: 'PGRST413' });
    const auth = await api(srv, '/auth/v1/signup', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: big,
    });
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ error_code: 'request_too_large' });
  });

  it('a PATCH that would touch every row still obeys RLS', async () => {
    const r = await api(srv, '/rest/v1/events', {
      method: 'PATCH',
      token: memberToken,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'pwned' }),
    });
    expect(r.status).toBe(204); // the member may update titles by grant, but RLS matches no rows
    const d = await api(srv, '/rest/v1/events', { method: 'DELETE', token: memberToken });
    expect(d.status).toBe(204); // allowed by grants, but RLS leaves nothing deletable
  });
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
    expect(await snapshot()).toBe(before);
  });
});

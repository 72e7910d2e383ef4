/**
 * HTTP hardening of the API: security headers on every kind of API response
 * (success, error, not found, preflight, 413), CORS only for configured origins, and request
 * body limits answered in each service's error shape while storage keeps its bucket limits.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { networkInterfaces } from 'node:os';
import { startTestServer, type TestServer } from '../testing.js';
import { startBackend } from '../server.js';
import { pgliteTemplate } from '../db/template.js';
import { USERS, PASSWORD } from '../integration/support.js';

let srv: TestServer;
let leo: string;
const EXTRA_ORIGIN = 'https://bistro.example.com';
const MAX_BODY = 64 * 1024;

beforeAll(async () => {
  srv = await startTestServer({
    pglite: true,
    config: {
      corsOrigins: ['http://localhost:4200', EXTRA_ORIGIN],
      maxBodyBytes: MAX_BODY,
      maxUploadBytes: 4 * MAX_BODY,
    },
  });
  const r = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: USERS.leo.email, password: PASSWORD }),
  });
  leo = ((await r.json()) as { access_token: string }).access_token;
});
afterAll(async () => {
  await srv?.close();
});

const headersFor = (token = srv.anonKey, extra: Record<string, string> = {}) => ({
  apikey: srv.anonKey,
  authorization: `Bearer ${token}`,
  ...extra,
});

describe('security headers', () => {
  it('every API response carries them: success, errors, 404, preflight, 413, every service', async () => {
    const big = 'x'.repeat(MAX_BODY + 1);
    const cases: [string, string, RequestInit][] = [
      ['REST 200', '/rest/v1/events?select=id', { headers: headersFor() }],
      ['REST 401', '/rest/v1/profiles?select=*', { headers: headersFor('not.a.jwt') }],
      ['REST 400', '/rest/v1/events?id=zz.1', { headers: headersFor() }],
      ['REST HEAD', '/rest/v1/events', { method: 'HEAD', headers: headersFor() }],
      [
        'REST 413',
        '/rest/v1/song_requests',
        {
          method: 'POST',
          headers: headersFor(leo, { 'content-type': 'application/json' }),
          body: big,
        },
      ],
      ['auth 200', '/auth/v1/settings', { headers: headersFor() }],
      ['auth 403', '/auth/v1/user', { headers: headersFor('not.a.jwt') }],
      ['JWKS', '/auth/v1/.well-known/jwks.json', {}],
      ['storage 400', '/storage/v1/bucket/nope', { headers: headersFor() }],
      ['functions 404', '/functions/v1/nope', { method: 'POST', headers: headersFor() }],
      ['no route', '/nothing/here', {}],
      ['root', '/', {}],
      [
        'preflight',
        '/rest/v1/events',
        {
          method: 'OPTIONS',
          headers: { origin: 'http://localhost:4200', 'access-control-request-method': 'POST' },
        },
      ],
    ];
    for (const [name, path, init] of cases) {
      const res = await fetch(`${srv.url}${path}`, init);
      await res.arrayBuffer();
      const h = res.headers;
      expect(h.get('x-content-type-options'), name).toBe('nosniff');
      expect(h.get('referrer-policy'), name).toBe('no-referrer');
      const csp = h.get('content-security-policy') ?? '';
      expect(csp, name).toContain("default-src 'none'");
      expect(csp, name).toContain("frame-ancestors 'none'");
      expect(h.get('x-frame-options'), name).toMatch(/^(DENY|SAMEORIGIN)$/);
      expect(h.get('strict-transport-security'), name).toMatch(/max-age=\d+/);
      expect(h.get('x-powered-by'), name).toBeNull();
    }
    console.log(`[http] security headers checked on ${cases.length} kinds of API response`);
  });
});

describe('CORS', () => {
  const preflight = (origin: string) =>
    fetch(`${srv.url}/rest/v1/events`, {
      method: 'OPTIONS',
      headers: {
        origin,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'authorization,apikey,content-type,x-client-info',
      },
    });

  it('answers configured origins, with credentials and the headers supabase-js sends', async () => {
    for (const origin of ['http://localhost:4200', EXTRA_ORIGIN]) {
      const p = await preflight(origin);
      expect(p.status).toBe(204);
      expect(p.headers.get('access-control-allow-origin')).toBe(origin);
      expect(p.headers.get('access-control-allow-credentials')).toBe('true');
      expect(p.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('apikey');
      const get = await fetch(`${srv.url}/rest/v1/events?select=id`, {
        headers: headersFor(srv.anonKey, { origin }),
      });
      expect(get.status).toBe(200);
      expect(get.headers.get('access-control-allow-origin')).toBe(origin);
      expect(get.headers.get('vary')?.toLowerCase()).toContain('origin');
    }
  });

  it('gives other origins nothing to read the answer with', async () => {
    const others = [
      'https://evil.example',
      'null',
      'http://localhost:4299',
      'http://localhost:4200.evil.example',
      'https://bistro.example.com.evil.example',
      'http://bistro.example.com',
    ];
    for (const origin of others) {
      const p = await preflight(origin);
      expect(p.headers.get('access-control-allow-origin'), origin).toBeNull();
      for (const path of ['/rest/v1/events?select=id', '/auth/v1/settings']) {
        const r = await fetch(`${srv.url}${path}`, {
          headers: headersFor(srv.anonKey, { origin }),
        });
        await r.arrayBuffer();
        expect(r.headers.get('access-control-allow-origin'), `${origin} ${path}`).toBeNull();
        expect(r.headers.get('access-control-allow-credentials'), origin).toBeNull();
      }
    }
    console.log(`[http] CORS: 2 configured origins allowed, ${others.length} others refused`);
  });
});

describe('body limits', () => {
  const over = 'x'.repeat(MAX_BODY + 1);

  it('REST, RPC, auth, functions and mail answer 413 in their own error shape', async () => {
    const json = (token = leo) => headersFor(token, { 'content-type': 'application/json' });
    const rest = await fetch(`${srv.url}/rest/v1/song_requests`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ song_title: over, artist: 'x' }),
    });
    expect(rest.status).toBe(413);
    expect(await rest.json()).toEqual({
      code: 'PGRST413',
      message: 'Payload too large',
      details: null,
      hint: null,
    });
    const rpc = await fetch(`${srv.url}/rest/v1/rpc/increment_offer_usage`, {
      method: 'POST',
      headers: json(),
      body: JSON.stringify({ offer_id: over }),
    });
    expect(rpc.status).toBe(413);
    expect(Object.keys((await rpc.json()) as object).sort()).toEqual([
      'code',
      'details',
      'hint',
      'message',
    ]);
    const auth = await fetch(`${srv.url}/auth/v1/signup`, {
      method: 'POST',
      headers: json(srv.anonKey),
      body: JSON.stringify({ email: 'big@example.test', password: over }),
    });
    expect(auth.status).toBe(413);
    expect(await auth.json()).toMatchObject({ code: 413, error_code: 'request_too_large' });
    const fn = await fetch(`${srv.url}/functions/v1/seed-test-users`, {
      method: 'POST',
      headers: json(),
      body: over,
    });
    expect(fn.status).toBe(413);
    const mail = await fetch(`${srv.url}/mail/v1/send`, {
      method: 'POST',
      headers: json(srv.serviceRoleKey),
      body: over,
    });
    expect(mail.status).toBe(413);
    // nothing was stored
    const n = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from public.song_requests where length(song_title) > 1000`,
    );
    expect(n.rows[0]?.n).toBe(0);
  });

  it('a streamed body without Content-Length is cut off at the limit too', async () => {
    const chunk = new TextEncoder().encode('{"song_title":"' + 'y'.repeat(16 * 1024));
    let sent = 0;
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (sent > MAX_BODY * 2) return controller.close();
        sent += chunk.length;
        controller.enqueue(chunk);
      },
    });
    const res = await fetch(`${srv.url}/rest/v1/song_requests`, {
      method: 'POST',
      headers: headersFor(leo, { 'content-type': 'application/json' }),
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(((await res.json()) as { code: string }).code).toBe('PGRST413');
  });

  it('storage uploads are held to the upload limit and to their bucket limit, not the JSON limit', async () => {
    const service = (extra: Record<string, string> = {}) => headersFor(srv.serviceRoleKey, extra);
    const bucket = await fetch(`${srv.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: service({ 'content-type': 'application/json' }),
      body: JSON.stringify({ id: 'tiny', name: 'tiny', public: true, file_size_limit: 1000 }),
    });
    expect(bucket.status, await bucket.text()).toBe(200);
    // (event-images takes images only since the upload-limits migration: an open bucket here)
    const open = await fetch(`${srv.url}/storage/v1/bucket`, {
      method: 'POST',
      headers: service({ 'content-type': 'application/json' }),
      body: JSON.stringify({ id: 'open', name: 'open', public: true }),
    });
    expect(open.status, await open.text()).toBe(200);
    const upload = (bucketId: string, size: number) =>
      fetch(`${srv.url}/storage/v1/object/${bucketId}/${size}.bin`, {
        method: 'POST',
        headers: service({ 'content-type': 'application/octet-stream' }),
        body: new Uint8Array(size),
      });
    // bigger than the JSON limit, within the upload limit: stored
    const ok = await upload('open', 2 * MAX_BODY);
    expect(ok.status, await ok.text()).toBe(200);
    // over the bucket's own limit
    const overBucket = await upload('tiny', 1001);
    expect(overBucket.status).toBe(413);
    expect(await overBucket.json()).toMatchObject({ statusCode: '413' });
    expect((await upload('tiny', 1000)).status).toBe(200);
    // over the upload limit
    const overAll = await upload('open', 4 * MAX_BODY + 1);
    expect(overAll.status).toBe(413);
    expect(await overAll.json()).toMatchObject({ statusCode: '413' });
    console.log(
      '[http] body limits: REST, RPC, auth, functions, mail, streamed body -> 413; storage bucket and upload limits -> 413',
    );
  });
});

describe('the dev inbox (no authentication) stays on this machine', () => {
  /** A backend whose API listens on `host`, mail going to the dev inbox; its warnings kept. */
  async function boot(host: string, inboxHost?: string) {
    const warnings: string[] = [];
    const backend = await startBackend({
      port: 0,
      inboxPort: 0,
      host,
      ...(inboxHost ? { inboxHost } : {}),
      // the run's migrated database, copied: migrating one from nothing took most of the test
      pgliteTemplate: await pgliteTemplate({ seed: true }),
      warn: (m) => warnings.push(m),
    });
    return { backend, warnings, inboxPort: Number(new URL(backend.inboxUrl).port) };
  }
  const reachable = (host: string, port: number) =>
    fetch(`http://${host}:${port}/api/messages`).then(
      (r) => r.status,
      () => 'refused' as const,
    );

  it('listens on 127.0.0.1 whatever the API host, unless told otherwise', async () => {
    // 127.0.0.2 is loopback too: an inbox that followed the API host would not answer on .1
    const a = await boot('127.0.0.2');
    try {
      expect(await reachable('127.0.0.1', a.inboxPort)).toBe(200);
      expect(await reachable('127.0.0.2', a.inboxPort)).toBe('refused');
      expect(a.warnings).toEqual([]);
    } finally {
      await a.backend.close();
    }
    const b = await boot('127.0.0.1', '127.0.0.2');
    try {
      expect(await reachable('127.0.0.2', b.inboxPort)).toBe(200);
      expect(await reachable('127.0.0.1', b.inboxPort)).toBe('refused');
    } finally {
      await b.backend.close();
    }
  });

  it('an API exposed beyond loopback while mail goes to the dev inbox: a warning at start', async () => {
    const { backend, warnings, inboxPort } = await boot('0.0.0.0');
    try {
      expect(warnings).toHaveLength(1);
      expect(warnings[0]).toMatch(/0\.0\.0\.0.*dev inbox.*SMTP_URL/);
      expect(await reachable('127.0.0.1', inboxPort)).toBe(200);
      // and the inbox is not on the machine's other addresses
      const external = Object.values(networkInterfaces())
        .flat()
        .find((i) => i && i.family === 'IPv4' && !i.internal)?.address;
      if (external) expect(await reachable(external, inboxPort)).toBe('refused');
    } finally {
      await backend.close();
    }
  });
});

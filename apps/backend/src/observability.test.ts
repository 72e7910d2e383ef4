/**
 * What a host watches: /health says which parts are ready, /metrics serves Prometheus text only
 * with the token, every answer carries a request id, and the log is one JSON line per request.
 */
import { PassThrough } from 'node:stream';
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appConfig } from './config.js';
import type { AppContext } from './context.js';
import { createObservability, routeGroup } from './observability.js';
import type { RealtimeServer } from './realtime/server.js';
import { startTestServer, type TestServer } from './testing.js';

const token = 'metrics-token-for-tests-0123456789';

describe('a running backend', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({
      config: { metricsToken: token, corsOrigins: ['https://venue.example'] },
    });
  }, 120_000);
  afterAll(async () => {
    await server?.close();
  });

  it('answers /health with each part ready', async () => {
    const res = await fetch(`${server.url}/health`);
    expect(res.status).toBe(200);
    const body = (await res.json()) as {
      status: string;
      parts: Record<string, { ready: boolean }>;
    };
    expect(body.status).toBe('ready');
    expect(Object.keys(body.parts).sort()).toEqual(
      ['database', 'jobs', 'mail', 'mail-transport', 'storage'].sort(),
    );
    for (const part of Object.values(body.parts)) expect(part.ready).toBe(true);
  });

  it('gives every answer a request id, keeping a plain one the client sent', async () => {
    const a = await fetch(`${server.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: server.anonKey },
    });
    expect(a.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    const b = await fetch(`${server.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: server.anonKey, 'x-request-id': 'lb-42.abc' },
    });
    expect(b.headers.get('x-request-id')).toBe('lb-42.abc');
    const c = await fetch(`${server.url}/nowhere`, {
      headers: { 'x-request-id': 'bad id with spaces' },
    });
    expect(c.status).toBe(404);
    expect(c.headers.get('x-request-id')).toMatch(/^[0-9a-f-]{36}$/);
    // a page of an allowed origin can read it, to quote it when it reports a failure
    const d = await fetch(`${server.url}/rest/v1/events?select=id&limit=1`, {
      headers: { apikey: server.anonKey, origin: 'https://venue.example' },
    });
    expect(d.headers.get('access-control-expose-headers')?.split(/,\s*/)).toContain('x-request-id');
  });

  it('serves /metrics only with the token, in Prometheus text', async () => {
    expect((await fetch(`${server.url}/metrics`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/metrics`, { headers: { authorization: 'Bearer wrong' } })).status,
    ).toBe(401);
    await fetch(`${server.url}/rest/v1/events?select=id`, { headers: { apikey: server.anonKey } });
    const res = await fetch(`${server.url}/metrics`, {
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('text/plain');
    const text = await res.text();
    expect(text).toMatch(
      /bistro_http_requests_total\{group="rest",method="GET",status="200"\} \d+/,
    );
    expect(text).toMatch(
      /bistro_http_request_duration_seconds_bucket\{le="0.1",group="rest"\} \d+/,
    );
    expect(text).toMatch(/bistro_database_up\{kind="(pglite|postgres)"\} 1/);
    expect(text).toMatch(/bistro_realtime_sockets 0/);
    expect(text).toMatch(/bistro_database_connections\{state="open"\} [1-9]\d*/);
    expect(text).toMatch(/bistro_database_connections\{state="waiting"\} \d+/);
    expect(text).toMatch(/bistro_realtime_delivery_delay_seconds_count \d+/);
    expect(text).toMatch(/bistro_mail_queue_depth \d+/);
    expect(text).toMatch(/bistro_mail_failing \d+/);
  });
});

describe('observability on its own', () => {
  const fakeCtx = (over: Partial<AppContext['config']>, dbOk = true): AppContext =>
    ({
      config: appConfig({ apiUrl: '', dataDir: undefined, supabaseDir: '' }, over),
      db: {
        kind: 'pglite',
        query: async () => {
          if (!dbOk) throw new Error('database is down');
          return { rows: [{ queued: 2, failing: 1 }] };
        },
      },
    }) as unknown as AppContext;

  it('names a bounded set of route groups', () => {
    expect(routeGroup('/rest/v1/events')).toBe('rest');
    expect(routeGroup('/rest/v1/rpc/request_song')).toBe('rpc');
    expect(routeGroup('/auth/v1/token')).toBe('auth');
    expect(routeGroup('/storage/v1/object/x/y.png')).toBe('storage');
    expect(routeGroup('/realtime/v1/websocket')).toBe('realtime');
    expect(routeGroup('/anything/else')).toBe('other');
  });

  it('writes one JSON line per request with its id, status and time', async () => {
    const out = new PassThrough();
    const lines: string[] = [];
    out.on('data', (d: Buffer) => lines.push(...d.toString().trim().split('\n')));
    const obs = createObservability(fakeCtx({ logLevel: 'info' }), { destination: out });
    const app = new Hono();
    app.use('*', (c, next) => obs.middleware(c, next));
    app.get('/rest/v1/events', (c) => c.json([]));
    const res = await app.request('/rest/v1/events?select=id', {
      headers: { 'x-request-id': 'abc-1' },
    });
    expect(res.headers.get('x-request-id')).toBe('abc-1');
    await new Promise((r) => setImmediate(r));
    const entry = JSON.parse(lines.at(-1)!) as Record<string, unknown>;
    expect(entry).toMatchObject({
      level: 30,
      reqId: 'abc-1',
      method: 'GET',
      path: '/rest/v1/events',
      group: 'rest',
      status: 200,
      service: 'bistro-backend',
    });
    expect(typeof entry['ms']).toBe('number');
  });

  it('counts Realtime delivery delays in a histogram', async () => {
    let delivered: ((s: number) => void) | undefined;
    const realtime = {
      stats: () => ({ sockets: 2, channels: 3 }),
      onDelivered: (fn: (s: number) => void) => void (delivered = fn),
    } as unknown as RealtimeServer;
    const obs = createObservability(fakeCtx({ metricsToken: token }), { realtime });
    delivered?.(0.03);
    delivered?.(1.5);
    const app = new Hono();
    obs.mount(app);
    const text = await (
      await app.request('/metrics', { headers: { authorization: `Bearer ${token}` } })
    ).text();
    expect(text).toMatch(/bistro_realtime_delivery_delay_seconds_bucket\{le="0.05"\} 1\b/);
    expect(text).toMatch(/bistro_realtime_delivery_delay_seconds_bucket\{le="2"\} 2\b/);
    expect(text).toMatch(/bistro_realtime_delivery_delay_seconds_count 2\b/);
    expect(text).toMatch(/bistro_realtime_sockets 2\b/);
  });

  it('answers 404 at /metrics without a token setting, and 503 at /health when the database is down', async () => {
    const obs = createObservability(fakeCtx({}, false));
    const app = new Hono();
    obs.mount(app);
    expect((await app.request('/metrics')).status).toBe(404);
    const res = await app.request('/health');
    expect(res.status).toBe(503);
    const body = (await res.json()) as {
      status: string;
      parts: Record<string, { ready: boolean }>;
    };
    expect(body.status).toBe('not ready');
    expect(body.parts['database']!.ready).toBe(false);
    expect(body.parts['mail']!.ready).toBe(false);
  });
});

// The push-notifications function against the project's backend and a local stand-in for a
// browser vendor's push service (an HTTPS server on this machine with a certificate made for
// the test and trusted by this process only, as push services take messages): a member subscribes through the API, their request starts playing, the function
// sends the encrypted, VAPID-signed message, which the stand-in decrypts with the
// subscription's keys; a gone endpoint is dropped; an unreachable push service only leaves
// the message for the next run; without VAPID keys nothing is sent.
import { execFileSync } from 'node:child_process';
import { createECDH, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import type { IncomingHttpHeaders } from 'node:http';
import { createServer, globalAgent, type Server } from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import webpush from 'web-push';
// @ts-expect-error http_ece (web-push's own payload encryption) ships no types
import ece from 'http_ece';
// eslint-disable-next-line @nx/enforce-module-boundaries
import { startTestServer, type TestServer } from '@bistro/backend/src/testing';

let srv: TestServer;
let push: Server;
let pushUrl: string;
const received: { path: string; headers: IncomingHttpHeaders; body: Buffer }[] = [];

/** A browser's side of a subscription: its key pair and auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    ecdh,
    authSecret,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: authSecret.toString('base64url'),
  };
}

async function signIn(email: string): Promise<{ token: string; id: string }> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'Content-Type': 'application/json' },
    body: JSON.stringify({ email, password: 'password123' }),
  });
  const body = (await res.json()) as { access_token: string; user: { id: string } };
  return { token: body.access_token, id: body.user.id };
}

async function subscribe(token: string, endpoint: string, keys: { p256dh: string; auth: string }) {
  const res = await fetch(`${srv.url}/rest/v1/push_subscriptions`, {
    method: 'POST',
    headers: {
      apikey: srv.anonKey,
      Authorization: `Bearer ${token}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ endpoint, p256dh: keys.p256dh, auth: keys.auth }),
  });
  expect(res.status).toBe(201);
}

async function playRequestOf(userId: string, title: string) {
  const rows = await srv.db.query<{ id: string }>(
    `insert into public.song_requests (song_title, artist, user_id) values ($1, 'The Pushers', $2)
     returning id`,
    [title, userId],
  );
  await srv.db.query(`update public.song_requests set status = 'playing' where id = $1`, [
    rows.rows[0]?.id,
  ]);
}

function run() {
  return fetch(`${srv.url}/functions/v1/push-notifications`, {
    method: 'POST',
    headers: {
      apikey: srv.serviceRoleKey,
      Authorization: `Bearer ${srv.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: '{}',
  });
}

const vapid = webpush.generateVAPIDKeys();

/** A self-signed certificate for 127.0.0.1, trusted by this test's HTTPS requests only. */
function testCertificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(join(tmpdir(), 'push-stand-in-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem')), cert: readFileSync(join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

beforeAll(async () => {
  const tls = testCertificate();
  // web-push sends through Node's https module: this process trusts the stand-in's certificate
  globalAgent.options.ca = tls.cert;
  push = createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(req.url?.startsWith('/gone/') ? 410 : 201).end();
    });
  });
  await new Promise<void>((resolve) => push.listen(0, '127.0.0.1', resolve));
  pushUrl = `https://127.0.0.1:${(push.address() as AddressInfo).port}`;
  srv = await startTestServer();
}, 180_000);

afterAll(async () => {
  delete process.env['VAPID_PUBLIC_KEY'];
  delete process.env['VAPID_PRIVATE_KEY'];
  delete process.env['VAPID_SUBJECT'];
  delete process.env['PUSH_SERVICE_HOSTS'];
  await srv?.close();
  await new Promise((resolve) => push?.close(resolve));
});

beforeEach(() => {
  received.length = 0;
  // the stand-in is the only push service these tests allow
  process.env['PUSH_SERVICE_HOSTS'] = '127.0.0.1';
  process.env['VAPID_PUBLIC_KEY'] = vapid.publicKey;
  process.env['VAPID_PRIVATE_KEY'] = vapid.privateKey;
  process.env['VAPID_SUBJECT'] = 'mailto:lounge@example.com';
});

describe('push-notifications', () => {
  it("sends the member's 'your song is playing' encrypted and signed; a gone endpoint is dropped", async () => {
    const leo = await signIn('leo@example.com');
    const phone = browserKeys();
    const oldLaptop = browserKeys();
    await subscribe(leo.token, `${pushUrl}/ok/leo-phone`, phone);
    await subscribe(leo.token, `${pushUrl}/gone/leo-laptop`, oldLaptop);
    await playRequestOf(leo.id, 'Push Notification Blues');

    const res = await run();
    expect(await res.json()).toEqual({ sent: 1, failed: 0 });
    expect(received.map((r) => r.path).sort()).toEqual(['/gone/leo-laptop', '/ok/leo-phone']);

    const message = received.find((r) => r.path === '/ok/leo-phone');
    expect(message?.headers['content-encoding']).toBe('aes128gcm');
    expect(message?.headers['ttl']).toBe('600');
    expect(message?.headers['urgency']).toBe('high');
    expect(message?.headers['authorization']).toMatch(
      new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${vapid.publicKey}$`),
    );
    const plain = ece.decrypt(message?.body, {
      version: 'aes128gcm',
      privateKey: phone.ecdh,
      authSecret: phone.authSecret,
    }) as Buffer;
    expect(JSON.parse(plain.toString('utf8'))).toMatchObject({
      kind: 'request_playing',
      title: '🎶 Your Request Is Playing Now!',
      body: 'Push Notification Blues by The Pushers is on right now',
      url: '/song-requests',
    });

    const left = await srv.db.query<{ endpoint: string }>(
      'select endpoint from public.push_subscriptions where user_id = $1',
      [leo.id],
    );
    expect(left.rows.map((r) => r.endpoint)).toEqual([`${pushUrl}/ok/leo-phone`]);
    // sent once: the next run has nothing to send
    received.length = 0;
    expect(await (await run()).json()).toEqual({ sent: 0, failed: 0 });
    expect(received).toEqual([]);
  });

  it('never posts to an endpoint that is not a push service, and drops it', async () => {
    const leo = await signIn('leo@example.com');
    process.env['PUSH_SERVICE_HOSTS'] = 'push.example.test';
    await subscribe(leo.token, `${pushUrl}/ok/inside-the-venue`, browserKeys());
    await playRequestOf(leo.id, 'Not A Push Service');
    expect(await (await run()).json()).toEqual({ sent: 1, failed: 0 });
    expect(received).toEqual([]);
    const left = await srv.db.query('select 1 from public.push_subscriptions where endpoint = $1', [
      `${pushUrl}/ok/inside-the-venue`,
    ]);
    expect(left.rows).toEqual([]);
  });

  it('keeps working when no push service can be reached, and tries again on the next run', async () => {
    const maya = await signIn('maya@example.com');
    // nothing listens on port 9 of this machine
    await subscribe(maya.token, 'https://127.0.0.1:9/push/maya', browserKeys());
    await playRequestOf(maya.id, 'Nobody Home');
    const first = await run();
    expect(first.status).toBe(200);
    expect(await first.json()).toEqual({ sent: 0, failed: 1 });
    expect(await (await run()).json()).toEqual({ sent: 0, failed: 1 });
    const [row] = (
      await srv.db.query<{ attempts: number; sent_at: string | null }>(
        'select attempts, sent_at from private.push_outbox where user_id = $1',
        [maya.id],
      )
    ).rows;
    expect(row).toEqual({ attempts: 2, sent_at: null });
    // the API itself is unaffected
    const health = await fetch(`${srv.url}/rest/v1/djs?select=id&limit=1`, {
      headers: { apikey: srv.anonKey, Authorization: `Bearer ${maya.token}` },
    });
    expect(health.status).toBe(200);
  });

  it('tells browsers the public key to subscribe with, and null when push is off', async () => {
    const key = () =>
      fetch(`${srv.url}/functions/v1/push-notifications`, { headers: { apikey: srv.anonKey } });
    expect(await (await key()).json()).toEqual({ publicKey: vapid.publicKey });
    delete process.env['VAPID_PUBLIC_KEY'];
    expect(await (await key()).json()).toEqual({ publicKey: null });
  });

  it('sends nothing without VAPID keys, and only the service role may run it', async () => {
    delete process.env['VAPID_PUBLIC_KEY'];
    delete process.env['VAPID_PRIVATE_KEY'];
    expect(await (await run()).json()).toEqual({
      sent: 0,
      failed: 0,
      note: 'VAPID keys are not set: push is off',
    });
    const leo = await signIn('leo@example.com');
    const asMember = await fetch(`${srv.url}/functions/v1/push-notifications`, {
      method: 'POST',
      headers: { apikey: srv.anonKey, Authorization: `Bearer ${leo.token}` },
      body: '{}',
    });
    expect(asMember.status).toBe(403);
  });
});

/**
 * The Realtime socket under attack: forged and expired tokens, bad API keys, malformed and
 * oversized frames, floods, another member's private topic. Whatever one socket does, the
 * others (a member joined to the lounge topic) stay connected and keep receiving.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SignJWT } from 'jose';
import { startTestServer, type TestServer } from '../testing.js';
import { PASSWORD, USERS } from '../integration/support.js';
import { RawSocket, TEST_POLICIES, send, sleep, until } from '../realtime/test-support.js';

let srv: TestServer;
const tokens: Record<'maya' | 'leo', string> = { maya: '', leo: '' };
/** maya's socket, joined to rt-test:members for the whole file: it must never be dropped. */
let bystander: RawSocket;
const sockets: RawSocket[] = [];
const open = async (query?: string) => {
  const s = await RawSocket.open(srv.url, query ?? `apikey=${srv.anonKey}&vsn=2.0.0`);
  sockets.push(s);
  return s;
};

async function signIn(who: 'maya' | 'leo'): Promise<string> {
  const res = await fetch(`${srv.url}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    headers: { apikey: srv.anonKey, 'content-type': 'application/json' },
    body: JSON.stringify({ email: USERS[who].email, password: PASSWORD }),
  });
  const body = (await res.json()) as { access_token: string };
  return body.access_token;
}

/** A token for maya signed by this backend's key, expiring in `seconds` (negative: expired). */
const mayaToken = (seconds: number) =>
  srv.backend.ctx.keys.sign(
    { sub: USERS.maya.id, role: 'authenticated', aud: 'authenticated', email: USERS.maya.email },
    seconds,
  );

/** Counts the broadcasts the bystander has received. */
const broadcasts = () => bystander.binary.filter((b) => b[0] === 4).length;

/** The bystander still receives: a message sent now arrives. */
async function bystanderAlive(): Promise<void> {
  const before = broadcasts();
  await send(srv, 'rt-test:members', 'ping', { at: Date.now() });
  await until(() => broadcasts() > before, 3000);
  expect(bystander.closed).toBeNull();
}

beforeAll(async () => {
  srv = await startTestServer({
    config: {
      realtime: { maxFrameBytes: 16 * 1024, maxMessagesPerSecond: 50, maxChannelsPerSocket: 5 },
    },
  });
  await srv.sql(TEST_POLICIES);
  tokens.maya = await signIn('maya');
  tokens.leo = await signIn('leo');
  bystander = await open();
  expect((await bystander.join('rt-test:members', { token: tokens.maya })).status).toBe('ok');
});

afterAll(async () => {
  for (const s of sockets) s.close();
  await srv?.close();
});

describe('realtime security: the upgrade', () => {
  it('refuses a socket without the anon or service key', async () => {
    await expect(RawSocket.open(srv.url, 'vsn=2.0.0')).rejects.toThrow('401');
    await expect(RawSocket.open(srv.url, 'apikey=not-a-key&vsn=2.0.0')).rejects.toThrow('401');
    await expect(RawSocket.open(srv.url, `apikey=${tokens.maya}&vsn=2.0.0`)).rejects.toThrow('401');
    await expect(RawSocket.open(srv.url, `apikey=${srv.anonKey}&vsn=9.9.9`)).rejects.toThrow('400');
  });
});

describe('realtime security: tokens', () => {
  it('refuses a forged token (signed with another key)', async () => {
    const forged = await new SignJWT({ sub: USERS.maya.id, role: 'authenticated' })
      .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('super-secret-jwt-token-with-at-least-32-characters-long'));
    const s = await open();
    const r = await s.join('rt-test:members', { token: forged });
    expect(r.status).toBe('error');
    expect(String(r.response['reason'])).toMatch(/^InvalidJWTToken: /);
    // a token whose payload was edited (role raised) fails its signature
    const [h, p, sig] = tokens.leo.split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString()) as Record<string, unknown>;
    claims['role'] = 'service_role';
    const edited = `${h}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.${sig}`;
    const r2 = await s.join('rt-test:members', { token: edited });
    expect(r2.status).toBe('error');
    expect(String(r2.response['reason'])).toMatch(/^InvalidJWTToken: /);
    await bystanderAlive();
  });

  it('refuses an expired token at join', async () => {
    const s = await open();
    const r = await s.join('rt-test:members', { token: await mayaToken(-30) });
    expect(r.status).toBe('error');
    expect(String(r.response['reason'])).toMatch(
      /^InvalidJWTToken: Token has expired \d+ seconds ago$/,
    );
  });

  it('tells the client and closes the channel when its token expires while joined', async () => {
    const s = await open();
    const r = await s.join('rt-test:members', { token: await mayaToken(2) });
    expect(r.status).toBe('ok');
    await until(() => s.frames.some((f) => (f as unknown[])[3] === 'phx_close'), 5000);
    const system = s.frames.find((f) => (f as unknown[])[3] === 'system') as unknown[];
    expect(system[4]).toMatchObject({
      status: 'error',
      extension: 'system',
      channel: 'rt-test:members',
    });
    expect(String((system[4] as { message: string }).message)).toContain('Token has expired');
    // nothing more arrives on that channel
    const before = s.binary.length;
    await send(srv, 'rt-test:members', 'after-expiry', {});
    await sleep(300);
    expect(s.binary.length).toBe(before);
    await bystanderAlive();
  });

  it('an expired or forged access_token refresh closes the channel', async () => {
    const s = await open();
    expect((await s.join('rt-test:members', { token: tokens.maya })).status).toBe('ok');
    s.push('realtime:rt-test:members', 'access_token', { access_token: await mayaToken(-5) }, '1');
    await until(() => s.frames.some((f) => (f as unknown[])[3] === 'phx_close'));
    const before = s.binary.length;
    await send(srv, 'rt-test:members', 'after-refresh', {});
    await sleep(300);
    expect(s.binary.length).toBe(before);
  });
});

describe("realtime security: another member's private topic", () => {
  it("leo cannot join maya's own topic, nor read it by any topic spelling", async () => {
    const s = await open();
    for (const topic of [
      `rt-test:user:${USERS.maya.id}`,
      `rt-test:user:${USERS.maya.id.toUpperCase()}`,
      `rt-test:user:${USERS.maya.id} `,
    ]) {
      const r = await s.join(topic, { token: tokens.leo });
      expect(r.status).toBe('error');
      expect(String(r.response['reason'])).toMatch(
        /^Unauthorized: You do not have permissions to read from this Channel topic: /,
      );
    }
    // a public join of the same topic receives none of its private messages
    const pub = await s.join(`rt-test:user:${USERS.maya.id}`, {
      private: false,
      token: tokens.leo,
    });
    expect(pub.status).toBe('ok');
    await send(srv, `rt-test:user:${USERS.maya.id}`, 'secret', { x: 1 }, true);
    await sleep(400);
    expect(s.binary).toEqual([]);
  });

  it('the authorization probe leaves no row behind', async () => {
    const before = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from realtime.messages`,
    );
    const s = await open();
    await s.join('rt-test:chat', { token: tokens.leo });
    await s.join('rt-test:members', { token: tokens.leo });
    const after = await srv.db.query<{ n: number }>(
      `select count(*)::int as n from realtime.messages`,
    );
    expect(after.rows[0]?.n).toBe(before.rows[0]?.n);
  });
});

describe('realtime security: bad frames close only their socket', () => {
  it('closes a socket that sends non-JSON (1007)', async () => {
    const s = await open();
    s.ws.send('this is not json');
    await until(() => s.closed !== null);
    expect(s.closed?.code).toBe(1007);
    await bystanderAlive();
  });

  it('closes a socket that sends a wrong shape (1007)', async () => {
    for (const bad of [
      '{"topic":"x"}',
      '[1,2,3]',
      '[null,"1",42,"phx_join",{}]',
      '[null,"1","t","e","p"]',
      'null',
    ]) {
      const s = await open();
      s.ws.send(bad);
      await until(() => s.closed !== null);
      expect(s.closed?.code).toBe(1007);
    }
    await bystanderAlive();
  });

  it('closes a socket that sends binary garbage (1007)', async () => {
    const s = await open();
    s.ws.send(Buffer.from([3, 200, 200, 200, 200, 200, 1, 1, 2, 3]));
    await until(() => s.closed !== null);
    expect(s.closed?.code).toBe(1007);
    const s2 = await open();
    s2.ws.send(Buffer.from([0, 1, 2, 3, 4, 5, 6, 7]));
    await until(() => s2.closed !== null);
    expect(s2.closed?.code).toBe(1007);
    await bystanderAlive();
  });

  it('closes a socket whose frame is larger than the limit (1009)', async () => {
    const s = await open();
    s.push('realtime:rt-test:chat', 'broadcast', {
      type: 'broadcast',
      event: 'x',
      payload: 'a'.repeat(20_000),
    });
    await until(() => s.closed !== null);
    expect(s.closed?.code).toBe(1009);
    await bystanderAlive();
  });

  it('answers unknown topics and events with an error reply, and keeps the socket', async () => {
    const s = await open();
    const r1 = await s.reply(
      s.push('realtime:never-joined', 'broadcast', { type: 'broadcast', event: 'x' }),
    );
    expect(r1).toEqual({ status: 'error', response: { reason: 'unmatched topic' } });
    const r2 = await s.reply(s.push('phoenix', 'something', {}));
    expect(r2.status).toBe('error');
    const r3 = await s.reply(s.push('not-realtime', 'phx_join', {}));
    expect(r3.status).toBe('error');
    expect((await s.join('rt-test:chat', { token: tokens.leo })).status).toBe('ok');
    const r4 = await s.reply(s.push('realtime:rt-test:chat', 'no_such_event', {}));
    expect(r4.status).toBe('error');
    expect(String(r4.response['reason'])).toContain('unknown event');
    const hb = await s.reply(s.push('phoenix', 'heartbeat', {}));
    expect(hb).toEqual({ status: 'ok', response: {} });
    expect(s.closed).toBeNull();
  });

  it('limits the channels of one socket', async () => {
    const s = await open();
    for (let i = 0; i < 5; i++)
      expect((await s.join(`rt-test:open-${i}`, { private: false })).status).toBe('ok');
    const r = await s.join('rt-test:open-5', { private: false });
    expect(r.status).toBe('error');
    expect(String(r.response['reason'])).toContain('Too many channels');
  });

  it('closes a socket that floods (1008), not the others', async () => {
    const s = await open();
    for (let i = 0; i < 500; i++) s.push('phoenix', 'heartbeat', {});
    await until(() => s.closed !== null);
    expect(s.closed?.code).toBe(1008);
    await bystanderAlive();
  });
});

import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SignJWT, exportJWK, generateKeyPair, type CryptoKey, type JWTPayload } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { serveDist, type RunningServer } from './index.mjs';
import { rawRequest } from './raw-request';
import { SessionVerifier, isSameOrigin, sessionCookieName } from './session-cookie.mjs';

interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  body: string;
}

async function call(
  server: RunningServer,
  path: string,
  options: Parameters<typeof rawRequest>[2] = {},
): Promise<Answer> {
  const answer = await rawRequest(server.port, path, options);
  return { ...answer, body: answer.body.toString('utf8') };
}

const indexHtml =
  '<!doctype html><html><head><title>Bistro</title></head>' +
  '<body><div id="root"><p>Loading</p></div><script src="/main.1a2b3c4d.js"></script></body></html>';

/**
 * A shell server build that renders what it was asked with: the member's
 * token (or "visitor"), on / for everyone and on /song-requests for members.
 */
const fakeShellBuild = `
const { Readable } = require('node:stream');
module.exports = {
  rendersOnServer: (path, options) => path === '/' || (path === '/song-requests' && Boolean(options && options.member)),
  renderPage: async (request) => ({
    body: Readable.from([request.session ? 'rendered for ' + request.session.accessToken : 'rendered for a visitor']),
    state: () => '{}',
  }),
};
`;

let dir: string;
let shell: RunningServer;
let keysServer: Server;
let apiUrl: string;
let signingKey: CryptoKey;
let otherKey: CryptoKey;
const kid = 'project-key';

/** A token as the auth API issues it (ES256, its key id), with `claims` over a member's. */
function token(
  claims: JWTPayload = {},
  { key = signingKey, keyId = kid, expiresIn = 3600 } = {},
): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  return new SignJWT({ role: 'authenticated', sub: 'member-1', aud: 'authenticated', ...claims })
    .setProtectedHeader({ alg: 'ES256', kid: keyId, typ: 'JWT' })
    .setIssuedAt(now)
    .setExpirationTime(now + expiresIn)
    .sign(key);
}

beforeAll(async () => {
  const pair = await generateKeyPair('ES256', { extractable: true });
  signingKey = pair.privateKey;
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const publicJwk = { ...(await exportJWK(pair.publicKey)), kid, alg: 'ES256', use: 'sig' };
  keysServer = createServer((req, res) => {
    if (req.url === '/auth/v1/.well-known/jwks.json') {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify({ keys: [publicJwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => keysServer.listen(0, '127.0.0.1', resolve));
  const address = keysServer.address();
  apiUrl = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}`;

  dir = await mkdtemp(join(tmpdir(), 'session-cookie-test-'));
  const dist = join(dir, 'dist');
  await mkdir(join(dist, 'server'), { recursive: true });
  await writeFile(join(dist, 'index.html'), indexHtml);
  await writeFile(join(dist, 'server', 'main.cjs'), fakeShellBuild);
  const configFile = join(dir, 'config.json');
  await writeFile(
    configFile,
    JSON.stringify({ remotes: {}, supabase: { url: apiUrl, anonKey: 'anon' } }),
  );
  shell = await serveDist({
    dist,
    port: 0,
    host: '127.0.0.1',
    spa: true,
    configFile,
    serverRender: true,
    sessionVerifier: new SessionVerifier(),
  });
});

afterAll(async () => {
  await shell.close();
  await new Promise((resolve) => keysServer.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/** A same-origin JSON POST of `accessToken`, as the shell's pages send it. */
function postSession(accessToken: unknown, headers: Record<string, string> = {}) {
  return call(shell, '/auth/session', {
    method: 'POST',
    headers: {
      Origin: shell.url,
      'Sec-Fetch-Site': 'same-origin',
      'Content-Type': 'application/json',
      ...headers,
    },
    body: JSON.stringify({ access_token: accessToken }),
  });
}

/** The attributes of the Set-Cookie header for the session cookie, lower-cased names. */
function cookieOf(answer: Answer): { value: string; attributes: Map<string, string> } | null {
  const header = (answer.headers['set-cookie'] ?? []).find((c) =>
    c.startsWith(`${sessionCookieName}=`),
  );
  if (!header) return null;
  const [pair = '', ...rest] = header.split(';').map((part) => part.trim());
  return {
    value: pair.slice(sessionCookieName.length + 1),
    attributes: new Map(
      rest.map((part) => {
        const [name = '', value = ''] = part.split('=');
        return [name.toLowerCase(), value];
      }),
    ),
  };
}

describe('POST /auth/session', () => {
  it("stores a verified member's token in an HttpOnly, SameSite=Lax cookie for the whole site until it expires", async () => {
    const accessToken = await token({}, { expiresIn: 1800 });
    const answer = await postSession(accessToken);
    expect(answer.status).toBe(204);
    expect(answer.headers['cache-control']).toBe('no-store');
    const cookie = cookieOf(answer);
    expect(cookie?.value).toBe(accessToken);
    expect(cookie?.attributes.has('httponly')).toBe(true);
    expect(cookie?.attributes.get('samesite')?.toLowerCase()).toBe('lax');
    expect(cookie?.attributes.get('path')).toBe('/');
    expect(Number(cookie?.attributes.get('max-age'))).toBeGreaterThan(1790);
    expect(Number(cookie?.attributes.get('max-age'))).toBeLessThanOrEqual(1800);
    // served over plain http: a Secure cookie would never come back
    expect(cookie?.attributes.has('secure')).toBe(false);
  });

  it('marks the cookie Secure when the site is served over https', async () => {
    const answer = await postSession(await token(), { 'X-Forwarded-Proto': 'https' });
    expect(answer.status).toBe(204);
    expect(cookieOf(answer)?.attributes.has('secure')).toBe(true);
  });

  it.each([
    ['signed with another key', () => token({}, { key: otherKey })],
    ['naming another key', () => token({}, { keyId: 'other' })],
    ['expired', () => token({}, { expiresIn: -60 })],
    ['the anon key (not a member)', () => token({ role: 'anon', sub: undefined })],
    ['a service key', () => token({ role: 'service_role' })],
    ['without a subject', () => token({ sub: '' })],
    ['unsigned', async () => `${(await token()).split('.').slice(0, 2).join('.')}.`],
    ['not a JWT', async () => 'not-a-token'],
  ])('refuses a token %s, and clears the cookie', async (_label, make) => {
    const answer = await postSession(await make());
    expect(answer.status).toBe(401);
    const cookie = cookieOf(answer);
    expect(cookie?.value).toBe('');
    expect(cookie?.attributes.get('max-age')).toBe('0');
  });

  it('refuses an HS256 token signed with the public key (algorithm confusion)', async () => {
    const fake = await new SignJWT({ role: 'authenticated', sub: 'member-1' })
      .setProtectedHeader({ alg: 'HS256', kid })
      .setExpirationTime('1h')
      .sign(new TextEncoder().encode('a guessed secret'));
    expect((await postSession(fake)).status).toBe(401);
  });

  it.each([
    ['from another site', { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' }],
    ['from a sibling site', { 'Sec-Fetch-Site': 'same-site' }],
    ['naming another origin', { Origin: 'http://127.0.0.1:1' }],
  ])('refuses a request %s', async (_label, headers) => {
    const answer = await postSession(await token(), headers);
    expect(answer.status).toBe(403);
    expect(cookieOf(answer)).toBeNull();
  });

  it('refuses a request without Origin', async () => {
    const answer = await call(shell, '/auth/session', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: await token() }),
    });
    expect(answer.status).toBe(403);
    expect(cookieOf(answer)).toBeNull();
  });

  it('takes JSON only (a cross-site form cannot send it)', async () => {
    const answer = await call(shell, '/auth/session', {
      method: 'POST',
      headers: { Origin: shell.url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: `access_token=${await token()}`,
    });
    expect(answer.status).toBe(415);
    expect(cookieOf(answer)).toBeNull();
  });

  it('refuses other methods', async () => {
    const answer = await call(shell, '/auth/session', { headers: { Origin: shell.url } });
    expect(answer.status).toBe(405);
  });
});

describe('DELETE /auth/session', () => {
  it('removes the cookie for a same-origin request only', async () => {
    const cross = await call(shell, '/auth/session', {
      method: 'DELETE',
      headers: { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
    });
    expect(cross.status).toBe(403);
    expect(cookieOf(cross)).toBeNull();
    const answer = await call(shell, '/auth/session', {
      method: 'DELETE',
      headers: { Origin: shell.url, 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(answer.status).toBe(204);
    const cookie = cookieOf(answer);
    expect(cookie?.value).toBe('');
    expect(cookie?.attributes.get('max-age')).toBe('0');
    expect(cookie?.attributes.has('httponly')).toBe(true);
  });
});

describe('a page requested with the session cookie', () => {
  it("is rendered with the member's verified token, never kept by a shared cache", async () => {
    const accessToken = await token();
    const answer = await call(shell, '/song-requests', {
      headers: { Cookie: `${sessionCookieName}=${accessToken}` },
    });
    expect(answer.status).toBe(200);
    expect(answer.body).toContain(`rendered for ${accessToken}`);
    expect(answer.headers['cache-control']).toBe('private, no-store');
    expect(String(answer.headers['vary'])).toMatch(/\bCookie\b/);
    expect(cookieOf(answer)).toBeNull();
  });

  it.each([
    ['forged', () => token({}, { key: otherKey })],
    ['expired', () => token({}, { expiresIn: -60 })],
    ['the anon key', () => token({ role: 'anon' })],
  ])(
    'is rendered as a visitor sees it when the token is %s, and the cookie is dropped',
    async (_label, make) => {
      const home = await call(shell, '/', {
        headers: { Cookie: `${sessionCookieName}=${await make()}` },
      });
      expect(home.body).toContain('rendered for a visitor');
      expect(home.headers['cache-control']).toBe('private, no-store');
      expect(cookieOf(home)?.attributes.get('max-age')).toBe('0');
      // a member's page is not rendered on the server for a visitor: the browser sends them to sign in
      const member = await call(shell, '/song-requests', {
        headers: { Cookie: `${sessionCookieName}=${await make()}` },
      });
      expect(member.status).toBe(200);
      expect(member.body).not.toContain('rendered for');
      expect(member.body).toContain('<p>Loading</p>');
    },
  );

  it("is a visitor's without a cookie, still varying by it", async () => {
    const answer = await call(shell, '/');
    expect(answer.body).toContain('rendered for a visitor');
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(String(answer.headers['vary'])).toMatch(/\bCookie\b/);
  });
});

describe('isSameOrigin', () => {
  const req = (headers: Record<string, string>) =>
    ({ headers }) as unknown as Parameters<typeof isSameOrigin>[0];

  it('needs Origin to name the host the request was sent to', () => {
    expect(isSameOrigin(req({ host: 'bistro.test', origin: 'https://bistro.test' }))).toBe(true);
    expect(isSameOrigin(req({ host: 'bistro.test', origin: 'https://bistro.test.evil' }))).toBe(
      false,
    );
    expect(isSameOrigin(req({ host: 'bistro.test', origin: 'null' }))).toBe(false);
    expect(isSameOrigin(req({ host: 'bistro.test' }))).toBe(false);
  });
});

describe('SessionVerifier with a JWT secret', () => {
  it('takes HS256 tokens signed with the secret only', async () => {
    const verifier = new SessionVerifier({ secret: 'the project secret' });
    const sign = (secret: string) =>
      new SignJWT({ role: 'authenticated', sub: 'member-1' })
        .setProtectedHeader({ alg: 'HS256' })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode(secret));
    expect(await verifier.verify(await sign('the project secret'), undefined)).toMatchObject({
      userId: 'member-1',
    });
    expect(await verifier.verify(await sign('another secret'), undefined)).toBeNull();
    expect(await verifier.verify(await token(), apiUrl)).toBeNull();
  });
});

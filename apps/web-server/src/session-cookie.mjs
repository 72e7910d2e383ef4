// The member's session in a cookie, for pages rendered on the server as that
// member sees them.
//
// The browser's auth client (supabase-js) keeps the session; page code cannot
// write an HttpOnly cookie, so it hands each new access token to
// `POST /auth/session` (after sign-in, a token refresh, a user update) and
// calls `DELETE /auth/session` on sign-out. The server verifies the token
// (signature against the backend's published keys, or its JWT secret, and
// expiry) before it sets the cookie, and verifies it again on every page: an
// unverified token is never used, and one that fails renders the page as a
// visitor sees it. Only same-origin JSON requests may change the cookie.
import { parse as parseCookies, serialize as serializeCookie } from 'cookie';
import { createRemoteJWKSet, customFetch, jwtVerify } from 'jose';

/** The cookie's name. */
export const sessionCookieName = 'bistro-session';

/** Where the page code sends the session. */
export const sessionPath = '/auth/session';

/** Largest body the endpoint reads (an access token with its claims is about 1-2 KB). */
const maxBodyBytes = 16 * 1024;

/** @typedef {import('node:http').IncomingMessage} IncomingMessage */
/** @typedef {import('node:http').ServerResponse} ServerResponse */

/**
 * @typedef {object} VerifiedSession
 * @property {string} accessToken
 * @property {string} userId
 * @property {number} expiresAt seconds since the epoch
 */

/**
 * Checks access tokens as the backend does: the signature with the key the
 * auth API publishes (`/auth/v1/.well-known/jwks.json`, ES256 or RS256), or
 * with the project's JWT secret (HS256) when one is configured, and the expiry.
 * Only a member's token counts (role `authenticated` with a subject): the anon
 * and service keys are tokens too, and a page must never render with either.
 */
export class SessionVerifier {
  /** @type {Map<string, ReturnType<typeof createRemoteJWKSet>>} */
  #keySets = new Map();

  /**
   * @param {{ secret?: string | undefined, fetchImpl?: typeof fetch }} [options]
   */
  constructor({ secret, fetchImpl } = {}) {
    this.secret = secret ? new TextEncoder().encode(secret) : null;
    this.fetchImpl = fetchImpl;
  }

  /** @param {string} supabaseUrl */
  keysOf(supabaseUrl) {
    const base = supabaseUrl.endsWith('/') ? supabaseUrl : `${supabaseUrl}/`;
    const url = new URL('auth/v1/.well-known/jwks.json', base).href;
    let keys = this.#keySets.get(url);
    if (!keys) {
      keys = createRemoteJWKSet(new URL(url), {
        timeoutDuration: 2000,
        cooldownDuration: 30_000,
        cacheMaxAge: 10 * 60_000,
        ...(this.fetchImpl ? { [customFetch]: this.fetchImpl } : {}),
      });
      this.#keySets.set(url, keys);
    }
    return keys;
  }

  /**
   * The session a token stands for, or null when it is not a valid member's
   * token (forged, signed with another key, expired, malformed, not a member's).
   * @param {string} token
   * @param {string | undefined} supabaseUrl the backend whose keys signed it
   * @returns {Promise<VerifiedSession | null>}
   */
  async verify(token, supabaseUrl) {
    if (!token || token.length > 8192) return null;
    try {
      const { payload } = this.secret
        ? await jwtVerify(token, this.secret, { algorithms: ['HS256'] })
        : supabaseUrl
          ? await jwtVerify(token, this.keysOf(supabaseUrl), { algorithms: ['ES256', 'RS256'] })
          : { payload: null };
      if (!payload) return null;
      if (payload.role !== 'authenticated') return null;
      if (typeof payload.sub !== 'string' || payload.sub === '') return null;
      if (typeof payload.exp !== 'number') return null;
      return { accessToken: token, userId: payload.sub, expiresAt: payload.exp };
    } catch {
      return null;
    }
  }
}

/**
 * Whether the request was served over HTTPS (directly, or behind a proxy that
 * says so): the cookie is then marked Secure.
 * @param {IncomingMessage} req
 */
export function isHttps(req) {
  const forwarded = req.headers['x-forwarded-proto'];
  const proto = Array.isArray(forwarded) ? forwarded[0] : forwarded?.split(',')[0];
  return (
    /** @type {{ encrypted?: boolean }} */ (req.socket).encrypted === true ||
    proto?.trim() === 'https'
  );
}

/**
 * The Set-Cookie value that stores `session` until its token expires.
 * @param {VerifiedSession} session
 * @param {{ secure: boolean, now?: number }} options
 */
export function sessionCookie(session, { secure, now = Date.now() }) {
  return serializeCookie(sessionCookieName, session.accessToken, {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: Math.max(0, session.expiresAt - Math.floor(now / 1000)),
  });
}

/**
 * The Set-Cookie value that removes the cookie.
 * @param {{ secure: boolean }} options
 */
export function clearedSessionCookie({ secure }) {
  return serializeCookie(sessionCookieName, '', {
    httpOnly: true,
    sameSite: 'lax',
    secure,
    path: '/',
    maxAge: 0,
    expires: new Date(0),
  });
}

/**
 * The token in the request's session cookie, unverified, or null.
 * @param {IncomingMessage} req
 */
export function sessionTokenOf(req) {
  const header = req.headers.cookie;
  if (!header) return null;
  const token = parseCookies(header)[sessionCookieName];
  return token ? token : null;
}

/**
 * Whether a request that changes the cookie comes from this site's own pages:
 * the browser names the page's origin (Origin) and, where it supports Fetch
 * Metadata, says the request is same-origin. A form on another site, a
 * cross-site fetch or a request without Origin is refused.
 * @param {IncomingMessage} req
 */
export function isSameOrigin(req) {
  const site = req.headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return false;
  const origin = req.headers.origin;
  const host = req.headers.host;
  if (!origin || !host) return false;
  try {
    const url = new URL(origin);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.host === host;
  } catch {
    return false;
  }
}

/**
 * The request body as text, or null when it is larger than `maxBodyBytes`.
 * @param {IncomingMessage} req
 * @returns {Promise<string | null>}
 */
async function readBody(req) {
  /** @type {Buffer[]} */
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > maxBodyBytes) return null;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * @param {ServerResponse} res
 * @param {number} status
 * @param {Record<string, string | string[]>} [headers]
 * @param {unknown} [body]
 */
function reply(res, status, headers = {}, body) {
  res.writeHead(status, {
    'Cache-Control': 'no-store',
    ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
    ...headers,
  });
  res.end(body === undefined ? undefined : JSON.stringify(body));
}

/**
 * `POST /auth/session` with `{"access_token": "…"}` (JSON) sets the cookie to a
 * verified member token; `DELETE /auth/session` removes it. Same-origin only.
 * @param {IncomingMessage} req
 * @param {ServerResponse} res
 * @param {{ verifier: SessionVerifier, supabaseUrl: string | undefined }} options
 */
export async function handleSessionRequest(req, res, { verifier, supabaseUrl }) {
  const secure = isHttps(req);
  if (req.method !== 'POST' && req.method !== 'DELETE') {
    reply(res, 405, { Allow: 'POST, DELETE' }, { error: 'Method not allowed' });
    return;
  }
  if (!isSameOrigin(req)) {
    reply(res, 403, {}, { error: 'Only this site’s own pages may change the session' });
    return;
  }
  if (req.method === 'DELETE') {
    reply(res, 204, { 'Set-Cookie': clearedSessionCookie({ secure }) });
    return;
  }
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') {
    reply(res, 415, {}, { error: 'The session is sent as JSON' });
    return;
  }
  const text = await readBody(req);
  if (text === null) {
    reply(res, 413, {}, { error: 'Request body too large' });
    return;
  }
  /** @type {unknown} */
  let body;
  try {
    body = JSON.parse(text);
  } catch {
    reply(res, 400, {}, { error: 'The body is not JSON' });
    return;
  }
  const token =
    typeof body === 'object' && body !== null
      ? /** @type {{ access_token?: unknown }} */ (body).access_token
      : undefined;
  if (typeof token !== 'string') {
    reply(res, 400, {}, { error: 'access_token is missing' });
    return;
  }
  const session = await verifier.verify(token, supabaseUrl);
  if (!session) {
    // A token that does not verify also ends any cookie the browser still holds.
    reply(
      res,
      401,
      { 'Set-Cookie': clearedSessionCookie({ secure }) },
      { error: 'The access token could not be verified' },
    );
    return;
  }
  reply(res, 204, { 'Set-Cookie': sessionCookie(session, { secure }) });
}

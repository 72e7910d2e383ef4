/** Sessions and access tokens: issuing them, and finding the caller behind a Bearer token. */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import type { JWTPayload } from 'jose';
import { JwtError, bearer, verifyJwt } from '../authz.js';
import type { Queryable } from '../db/types.js';
import type { AuthApi } from './api.js';
import { newRefreshToken } from './crypto.js';
import { badJwt, jwtUserNotFound, noAuthorization, notAdmin, sessionNotFound } from './errors.js';
import { listIdentities } from './models/identities.js';
import { addAmrClaim, listFactors, sessionAssurance } from './models/factors.js';
import { insertRefreshToken } from './models/refresh-tokens.js';
import { createSession, sessionExists } from './models/sessions.js';
import { findUserById, getUserById, recordSignIn, type UserRow } from './models/users.js';
import { clientIp } from '../shared/client-ip.js';
import { metaOf, userJson } from './user-json.js';

/** How the session was obtained, as GoTrue's access token `amr` claim names it. */
export type AuthMethod = 'password' | 'otp' | 'anonymous' | 'token_refresh' | 'totp';

export interface SessionJson {
  access_token: string;
  token_type: 'bearer';
  expires_in: number;
  expires_at: number;
  refresh_token: string;
  user: Record<string, unknown>;
}

/**
 * Starts a new session for the user and answers with its first token pair. Every new session
 * is a sign-in: the user's last_sign_in_at moves to now.
 */
export async function issueSession(
  api: AuthApi,
  tx: Queryable,
  user: UserRow,
  method: AuthMethod,
  c: Context,
): Promise<SessionJson> {
  const sid = randomUUID();
  await createSession(tx, {
    id: sid,
    userId: user.id,
    userAgent: (c.req.header('user-agent') ?? '').slice(0, 255),
    ip: clientIp(c, api.config.trustProxy),
  });
  await addAmrClaim(tx, sid, method);
  const refresh = newRefreshToken();
  await insertRefreshToken(tx, { token: refresh, userId: user.id, sessionId: sid, parent: null });
  await recordSignIn(tx, user.id);
  return sessionJson(api, tx, await getUserById(tx, user.id), sid, refresh, method);
}

/** A fresh access token for the session, with the given refresh token. */
export async function sessionJson(
  api: AuthApi,
  tx: Queryable,
  user: UserRow,
  sid: string,
  refresh: string,
  method: AuthMethod,
): Promise<SessionJson> {
  const { config } = api;
  const now = Math.floor(Date.now() / 1000);
  const meta = metaOf(user);
  // the session's level and methods as recorded (a refresh keeps them, as GoTrue's)
  const assurance = await sessionAssurance(tx, sid);
  const claims: JWTPayload = {
    aud: 'authenticated',
    iss: `${config.apiUrl}/auth/v1`,
    sub: user.id,
    email: user.email ?? '',
    phone: user.phone ?? '',
    app_metadata: meta.app,
    user_metadata: meta.user,
    role: 'authenticated',
    aal: assurance.aal,
    amr: assurance.amr.length ? assurance.amr : [{ method, timestamp: now }],
    session_id: sid,
    is_anonymous: user.is_anonymous,
  };
  const accessToken = await api.keys.sign(claims, config.jwtExpiry);
  const identities = await listIdentities(tx, user.id);
  return {
    access_token: accessToken,
    token_type: 'bearer',
    expires_in: config.jwtExpiry,
    expires_at: now + config.jwtExpiry,
    refresh_token: refresh,
    user: userJson(user, identities, await listFactors(tx, user.id)),
  };
}

/** The verified claims of the request's Bearer token; 401 without one, JwtError when it fails. */
async function bearerClaims(api: AuthApi, c: Context): Promise<JWTPayload> {
  const token = bearer(c.req.header('authorization'));
  if (!token) throw noAuthorization();
  return verifyJwt(api.keys, token);
}

export interface CurrentUser {
  user: UserRow;
  claims: JWTPayload;
  sessionId: string | null;
}

/** The user behind the request's Bearer token, with its session still alive. */
export async function requireUser(api: AuthApi, c: Context): Promise<CurrentUser> {
  let claims: JWTPayload;
  try {
    claims = await bearerClaims(api, c);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    throw badJwt(
      e.expired
        ? 'invalid JWT: unable to parse or verify signature, token has invalid claims: token is expired'
        : 'invalid JWT: unable to parse or verify signature, token signature is invalid',
    );
  }
  if (typeof claims.sub !== 'string' || !claims.sub)
    throw badJwt('invalid claim: missing sub claim');
  // the user first, then the session, as GoTrue checks them: a deleted user's token answers
  // 403 user_not_found (which supabase-js's signOut takes as signed out)
  const user = await findUserById(api.db, claims.sub);
  if (!user || user.deleted_at) throw jwtUserNotFound();
  const sid = typeof claims['session_id'] === 'string' ? claims['session_id'] : null;
  if (sid && !(await sessionExists(api.db, sid))) throw sessionNotFound();
  return { user, claims, sessionId: sid };
}

/** Admin endpoints take the service_role key only. */
export async function requireServiceRole(api: AuthApi, c: Context): Promise<void> {
  let claims: JWTPayload;
  try {
    claims = await bearerClaims(api, c);
  } catch (e) {
    if (!(e instanceof JwtError)) throw e;
    throw badJwt('invalid JWT: unable to parse or verify signature');
  }
  if (claims['role'] !== 'service_role') throw notAdmin();
}

/** POST /token?grant_type=...: one function per grant (password, refresh_token, pkce). */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { newRefreshToken, passwordMatches, s256 } from '../crypto.js';
import {
  badCodeVerifier,
  emailNotConfirmed,
  flowStateExpired,
  flowStateNotFound,
  invalidCredentials,
  refreshTokenAlreadyUsed,
  refreshTokenNotFound,
  userBanned,
  userNotFound,
  validationFailed,
} from '../errors.js';
import { deleteFlowState, lockIssuedFlow } from '../models/flow-state.js';
import {
  activeChildToken,
  insertRefreshToken,
  lockRefreshToken,
  revokeRefreshToken,
  revokeSessionTokens,
} from '../models/refresh-tokens.js';
import { deleteSession, markSessionRefreshed, sessionExists } from '../models/sessions.js';
import { findUserByEmail, findUserById } from '../models/users.js';
import { readBody, str, type Body } from '../request.js';
import { idTokenGrant, web3Grant } from './unsupported.js';
import { issueSession, sessionJson, type SessionJson } from '../session.js';

export async function token(api: AuthApi, c: Context): Promise<Response> {
  const grant = c.req.query('grant_type');
  if (grant === 'id_token') return idTokenGrant(c);
  if (grant === 'web3') return web3Grant(c);
  const b = await readBody(c);
  if (grant === 'password') return c.json(await passwordGrant(api, c, b));
  if (grant === 'refresh_token') return c.json(await refreshTokenGrant(api, b));
  if (grant === 'pkce') return c.json(await pkceGrant(api, c, b));
  throw validationFailed('unsupported_grant_type');
}

/** Signs in with e-mail and password. */
async function passwordGrant(api: AuthApi, c: Context, b: Body): Promise<SessionJson> {
  const { db } = api;
  const email = str(b['email'], 'email').trim().toLowerCase();
  const password = str(b['password'], 'password');
  await api.limits.perAddress(c, 'token', email);
  // password spraying (one guess each at many addresses): failed sign-ins count per IP
  const notAFailure = await api.limits.attempt(c, 'signIn');
  const user = await findUserByEmail(db, email);
  const ok = await passwordMatches(password, user?.encrypted_password ?? null);
  // an unconfirmed account answers the same whether the password was right or not: its
  // pending password may be a stranger's guess at the owner's, or the owner's itself
  if (user && !user.email_confirmed_at && !user.is_anonymous) {
    if (ok) await notAFailure();
    throw emailNotConfirmed();
  }
  if (!user || !ok) throw invalidCredentials();
  await notAFailure();
  if (user.banned_until && new Date(user.banned_until).getTime() > Date.now()) throw userBanned();
  return db.transaction((tx) => issueSession(api, tx, user, 'password', c));
}

/**
 * Exchanges a refresh token for a new pair, rotating it. A rotated token used again within
 * `refreshReuseIntervalMs` (two tabs refreshing at once) gets the active token; later, the reuse
 * means the token was stolen, and the whole session ends.
 */
async function refreshTokenGrant(api: AuthApi, b: Body): Promise<SessionJson> {
  const { db, config } = api;
  const token = str(b['refresh_token'], 'refresh_token');
  const out = await db.transaction(async (tx) => {
    const row = await lockRefreshToken(tx, token);
    if (!row || !row.session_id) throw refreshTokenNotFound();
    const sessionId = row.session_id;
    if (!(await sessionExists(tx, sessionId))) throw refreshTokenNotFound();
    const user = await findUserById(tx, row.user_id);
    if (!user || user.deleted_at) throw refreshTokenNotFound();
    if (row.revoked) {
      const child = await activeChildToken(tx, token);
      if (child && Number(row.age_ms) <= config.refreshReuseIntervalMs)
        return { session: await sessionJson(api, tx, user, sessionId, child, 'token_refresh') };
      await revokeSessionTokens(tx, sessionId);
      await deleteSession(tx, sessionId);
      return { reused: true as const };
    }
    await revokeRefreshToken(tx, row.id);
    const next = newRefreshToken();
    await insertRefreshToken(tx, { token: next, userId: user.id, sessionId, parent: token });
    await markSessionRefreshed(tx, sessionId);
    return { session: await sessionJson(api, tx, user, sessionId, next, 'token_refresh') };
  });
  // thrown outside the transaction: the session's revocation above must commit
  if ('reused' in out) throw refreshTokenAlreadyUsed();
  return out.session;
}

/** Exchanges the `?code=` a PKCE link answered with, plus its verifier, for a session. */
async function pkceGrant(api: AuthApi, c: Context, b: Body): Promise<SessionJson> {
  const authCode = str(b['auth_code'], 'auth_code');
  const verifier = str(b['code_verifier'], 'code_verifier');
  return api.db.transaction(async (tx) => {
    const flow = await lockIssuedFlow(tx, authCode);
    if (!flow) throw flowStateNotFound();
    await deleteFlowState(tx, flow.id);
    if (!flow.fresh) throw flowStateExpired();
    const expected = flow.method === 's256' ? s256(verifier) : verifier;
    if (expected !== flow.challenge) throw badCodeVerifier();
    const user = await findUserById(tx, flow.user_id);
    if (!user) throw userNotFound();
    return issueSession(api, tx, user, 'otp', c);
  });
}

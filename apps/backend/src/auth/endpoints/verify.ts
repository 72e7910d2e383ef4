/**
 * GET /verify (the link in a mail: redirects with a session in the fragment, or `?code=` for
 * PKCE) and POST /verify (a token hash or the 6-digit code: answers with a session).
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { codeHash } from '../crypto.js';
import { AuthError, ErrorCode, otpExpired, validationFailed } from '../errors.js';
import { issueAuthCode } from '../models/flow-state.js';
import { markEmailVerified } from '../models/identities.js';
import { deleteOneTimeTokens, findUserIdByCodeHash } from '../models/one-time-tokens.js';
import {
  consumeLinkToken,
  findUserById,
  findUserByLinkToken,
  getUserById,
  type TokenKind,
  type UserRow,
} from '../models/users.js';
import type { Queryable } from '../../db/types.js';
import type { IpAction } from '../rate-limit.js';
import { optionalStr, readBody, safeRedirect, str } from '../request.js';
import { issueSession } from '../session.js';

/** A link or code is good for an hour after it was sent. */
const OTP_TTL_MS = 3600_000;

interface Lookup {
  token?: string;
  email?: string;
  code?: string;
}

/** The verification types supabase-js sends, by the token they use. */
function kindOf(type: string): TokenKind {
  if (type === 'recovery' || type === 'magiclink') return 'recovery';
  if (type === 'signup' || type === 'email') return 'signup';
  throw validationFailed('Verify requires a verification type');
}

/** Uses up a sign-up or recovery link token or code; returns the user, or throws otp_expired. */
async function consumeToken(tx: Queryable, type: string, lookup: Lookup): Promise<UserRow> {
  const kind = kindOf(type);
  let user: UserRow | null = null;
  if (lookup.token) user = await findUserByLinkToken(tx, kind, lookup.token);
  else if (lookup.email && lookup.code) {
    const id = await findUserIdByCodeHash(tx, kind, codeHash(lookup.email, lookup.code));
    if (id) user = await findUserById(tx, id);
  }
  if (!user) throw otpExpired();
  const sentAt = kind === 'signup' ? user.confirmation_sent_at : user.recovery_sent_at;
  if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) throw otpExpired();
  await deleteOneTimeTokens(tx, user.id, kind);
  await consumeLinkToken(tx, user.id, kind);
  if (kind === 'signup') await markEmailVerified(tx, user.id);
  return getUserById(tx, user.id);
}

/**
 * Runs `fn` as an attempt of `action` for the client IP: only a wrong or expired token or code
 * (otp_expired) stays counted as a failure.
 */
async function countingFailures<T>(
  api: AuthApi,
  c: Context,
  action: IpAction,
  fn: () => Promise<T>,
): Promise<T> {
  const notAFailure = api.limits.attempt(c, action);
  try {
    const out = await fn();
    notAFailure();
    return out;
  } catch (e) {
    if (!(e instanceof AuthError && e.errorCode === ErrorCode.OtpExpired)) notAFailure();
    throw e;
  }
}

/** `url` without its fragment, with `params` as the new one. */
const withFragment = (url: string, params: Record<string, string>) =>
  `${url.split('#')[0]}#${new URLSearchParams(params).toString()}`;

export async function verifyLink(api: AuthApi, c: Context): Promise<Response> {
  const type = c.req.query('type') ?? '';
  const token = c.req.query('token') ?? '';
  const redirectTo = safeRedirect(api.config, c.req.query('redirect_to'));
  const flowKind: TokenKind = type === 'recovery' ? 'recovery' : 'signup';
  try {
    const out = await countingFailures(api, c, 'verify', () =>
      api.db.transaction(async (tx) => {
        const user = await consumeToken(tx, type, { token });
        const code = await issueAuthCode(tx, user.id, flowKind);
        if (code) return { code };
        return { session: await issueSession(api, tx, user, 'otp', c) };
      }),
    );
    const { code, session } = out;
    if (code !== undefined) {
      const u = new URL(redirectTo);
      u.searchParams.set('code', code);
      return c.redirect(u.toString(), 303);
    }
    return c.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        type: flowKind,
      }),
      303,
    );
  } catch (e) {
    // a 429 answers as JSON, like GoTrue's limiter in front of /verify
    if (!(e instanceof AuthError) || e.errorCode === ErrorCode.OverRequestRateLimit) throw e;
    return c.redirect(
      withFragment(redirectTo, {
        error: 'access_denied',
        error_code: e.errorCode,
        error_description:
          e.errorCode === ErrorCode.OtpExpired ? 'Email link is invalid or has expired' : e.message,
      }),
      303,
    );
  }
}

export async function verifyCode(api: AuthApi, c: Context): Promise<Response> {
  const b = await readBody(c);
  const type = str(b['type'], 'type');
  const tokenHash = optionalStr(b['token_hash'], 'token_hash');
  const email = optionalStr(b['email'], 'email');
  const code = optionalStr(b['token'], 'token');
  // a 6-digit code is guessable without a limit: count attempts per IP and e-mail (and
  // per IP for bare codes and token hashes)
  api.limits.perAddress(c, 'verify', email && code ? email : '');
  // guesses spread over many addresses: failures count per IP too (codes and link tokens apart)
  const ipAction: IpAction = !tokenHash && email && code ? 'otp' : 'verify';
  const session = await countingFailures(api, c, ipAction, () =>
    api.db.transaction(async (tx) => {
      const lookup: Lookup = {};
      if (tokenHash) lookup.token = tokenHash;
      else if (email && code) {
        lookup.email = email;
        lookup.code = code;
      } else if (code) lookup.token = code;
      const user = await consumeToken(tx, type, lookup);
      return issueSession(api, tx, user, 'otp', c);
    }),
  );
  return c.json(session);
}

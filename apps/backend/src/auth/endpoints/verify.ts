/**
 * GET /verify (the link in a mail: redirects with a session in the fragment, or `?code=` for
 * PKCE) and POST /verify (a token hash, or an address with its 6-digit code: answers with a
 * session). Types: signup, invite, recovery, magiclink, email (sign-up or magic-link code) and
 * email_change. Each link and code is good for an hour and for one use.
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { codeHash } from '../crypto.js';
import { AuthError, ErrorCode, emailExists, otpExpired, validationFailed } from '../errors.js';
import { issueAuthCode } from '../models/flow-state.js';
import { markEmailVerified } from '../models/identities.js';
import {
  deleteOneTimeTokens,
  findUserIdByCodeHash,
  hasCodeHash,
} from '../models/one-time-tokens.js';
import {
  consumeLinkToken,
  emailTaken,
  findUserById,
  findUserByLinkToken,
  getUserById,
  markEmailChangeHalfConfirmed,
  sentAtOf,
  setEmail,
  takeContestedSignup,
  type TokenKind,
  type UserRow,
} from '../models/users.js';
import type { Queryable } from '../../db/types.js';
import type { IpAction } from '../rate-limit-settings.js';
import { optionalStr, readBody, safeRedirect, str } from '../request.js';
import { issueSession, type SessionJson } from '../session.js';

/** A link or code is good for an hour after it was sent. */
export const OTP_TTL_MS = 3600_000;

/** What GoTrue answers when the first of the two links of an e-mail change is followed. */
export const EMAIL_CHANGE_HALF_CONFIRMED =
  'Confirmation link accepted. Please proceed to confirm link sent to the other email';

interface Lookup {
  token?: string;
  email?: string;
  code?: string;
}

/** The stored secrets a verification type can use up, in the order they are tried. */
function kindsOf(type: string): TokenKind[] {
  switch (type) {
    case 'signup':
    case 'invite':
      return ['signup'];
    case 'recovery':
    case 'magiclink':
      return ['recovery'];
    case 'email':
      return ['signup', 'recovery'];
    case 'email_change':
      return ['email_change_new', 'email_change_current'];
    // phone verifications: this server never sends a phone code, so none can match
    case 'sms':
    case 'phone_change':
      return [];
    default:
      throw validationFailed(
        type ? 'Unsupported verification type' : 'Verify requires a verification type',
      );
  }
}

/** The user whose secret of one of `kinds` matches the lookup, and which kind matched. */
async function findBySecret(
  tx: Queryable,
  kinds: TokenKind[],
  lookup: Lookup,
): Promise<{ user: UserRow; kind: TokenKind } | null> {
  for (const kind of kinds) {
    let user: UserRow | null = null;
    if (lookup.token) user = await findUserByLinkToken(tx, kind, lookup.token);
    else if (lookup.email && lookup.code) {
      const id = await findUserIdByCodeHash(tx, kind, codeHash(lookup.email, lookup.code));
      if (id) user = await findUserById(tx, id);
    }
    if (user) return { user, kind };
  }
  return null;
}

type Verified =
  /**
   * `contested`: the link confirmed an account whose pending password was not trusted; the
   * password was cleared and its sessions ended, so the user must set a password now.
   */
  | { user: UserRow; kind: TokenKind; contested?: boolean }
  /** The first link of a two-link e-mail change: no session yet. */
  | { halfConfirmed: true };

/** Uses up the link token or code; throws otp_expired when none matches or it is too old. */
async function consumeToken(tx: Queryable, type: string, lookup: Lookup): Promise<Verified> {
  const found = await findBySecret(tx, kindsOf(type), lookup);
  if (!found) throw otpExpired();
  const { user, kind } = found;
  const sentAt = sentAtOf(user, kind);
  if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) throw otpExpired();
  await deleteOneTimeTokens(tx, user.id, kind);
  if (kind === 'signup' || kind === 'recovery') {
    // this link confirms the address: a password the inbox's owner may not have set stays off
    const contested = !user.email_confirmed_at && (await takeContestedSignup(tx, user.id));
    await consumeLinkToken(tx, user.id, kind);
    if (kind === 'signup') await markEmailVerified(tx, user.id);
    return { user: await getUserById(tx, user.id), kind, contested };
  }
  return consumeEmailChange(tx, user, kind);
}

/**
 * One link of an e-mail change. When the change went to both addresses, the first link only
 * marks its half as confirmed; the second (or the only one) moves the user to the new address.
 */
async function consumeEmailChange(
  tx: Queryable,
  user: UserRow,
  kind: TokenKind,
): Promise<Verified> {
  const newEmail = user.email_change ?? '';
  if (!newEmail) throw otpExpired();
  const other =
    kind === 'email_change_new' ? user.email_change_token_current : user.email_change_token_new;
  if (other) {
    await markEmailChangeHalfConfirmed(tx, user.id, kind);
    return { halfConfirmed: true };
  }
  // the address may have been taken since the change was asked for
  if (await emailTaken(tx, newEmail, user.id)) throw emailExists();
  await deleteOneTimeTokens(tx, user.id, 'email_change_new');
  await deleteOneTimeTokens(tx, user.id, 'email_change_current');
  await setEmail(tx, user.id, newEmail, true);
  return { user: await getUserById(tx, user.id), kind: 'email_change_new' };
}

/** Whether `code` is the user's current code of `kind` sent to `address` (not used up). */
export async function codeMatches(
  tx: Queryable,
  user: UserRow,
  kind: TokenKind,
  address: string,
  code: string,
): Promise<boolean> {
  const sentAt = sentAtOf(user, kind);
  if (!sentAt || Date.now() - new Date(sentAt).getTime() > OTP_TTL_MS) return false;
  return hasCodeHash(tx, user.id, kind, codeHash(address, code));
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
  const notAFailure = await api.limits.attempt(c, action);
  try {
    const out = await fn();
    await notAFailure();
    return out;
  } catch (e) {
    if (!(e instanceof AuthError && e.errorCode === ErrorCode.OtpExpired)) await notAFailure();
    throw e;
  }
}

/** `url` without its fragment, with `params` as the new one. */
const withFragment = (url: string, params: Record<string, string>) =>
  `${url.split('#')[0]}#${new URLSearchParams(params).toString()}`;

type LinkOutcome =
  { code: string } | { session: SessionJson; contested: boolean } | { halfConfirmed: true };

export async function verifyLink(api: AuthApi, c: Context): Promise<Response> {
  const type = c.req.query('type') ?? '';
  const token = c.req.query('token') ?? '';
  const redirectTo = safeRedirect(api.config, c.req.query('redirect_to'));
  try {
    const out = await countingFailures(api, c, 'verify', () =>
      api.db.transaction(async (tx): Promise<LinkOutcome> => {
        const v = await consumeToken(tx, type, { token });
        if ('halfConfirmed' in v) return v;
        const code = await issueAuthCode(tx, v.user.id, v.kind);
        if (code) return { code };
        const session = await issueSession(api, tx, v.user, 'otp', c);
        return { session, contested: v.contested === true };
      }),
    );
    if ('halfConfirmed' in out)
      return c.redirect(withFragment(redirectTo, { message: EMAIL_CHANGE_HALF_CONFIRMED }), 303);
    if ('code' in out) {
      const u = new URL(redirectTo);
      u.searchParams.set('code', out.code);
      return c.redirect(u.toString(), 303);
    }
    const { session } = out;
    return c.redirect(
      withFragment(redirectTo, {
        access_token: session.access_token,
        expires_at: String(session.expires_at),
        expires_in: String(session.expires_in),
        refresh_token: session.refresh_token,
        token_type: 'bearer',
        // a contested confirmation signs in for recovery: supabase-js then announces
        // PASSWORD_RECOVERY and the app asks for a new password
        type: out.contested ? 'recovery' : type,
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
  const email = optionalStr(b['email'], 'email')?.trim().toLowerCase();
  const code = optionalStr(b['token'], 'token');
  const phone = optionalStr(b['phone'], 'phone');
  // a phone number is checked for its form first, as GoTrue does (none can verify here: this
  // server sends no phone codes)
  if (phone !== undefined && !/^[1-9][0-9]{1,14}$/.test(phone.replace(/^\+/, '').replace(/ /g, '')))
    throw validationFailed('Invalid phone number format (E.164 required)');
  // a 6-digit code is guessable without a limit: count attempts per IP and e-mail (and
  // per IP for bare codes and token hashes)
  await api.limits.perAddress(c, 'verify', email && code ? email : '');
  // guesses spread over many addresses: failures count per IP too (codes and link tokens apart)
  const ipAction: IpAction = !tokenHash && email && code ? 'otp' : 'verify';
  const out = await countingFailures(api, c, ipAction, () =>
    api.db.transaction(async (tx) => {
      const lookup: Lookup = {};
      if (tokenHash) lookup.token = tokenHash;
      else if (email && code) {
        lookup.email = email;
        lookup.code = code;
      } else if (code) lookup.token = code;
      const v = await consumeToken(tx, type, lookup);
      if ('halfConfirmed' in v) return v;
      return { session: await issueSession(api, tx, v.user, 'otp', c) };
    }),
  );
  if ('halfConfirmed' in out) return c.json({ msg: EMAIL_CHANGE_HALF_CONFIRMED, code: 200 });
  return c.json(out.session);
}

/**
 * Multi-factor authentication with TOTP, as GoTrue answers it: POST /factors (enrol: a secret,
 * its otpauth:// URI and a QR code as SVG), POST /factors/:id/challenge, POST
 * /factors/:id/verify (a code from the authenticator app: the session becomes aal2 and the
 * answer is a new token pair), DELETE /factors/:id (a verified factor only from an aal2
 * session), and the admin's GET/DELETE /admin/users/:id/factors. Phone and WebAuthn factors
 * are not offered (422 with GoTrue's error for a disabled enrolment).
 */
import { randomUUID } from 'node:crypto';
import type { Context } from 'hono';
import * as OTPAuth from 'otpauth';
import QRCode from 'qrcode';
import type { AuthApi } from '../api.js';
import {
  AuthError,
  ErrorCode,
  insufficientAal,
  mfaChallengeExpired,
  mfaFactorNameConflict,
  mfaFactorNotFound,
  mfaIpAddressMismatch,
  mfaPhoneEnrollNotEnabled,
  mfaVerificationFailed,
  mfaWebAuthnEnrollNotEnabled,
  tooManyEnrolledMfaFactors,
  userNotFound,
  validationFailed,
} from '../errors.js';
import {
  addAmrClaim,
  deleteChallenge,
  deleteFactor,
  deleteUnverifiedFactors,
  endWeakerSessions,
  factorJson,
  findFactor,
  insertChallenge,
  insertFactor,
  listFactors,
  lockChallenge,
  lowerSessionsOfFactor,
  markChallengeVerified,
  markFactorVerified,
  raiseSessionToAal2,
  sessionAssurance,
  type FactorRow,
} from '../models/factors.js';
import { findUserById } from '../models/users.js';
import { readBody, str } from '../request.js';
import { requireServiceRole, requireUser, sessionJson, type CurrentUser } from '../session.js';
import { newRefreshToken } from '../crypto.js';
import { insertRefreshToken } from '../models/refresh-tokens.js';
import { clientIp } from '../../shared/client-ip.js';

/** GoTrue's defaults: at most 10 factors, a challenge is good for 5 minutes. */
const MAX_FACTORS = 10;
const CHALLENGE_SECONDS = 300;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A signed-in member with a session (anonymous users have no factors, as in GoTrue). */
async function requireMember(api: AuthApi, c: Context): Promise<CurrentUser & { sid: string }> {
  const me = await requireUser(api, c);
  if (me.user.is_anonymous)
    throw new AuthError(
      403,
      ErrorCode.NoAuthorization,
      'Anonymous user not allowed to perform these actions',
    );
  if (!me.sessionId)
    throw validationFailed('A valid session and a registered user are required to enroll a factor');
  return { ...me, sid: me.sessionId };
}

async function ownFactor(api: AuthApi, c: Context, userId: string): Promise<FactorRow> {
  const id = c.req.param('id') ?? '';
  const f = UUID_RE.test(id) ? await findFactor(api.db, userId, id) : undefined;
  if (!f) throw mfaFactorNotFound();
  return f;
}

const totpOf = (secret: string, issuer: string, label: string) =>
  new OTPAuth.TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: 6,
    period: 30,
    secret: OTPAuth.Secret.fromBase32(secret),
  });

/** POST /factors */
export async function enrollFactor(api: AuthApi, c: Context): Promise<Response> {
  const me = await requireMember(api, c);
  const b = await readBody(c);
  const type = b['factor_type'];
  if (type === 'phone') throw mfaPhoneEnrollNotEnabled();
  if (type === 'webauthn') throw mfaWebAuthnEnrollNotEnabled();
  if (type !== 'totp') throw validationFailed('factor_type needs to be totp, phone, or webauthn');
  const friendlyName = str(b['friendly_name'], 'friendly_name', false).slice(0, 200);
  const issuerParam = str(b['issuer'], 'issuer', false);
  const issuer = issuerParam || new URL(api.config.siteUrl).host;
  const factors = await listFactors(api.db, me.user.id);
  if (friendlyName && factors.some((f) => f.friendly_name === friendlyName))
    throw mfaFactorNameConflict(friendlyName);
  if (factors.length >= MAX_FACTORS) throw tooManyEnrolledMfaFactors();
  const { aal } = await sessionAssurance(api.db, me.sid);
  if (factors.some((f) => f.status === 'verified') && aal !== 'aal2')
    throw insufficientAal(403, 'AAL2 required to enroll a new factor');
  const secret = new OTPAuth.Secret({ size: 20 }).base32;
  const uri = totpOf(secret, issuer, me.user.email ?? '').toString();
  const qr = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  const id = randomUUID();
  await insertFactor(api.db, { id, userId: me.user.id, friendlyName, secret });
  return c.json({
    id,
    type: 'totp',
    friendly_name: friendlyName,
    totp: { qr_code: qr, secret, uri },
  });
}

/** POST /factors/:id/challenge */
export async function challengeFactor(api: AuthApi, c: Context): Promise<Response> {
  const me = await requireMember(api, c);
  const factor = await ownFactor(api, c, me.user.id);
  const id = randomUUID();
  const at = await api.db.transaction((tx) =>
    insertChallenge(tx, { id, factorId: factor.id, ip: clientIp(c, api.config.trustProxy) }),
  );
  return c.json({ id, type: factor.factor_type, expires_at: Math.floor(at) + CHALLENGE_SECONDS });
}

/** POST /factors/:id/verify */
export async function verifyFactor(api: AuthApi, c: Context): Promise<Response> {
  const me = await requireMember(api, c);
  const factor = await ownFactor(api, c, me.user.id);
  const b = await readBody(c);
  const code = typeof b['code'] === 'string' ? b['code'].trim() : '';
  if (!code) throw validationFailed('Code needs to be non-empty');
  const challengeId = typeof b['challenge_id'] === 'string' ? b['challenge_id'] : '';
  // wrong codes are counted per IP and per user: six digits are not many to guess
  const ipDone = await api.limits.attempt(c, 'mfaVerify');
  const userDone = await api.limits.attempt(c, 'mfaVerify', `user:${me.user.id}`);
  const ip = clientIp(c, api.config.trustProxy);
  const out = await api.db.transaction(async (tx) => {
    const ch = UUID_RE.test(challengeId)
      ? await lockChallenge(tx, factor.id, challengeId)
      : undefined;
    if (!ch)
      throw new AuthError(
        422,
        ErrorCode.MfaFactorNotFound,
        'MFA factor with the provided challenge ID not found',
      );
    if (ch.verified || ch.ip_address !== ip) throw mfaIpAddressMismatch();
    if (ch.age_s > CHALLENGE_SECONDS) {
      await deleteChallenge(tx, ch.id);
      return { expired: ch.id };
    }
    const totp = totpOf(factor.secret ?? '', 'x', 'x');
    if (!/^[0-9]{6}$/.test(code) || totp.validate({ token: code, window: 1 }) === null)
      return { wrong: true as const };
    await markChallengeVerified(tx, ch.id);
    if (factor.status !== 'verified') await markFactorVerified(tx, factor.id);
    await raiseSessionToAal2(tx, me.sid, factor.id);
    await addAmrClaim(tx, me.sid, 'totp');
    await endWeakerSessions(tx, me.user.id, me.sid);
    await deleteUnverifiedFactors(tx, me.user.id, factor.id);
    const user = await findUserById(tx, me.user.id);
    if (!user) throw userNotFound();
    const refresh = newRefreshToken();
    await insertRefreshToken(tx, {
      token: refresh,
      userId: user.id,
      sessionId: me.sid,
      parent: null,
    });
    return { session: await sessionJson(api, tx, user, me.sid, refresh, 'totp') };
  });
  if ('expired' in out) throw mfaChallengeExpired(String(out.expired));
  if ('wrong' in out) throw mfaVerificationFailed();
  await ipDone();
  await userDone();
  return c.json(out.session);
}

/** DELETE /factors/:id */
export async function unenrollFactor(api: AuthApi, c: Context): Promise<Response> {
  const me = await requireMember(api, c);
  const factor = await ownFactor(api, c, me.user.id);
  const { aal } = await sessionAssurance(api.db, me.sid);
  if (factor.status === 'verified' && aal !== 'aal2')
    throw insufficientAal(422, 'AAL2 required to unenroll verified factor');
  await api.db.transaction(async (tx) => {
    await lowerSessionsOfFactor(tx, factor.id);
    await deleteFactor(tx, factor.id);
  });
  return c.json({ id: factor.id });
}

function adminUserId(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!UUID_RE.test(id)) throw userNotFound();
  return id;
}

/** GET /admin/users/:id/factors */
export async function adminListFactors(api: AuthApi, c: Context): Promise<Response> {
  await requireServiceRole(api, c);
  const id = adminUserId(c);
  if (!(await findUserById(api.db, id))) throw userNotFound();
  return c.json((await listFactors(api.db, id)).map(factorJson));
}

/** DELETE /admin/users/:id/factors/:factorId */
export async function adminDeleteFactor(api: AuthApi, c: Context): Promise<Response> {
  await requireServiceRole(api, c);
  const id = adminUserId(c);
  if (!(await findUserById(api.db, id))) throw userNotFound();
  const fid = c.req.param('factorId') ?? '';
  const factor = UUID_RE.test(fid) ? await findFactor(api.db, id, fid) : undefined;
  if (!factor) throw mfaFactorNotFound();
  await api.db.transaction(async (tx) => {
    await lowerSessionsOfFactor(tx, factor.id);
    await deleteFactor(tx, factor.id);
  });
  return c.json(factorJson(factor));
}

/**
 * POST /otp (signInWithOtp with an e-mail): mails a magic link with a 6-digit code. An unknown
 * address gets an account first unless `create_user` is false (then 422 otp_disabled, as GoTrue
 * answers); an address not confirmed yet gets its confirmation link and code instead.
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { phoneProviderDisabled, validationFailed } from '../errors.js';
import { otpDisabled } from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail } from '../mail.js';
import {
  createUser,
  findUserByEmail,
  markSignupContested,
  type TokenKind,
} from '../models/users.js';
import { savePkce } from '../pkce.js';
import { emailField, metaObj, readBody, safeRedirect } from '../request.js';

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

export async function otp(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  const b = await readBody(c);
  if (isBlank(b['email'])) {
    if (isBlank(b['phone']))
      throw validationFailed('An email address or phone number is required to send a code');
    throw phoneProviderDisabled('Unsupported phone provider');
  }
  if (!isBlank(b['phone']))
    throw validationFailed('Only an email address or phone number should be provided');
  const email = emailField(b);
  const createUserIfMissing = b['create_user'] !== false;
  const data = metaObj(b['data'], 'data');
  await api.limits.perAddress(c, 'otp', email);
  await api.limits.perIp(c, 'magicLink');
  const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
  const sent = await db.transaction(async (tx) => {
    let user = await findUserByEmail(tx, email);
    if (!user) {
      // GoTrue answers the same when sign-ups are off as when the client asked not to create
      if (!createUserIfMissing || config.disableSignup) throw otpDisabled();
      user = await createUser(tx, {
        email,
        passwordHash: null,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: data,
        confirmed: config.mailerAutoconfirm,
        signedIn: false,
      });
    }
    // counted only once a mail will go out (an otp_disabled answer sends none)
    await api.limits.mail(email, tx);
    // confirming by a magic link must not activate a password a sign-up set: whoever signed
    // up may not own the inbox the link goes to
    if (!user.email_confirmed_at && user.encrypted_password) await markSignupContested(tx, user.id);
    // a confirmed address signs in by the magic link; an unconfirmed one confirms by it
    const kind: TokenKind = user.email_confirmed_at ? 'recovery' : 'signup';
    await savePkce(tx, b, user.id, kind);
    const secrets = await issueOneTimeSecrets(tx, user, kind);
    return { ...secrets, linkType: kind === 'recovery' ? 'magiclink' : 'signup' };
  });
  await sendAuthMail(api, email, 'magiclink', sent, redirectTo);
  return c.json({});
}

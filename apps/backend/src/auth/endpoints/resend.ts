/** POST /resend (type signup): a new confirmation link and code for an unconfirmed account. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { validationFailed } from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail } from '../mail.js';
import { findUserByEmail } from '../models/users.js';
import { savePkce } from '../pkce.js';
import { checkEmail, readBody, safeRedirect, str } from '../request.js';

export async function resend(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  const b = await readBody(c);
  const email = str(b['email'], 'email').trim().toLowerCase();
  const type = str(b['type'], 'type');
  checkEmail(email);
  if (type !== 'signup') throw validationFailed('Only type "signup" can be resent by this server');
  api.limits.perAddress(c, 'resend', email);
  api.limits.perIp(c, 'resend');
  // counted whether or not a mail goes out, so the 429 does not tell which accounts exist
  api.limits.mail(email);
  const redirectTo = safeRedirect(api.config, c.req.query('redirect_to'));
  const user = await findUserByEmail(db, email);
  if (user && !user.email_confirmed_at) {
    const { token, code } = await db.transaction(async (tx) => {
      await savePkce(tx, b, user.id, 'signup');
      return issueOneTimeSecrets(tx, user, 'signup');
    });
    await sendAuthMail(api, email, 'signup', { token, code: null }, redirectTo);
  }
  return c.json({});
}

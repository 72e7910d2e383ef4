/** POST /recover: mails a password-recovery link; the same answer whether or not the account exists. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { issueOneTimeSecrets, sendAuthMail } from '../mail.js';
import { findUserByEmail, markSignupContested } from '../models/users.js';
import { savePkce } from '../pkce.js';
import { emailField, readBody, safeRedirect } from '../request.js';

export async function recover(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  const b = await readBody(c);
  const email = emailField(b);
  await api.limits.perAddress(c, 'recover', email);
  await api.limits.perIp(c, 'recover');
  // counted for unknown addresses too, so the 429 does not tell which accounts exist
  await api.limits.mail(email);
  const redirectTo = safeRedirect(api.config, c.req.query('redirect_to'));
  const user = await findUserByEmail(db, email);
  if (user) {
    const { token, code } = await db.transaction(async (tx) => {
      await savePkce(tx, b, user.id, 'recovery');
      // a recovery link confirms an unconfirmed address: the password a sign-up set must not
      // become active through it (the new one is set in the recovery session)
      if (!user.email_confirmed_at && user.encrypted_password)
        await markSignupContested(tx, user.id);
      return issueOneTimeSecrets(tx, user, 'recovery');
    });
    await sendAuthMail(api, email, 'recovery', { token, code }, redirectTo);
  }
  return c.json({});
}

/**
 * POST /resend: type signup (a new confirmation link for an unconfirmed account) or
 * email_change (new links for the halves of a pending e-mail change not followed yet). The
 * answer is the same whether or not such an account exists.
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { validationFailed } from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail, type MailSecrets } from '../mail.js';
import { findUserByEmail, findUserByPendingEmailChange, getUserById } from '../models/users.js';
import { savePkce } from '../pkce.js';
import { checkEmail, readBody, safeRedirect, str } from '../request.js';

type Resent = { to: string; mail: 'email_change_new' | 'email_change_current' } & MailSecrets;

export async function resend(api: AuthApi, c: Context): Promise<Response> {
  const { db } = api;
  const b = await readBody(c);
  const email = str(b['email'], 'email').trim().toLowerCase();
  const type = str(b['type'], 'type');
  checkEmail(email);
  if (type !== 'signup' && type !== 'email_change')
    throw validationFailed('Only types "signup" and "email_change" can be resent by this server');
  await api.limits.perAddress(c, 'resend', email);
  await api.limits.perIp(c, 'resend');
  // counted whether or not a mail goes out, so the 429 does not tell which accounts exist
  await api.limits.mail(email);
  const redirectTo = safeRedirect(api.config, c.req.query('redirect_to'));
  if (type === 'email_change') {
    const mails = await resendEmailChange(api, email);
    for (const m of mails) await sendAuthMail(api, m.to, m.mail, m, redirectTo);
    return c.json({});
  }
  const user = await findUserByEmail(db, email);
  if (user && !user.email_confirmed_at) {
    const { token } = await db.transaction(async (tx) => {
      await savePkce(tx, b, user.id, 'signup');
      return issueOneTimeSecrets(tx, user, 'signup');
    });
    await sendAuthMail(api, email, 'signup', { token, code: null }, redirectTo);
  }
  return c.json({});
}

/** New links for the halves of the change to `newEmail` that are still pending. */
async function resendEmailChange(api: AuthApi, newEmail: string): Promise<Resent[]> {
  return api.db.transaction(async (tx) => {
    const found = await findUserByPendingEmailChange(tx, newEmail);
    if (!found) return [];
    const user = await getUserById(tx, found.id);
    const out: Resent[] = [];
    if (user.email_change_token_new) {
      const s = await issueOneTimeSecrets(tx, user, 'email_change_new', newEmail);
      out.push({ to: newEmail, mail: 'email_change_new', token: s.token, code: null });
    }
    if (user.email && user.email_change_token_current) {
      await api.limits.mail(user.email, tx);
      const s = await issueOneTimeSecrets(tx, user, 'email_change_current', user.email);
      out.push({ to: user.email, mail: 'email_change_current', token: s.token, code: null });
    }
    return out;
  });
}

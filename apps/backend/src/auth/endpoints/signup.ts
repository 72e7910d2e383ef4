/** POST /signup: a new account with e-mail and password; mails a confirmation unless auto-confirmed. */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import { hashPassword } from '../crypto.js';
import { userAlreadyExists } from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail } from '../mail.js';
import { listIdentities } from '../models/identities.js';
import {
  createUser,
  findUserByEmail,
  getUserById,
  mergeUserMetadata,
  setPassword,
  type UserRow,
} from '../models/users.js';
import { savePkce } from '../pkce.js';
import { checkEmail, checkPassword, metaObj, readBody, safeRedirect, str } from '../request.js';
import { issueSession } from '../session.js';
import { userJson } from '../user-json.js';

export async function signup(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  const b = await readBody(c);
  const email = str(b['email'], 'email').trim().toLowerCase();
  const password = str(b['password'], 'password');
  checkEmail(email);
  api.limits.perAddress(c, 'signup', email);
  checkPassword(password);
  const data = metaObj(b['data'], 'data');
  const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
  const hash = await hashPassword(password);
  const result = await db.transaction(async (tx) => {
    const existing = await findUserByEmail(tx, email);
    if (existing && existing.email_confirmed_at) throw userAlreadyExists();
    let user: UserRow;
    if (existing) {
      await setPassword(tx, existing.id, hash);
      await mergeUserMetadata(tx, existing.id, data, { stripNulls: false });
      user = await getUserById(tx, existing.id);
    } else {
      user = await createUser(tx, {
        email,
        passwordHash: hash,
        appMetadata: { provider: 'email', providers: ['email'] },
        userMetadata: data,
        confirmed: config.mailerAutoconfirm,
        signedIn: true,
      });
    }
    if (config.mailerAutoconfirm)
      return { session: await issueSession(api, tx, user, 'password', c) };
    await savePkce(tx, b, user.id, 'signup');
    const { token, code } = await issueOneTimeSecrets(tx, user, 'signup');
    return { user: await getUserById(tx, user.id), token, code };
  });
  if ('session' in result) return c.json(result.session);
  await sendAuthMail(api, result.user, 'signup', result.token, result.code, redirectTo);
  return c.json(userJson(result.user, await listIdentities(db, result.user.id)));
}

/**
 * GET /user and PUT /user: the signed-in user, and changes to their password, e-mail address
 * and metadata; GET /reauthenticate mails the nonce a password change may need.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../db/types.js';
import type { AuthApi } from '../api.js';
import { hashPassword, passwordMatches } from '../crypto.js';
import {
  AuthError,
  ErrorCode,
  emailExists,
  reauthenticationNeeded,
  reauthenticationNotValid,
  samePassword,
  validationFailed,
} from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail, type MailSecrets } from '../mail.js';
import { listFactors } from '../models/factors.js';
import { listIdentities } from '../models/identities.js';
import { deleteOneTimeTokens } from '../models/one-time-tokens.js';
import { deleteOtherSessions, sessionIsRecent } from '../models/sessions.js';
import {
  clearLinkToken,
  emailTaken,
  getUserById,
  mergeUserMetadata,
  setEmail,
  setPassword,
  startEmailChange,
  type UserRow,
} from '../models/users.js';
import { savePkce } from '../pkce.js';
import {
  checkEmail,
  checkPassword,
  metaObj,
  optionalStr,
  readBody,
  safeRedirect,
} from '../request.js';
import { requireUser } from '../session.js';
import { userJson } from '../user-json.js';
import { codeMatches } from './verify.js';

export async function getUser(api: AuthApi, c: Context): Promise<Response> {
  const { user } = await requireUser(api, c);
  return c.json(
    userJson(user, await listIdentities(api.db, user.id), await listFactors(api.db, user.id)),
  );
}

/** The mails an e-mail change sends once its transaction has committed. */
type ChangeMail = { to: string; mail: 'email_change_new' | 'email_change_current' } & MailSecrets;

/**
 * Starts a change of the user's address to `email`. With auto-confirm the address changes at
 * once; otherwise a link goes to the new address and, when the user has one, another to the
 * current address (GoTrue's secure e-mail change): the change happens once both are followed.
 */
async function changeEmail(
  api: AuthApi,
  tx: Queryable,
  user: UserRow,
  email: string,
  b: Record<string, unknown>,
): Promise<ChangeMail[]> {
  if (await emailTaken(tx, email, user.id)) throw emailExists();
  if (api.config.mailerAutoconfirm) {
    await setEmail(tx, user.id, email, true);
    return [];
  }
  await api.limits.mail(email, tx);
  await startEmailChange(tx, user.id, email);
  await savePkce(tx, b, user.id, 'email_change_new');
  const fresh = await getUserById(tx, user.id);
  const out: ChangeMail[] = [];
  const toNew = await issueOneTimeSecrets(tx, fresh, 'email_change_new', email);
  out.push({ to: email, mail: 'email_change_new', token: toNew.token, code: null });
  if (user.email) {
    await api.limits.mail(user.email, tx);
    const toCurrent = await issueOneTimeSecrets(tx, fresh, 'email_change_current', user.email);
    out.push({ to: user.email, mail: 'email_change_current', token: toCurrent.token, code: null });
  }
  return out;
}

/**
 * With secure password change on, a session signed in more than 24 hours ago changes the
 * password only with the nonce GET /reauthenticate mailed (used up here), as GoTrue does.
 */
async function checkReauthentication(
  api: AuthApi,
  tx: Queryable,
  user: UserRow,
  sessionId: string | null,
  nonce: string | undefined,
): Promise<void> {
  if (!api.config.securePasswordChange) return;
  if (sessionId && (await sessionIsRecent(tx, sessionId))) return;
  if (!nonce) throw reauthenticationNeeded();
  if (!user.email || !(await codeMatches(tx, user, 'reauthentication', user.email, nonce)))
    throw reauthenticationNotValid();
  await deleteOneTimeTokens(tx, user.id, 'reauthentication');
  await clearLinkToken(tx, user.id, 'reauthentication');
}

/**
 * Changes the password, the e-mail address and/or merges metadata. A new password ends every
 * other session of the user (their refresh tokens stop working): whoever knew the old one is
 * signed out.
 */
export async function updateUser(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  const { user, sessionId } = await requireUser(api, c);
  const b = await readBody(c);
  const password = optionalStr(b['password'], 'password');
  const nonce = optionalStr(b['nonce'], 'nonce');
  const data = b['data'] === undefined ? undefined : metaObj(b['data'], 'data');
  const rawEmail = optionalStr(b['email'], 'email');
  const email = rawEmail?.trim().toLowerCase();
  if (email !== undefined) checkEmail(email);
  const changesEmail = email !== undefined && email !== (user.email ?? '').toLowerCase();
  if (b['phone'] !== undefined && b['phone'] !== '' && b['phone'] !== user.phone)
    throw validationFailed('Phone numbers are not supported by this server');
  if (password !== undefined) {
    checkPassword(password);
    if (user.encrypted_password && (await passwordMatches(password, user.encrypted_password)))
      throw samePassword();
  }
  const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
  const hash = password !== undefined ? await hashPassword(password) : null;
  // a nonce is a 6-digit code: wrong ones count per IP and per user, whatever the IP
  const guesses =
    hash && nonce && config.securePasswordChange
      ? [
          await api.limits.attempt(c, 'reauthenticate'),
          await api.limits.attempt(c, 'reauthenticate', `user:${user.id}`),
        ]
      : [];
  const settle = async () => {
    for (const notAFailure of guesses) await notAFailure();
  };
  const mails = await db
    .transaction(async (tx) => {
      if (hash) {
        await checkReauthentication(api, tx, user, sessionId, nonce);
        await setPassword(tx, user.id, hash);
        await deleteOtherSessions(tx, user.id, sessionId);
      }
      // GoTrue merges top-level keys; a null value removes the key
      if (data) await mergeUserMetadata(tx, user.id, data, { stripNulls: true });
      return changesEmail ? changeEmail(api, tx, user, email, b) : [];
    })
    .catch(async (e: unknown) => {
      // only a wrong nonce stays counted
      if (!(e instanceof AuthError && e.errorCode === ErrorCode.ReauthenticationNotValid))
        await settle();
      throw e;
    });
  await settle();
  for (const m of mails) await sendAuthMail(api, m.to, m.mail, m, redirectTo);
  const fresh = await getUserById(db, user.id);
  return c.json(userJson(fresh, await listIdentities(db, user.id), await listFactors(db, user.id)));
}

/** GET /reauthenticate: mails the signed-in user a 6-digit nonce for a password change. */
export async function reauthenticate(api: AuthApi, c: Context): Promise<Response> {
  const { user } = await requireUser(api, c);
  const email = user.email;
  if (!email)
    throw reauthenticationNotValid(
      'Reauthentication requires the user to have an email or a phone number',
    );
  await api.limits.mail(email);
  const { code } = await api.db.transaction((tx) =>
    issueOneTimeSecrets(tx, user, 'reauthentication', email),
  );
  await sendAuthMail(api, email, 'reauthentication', { token: null, code }, api.config.siteUrl);
  return c.json({});
}

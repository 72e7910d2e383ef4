/**
 * POST /signup: a new account with e-mail and password; mails a confirmation unless
 * auto-confirmed. A repeat sign-up for an address that is not confirmed yet changes nothing
 * (whoever sends it cannot prove they own the address): it only mails the pending confirmation
 * link again, within the per-recipient mail limit, as GoTrue does. When its password differs
 * from the pending one, the account is contested: its confirmation will not activate either
 * password but ends its sessions and leads the owner of the inbox to set their own.
 */
import type { Context } from 'hono';
import type { Queryable } from '../../db/types.js';
import type { AuthApi } from '../api.js';
import { hashPassword, passwordMatches } from '../crypto.js';
import {
  anonymousProviderDisabled,
  phoneProviderDisabled,
  signupDisabled,
  userAlreadyExists,
} from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail } from '../mail.js';
import { listIdentities } from '../models/identities.js';
import {
  createUser,
  findUserByEmail,
  getUserById,
  markSignupContested,
  stampConfirmationSent,
  type UserRow,
} from '../models/users.js';
import { savePkce } from '../pkce.js';
import {
  checkEmail,
  checkPassword,
  metaObj,
  readBody,
  safeRedirect,
  str,
  type Body,
} from '../request.js';
import { issueSession, type SessionJson } from '../session.js';
import { userJson } from '../user-json.js';

type Outcome =
  | { session: SessionJson }
  /** `code` is null when the mail repeats a link whose code only the first mail carried. */
  | { user: UserRow; token: string; code: string | null };

export async function signup(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  const b = await readBody(c);
  // neither an address nor a phone number: an anonymous sign-in, as GoTrue routes it
  if (isBlank(b['email']) && isBlank(b['phone'])) return signInAnonymously(api, c, b);
  if (isBlank(b['email'])) throw phoneProviderDisabled('Phone signups are disabled');
  const email = str(b['email'], 'email').trim().toLowerCase();
  const password = str(b['password'], 'password');
  checkEmail(email);
  await api.limits.perAddress(c, 'signup', email);
  await api.limits.perIp(c, 'signUp');
  if (config.disableSignup) throw signupDisabled();
  checkPassword(password);
  const data = metaObj(b['data'], 'data');
  const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
  const hash = await hashPassword(password);
  // a repeat sign-up with the pending password is the same credentials again (a second click,
  // a lost mail); compared outside the transaction, as bcrypt is slow
  const pending = await findUserByEmail(db, email);
  const samePassword =
    !!pending?.encrypted_password && (await passwordMatches(password, pending.encrypted_password));
  const result = await db.transaction(async (tx): Promise<Outcome> => {
    const existing = await findUserByEmail(tx, email);
    if (existing && existing.email_confirmed_at) throw userAlreadyExists();
    if (existing) {
      const same = samePassword && existing.encrypted_password === pending?.encrypted_password;
      if (!same) await markSignupContested(tx, existing.id);
      return repeatConfirmation(api, tx, existing);
    }
    const user = await createUser(tx, {
      email,
      passwordHash: hash,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      confirmed: config.mailerAutoconfirm,
      signedIn: true,
    });
    if (config.mailerAutoconfirm)
      return { session: await issueSession(api, tx, user, 'password', c) };
    await api.limits.mail(email, tx);
    await savePkce(tx, b, user.id, 'signup');
    const { token, code } = await issueOneTimeSecrets(tx, user, 'signup');
    return { user: await getUserById(tx, user.id), token, code };
  });
  if ('session' in result) return c.json(result.session);
  // the app confirms by the link only; the code stays usable for clients that ask for it
  await sendAuthMail(api, email, 'signup', { token: result.token, code: null }, redirectTo);
  return c.json(userJson(result.user, await listIdentities(db, result.user.id)));
}

const isBlank = (v: unknown) => v === undefined || v === null || v === '';

/**
 * An anonymous user (no e-mail, no identity) with a session, when the setting allows it; the
 * access token says `is_anonymous: true`, and the database keeps such users out of what only
 * members may do.
 */
async function signInAnonymously(api: AuthApi, c: Context, b: Body): Promise<Response> {
  if (!api.config.anonymousSignIns) throw anonymousProviderDisabled();
  await api.limits.perIp(c, 'anonymous');
  if (api.config.disableSignup) throw signupDisabled();
  const data = metaObj(b['data'], 'data');
  const session = await api.db.transaction(async (tx) => {
    const user = await createUser(tx, {
      email: null,
      passwordHash: null,
      appMetadata: { provider: 'anonymous', providers: ['anonymous'] },
      userMetadata: data,
      confirmed: false,
      signedIn: true,
    });
    return issueSession(api, tx, user, 'anonymous', c);
  });
  return c.json(session);
}

/** The pending confirmation of an unconfirmed account, to be mailed again unchanged. */
async function repeatConfirmation(api: AuthApi, tx: Queryable, user: UserRow): Promise<Outcome> {
  await api.limits.mail(user.email ?? '', tx);
  if (user.confirmation_token) {
    await stampConfirmationSent(tx, user.id);
    return { user: await getUserById(tx, user.id), token: user.confirmation_token, code: null };
  }
  // no link was ever mailed (an unconfirmed account made by an admin): this is the first one
  const { token, code } = await issueOneTimeSecrets(tx, user, 'signup');
  return { user: await getUserById(tx, user.id), token, code };
}

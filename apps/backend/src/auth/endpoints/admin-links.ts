/**
 * POST /admin/generate_link (the link and code of a mail, answered to the service role instead
 * of mailed) and POST /invite (creates the user and mails the invitation).
 */
import type { Context } from 'hono';
import type { Queryable } from '../../db/types.js';
import type { AuthApi } from '../api.js';
import { hashPassword } from '../crypto.js';
import { emailExists, emailUserNotFound, validationFailed } from '../errors.js';
import { issueOneTimeSecrets, sendAuthMail, verificationType, verifyLinkUrl } from '../mail.js';
import type { AuthMailKind } from '../mail-templates.js';
import { listIdentities } from '../models/identities.js';
import {
  createUser,
  emailTaken,
  findUserByEmail,
  getUserById,
  startEmailChange,
  stampInvited,
  type TokenKind,
  type UserRow,
} from '../models/users.js';
import { randomCode } from '../crypto.js';
import {
  checkEmail,
  checkPassword,
  emailField,
  metaObj,
  optionalStr,
  readBody,
  safeRedirect,
  str,
  type Body,
} from '../request.js';
import { requireServiceRole } from '../session.js';
import { userJson } from '../user-json.js';

const LINK_TYPES = [
  'signup',
  'invite',
  'magiclink',
  'recovery',
  'email_change_current',
  'email_change_new',
] as const;
type LinkType = (typeof LINK_TYPES)[number];

const isLinkType = (t: string): t is LinkType => (LINK_TYPES as readonly string[]).includes(t);

/** The user an invitation (or an invite link) is for: new, or an invited one not confirmed yet. */
async function invitee(
  tx: Queryable,
  email: string,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw emailExists();
  const user =
    existing ??
    (await createUser(tx, {
      email,
      passwordHash: null,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      confirmed: false,
      signedIn: false,
      invited: true,
    }));
  await stampInvited(tx, user.id);
  return user;
}

/** The user a sign-up link is for: new with the given password, or one not confirmed yet. */
async function signupUser(
  tx: Queryable,
  email: string,
  passwordHash: string | null,
  data: Record<string, unknown>,
): Promise<UserRow> {
  const existing = await findUserByEmail(tx, email);
  if (existing?.email_confirmed_at) throw emailExists();
  return (
    existing ??
    createUser(tx, {
      email,
      passwordHash,
      appMetadata: { provider: 'email', providers: ['email'] },
      userMetadata: data,
      confirmed: false,
      signedIn: false,
    })
  );
}

interface Generated {
  user: UserRow;
  token: string;
  code: string;
  mail: AuthMailKind;
}

/** Issues the secrets of a link of `type` (an e-mail change gets both of its links). */
async function generate(
  tx: Queryable,
  type: LinkType,
  email: string,
  b: Body,
  passwordHash: string | null,
): Promise<Generated> {
  const data = metaObj(b['data'], 'data');
  if (type === 'signup') {
    const user = await signupUser(tx, email, passwordHash, data);
    return { user, mail: 'signup', ...(await issueOneTimeSecrets(tx, user, 'signup')) };
  }
  if (type === 'invite') {
    const user = await invitee(tx, email, data);
    return { user, mail: 'invite', ...(await issueOneTimeSecrets(tx, user, 'signup')) };
  }
  const user = await findUserByEmail(tx, email);
  if (!user) throw emailUserNotFound();
  if (type === 'magiclink' || type === 'recovery')
    return { user, mail: type, ...(await issueOneTimeSecrets(tx, user, 'recovery')) };
  const newEmail = str(b['new_email'], 'new_email').trim().toLowerCase();
  checkEmail(newEmail);
  if (await emailTaken(tx, newEmail, user.id)) throw emailExists();
  await startEmailChange(tx, user.id, newEmail);
  const fresh = await getUserById(tx, user.id);
  // one code for both links, each bound to its own address (GoTrue's email_otp)
  const code = randomCode();
  const toNew = await issueOneTimeSecrets(tx, fresh, 'email_change_new', newEmail, code);
  const toCurrent = await issueOneTimeSecrets(tx, fresh, 'email_change_current', email, code);
  const kind: TokenKind = type === 'email_change_new' ? 'email_change_new' : 'email_change_current';
  return {
    user: fresh,
    mail: kind,
    code,
    token: kind === 'email_change_new' ? toNew.token : toCurrent.token,
  };
}

export async function generateLink(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  await requireServiceRole(api, c);
  const b = await readBody(c);
  const type = str(b['type'], 'type');
  if (!isLinkType(type)) throw validationFailed('Invalid email action link type requested');
  const email = emailField(b);
  const password = optionalStr(b['password'], 'password');
  if (password !== undefined) checkPassword(password);
  const passwordHash = password ? await hashPassword(password) : null;
  const redirectTo = safeRedirect(
    config,
    optionalStr(b['redirect_to'], 'redirect_to') ?? c.req.query('redirect_to'),
  );
  const g = await db.transaction(async (tx) => {
    const out = await generate(tx, type, email, b, passwordHash);
    return { ...out, user: await getUserById(tx, out.user.id) };
  });
  const verification = verificationType(g.mail);
  return c.json({
    ...userJson(g.user, await listIdentities(db, g.user.id)),
    action_link: verifyLinkUrl(api, verification, g.token, redirectTo),
    email_otp: g.code,
    hashed_token: g.token,
    verification_type: verification,
    redirect_to: redirectTo,
  });
}

/** POST /invite: creates the user (or re-invites one not confirmed yet) and mails the link. */
export async function invite(api: AuthApi, c: Context): Promise<Response> {
  const { db, config } = api;
  await requireServiceRole(api, c);
  const b = await readBody(c);
  const email = emailField(b);
  const data = metaObj(b['data'], 'data');
  const redirectTo = safeRedirect(config, c.req.query('redirect_to'));
  const { user, token } = await db.transaction(async (tx) => {
    const u = await invitee(tx, email, data);
    await api.limits.mail(email, tx);
    const secrets = await issueOneTimeSecrets(tx, u, 'signup');
    return { user: await getUserById(tx, u.id), token: secrets.token };
  });
  await sendAuthMail(api, email, 'invite', { token, code: null }, redirectTo);
  return c.json(userJson(user, await listIdentities(db, user.id)));
}

/** Issuing the one-time link token and code of an auth mail, and sending the mail. */
import type { Queryable } from '../db/types.js';
import type { AuthApi } from './api.js';
import { codeHash, randomCode, randomToken } from './crypto.js';
import { authMail, type AuthMailKind } from './mail-templates.js';
import { replaceOneTimeToken } from './models/one-time-tokens.js';
import { setLinkToken, type TokenKind, type UserRow } from './models/users.js';

export interface OneTimeSecrets {
  /** The link token (stored as is, compared in full): GoTrue's `hashed_token`. */
  token: string;
  /** The 6-digit code (only its hash is stored, bound to the address it goes to). */
  code: string;
}

/**
 * Replaces the user's link token and code of `kind` with new ones; `address` is where they
 * are sent (the new address of an e-mail change; the user's own otherwise).
 */
export async function issueOneTimeSecrets(
  tx: Queryable,
  user: UserRow,
  kind: TokenKind,
  address: string = user.email ?? '',
  code: string = randomCode(),
): Promise<OneTimeSecrets> {
  const token = randomToken();
  await setLinkToken(tx, user.id, kind, token);
  await replaceOneTimeToken(tx, {
    userId: user.id,
    kind,
    hash: codeHash(address, code),
    relatesTo: address,
  });
  return { token, code };
}

/** The verification type a mail's link names (what POST /verify takes as `type`). */
export function verificationType(mail: AuthMailKind): string {
  return mail === 'email_change_new' || mail === 'email_change_current' ? 'email_change' : mail;
}

/** The verify link: GET /verify with the token, its verification type and where to go. */
export function verifyLinkUrl(
  api: AuthApi,
  type: string,
  token: string,
  redirectTo: string,
): string {
  return `${api.config.apiUrl}/auth/v1/verify?token=${token}&type=${type}&redirect_to=${encodeURIComponent(redirectTo)}`;
}

export interface MailSecrets {
  token: string | null;
  code: string | null;
  /** The verification type the link names, when it is not the mail's own (see verificationType). */
  linkType?: string;
}

/** Mails `to` the mail of `mail`: its verify link (when a token is given) and its code. */
export async function sendAuthMail(
  api: AuthApi,
  to: string,
  mail: AuthMailKind,
  secrets: MailSecrets,
  redirectTo: string,
): Promise<void> {
  const type = secrets.linkType ?? verificationType(mail);
  const link = secrets.token ? verifyLinkUrl(api, type, secrets.token, redirectTo) : null;
  await api.mailer.send({ to, ...authMail(mail, link, secrets.code, await venueName(api.db)) });
}

/** The venue's name from its record (public.venue_settings), which heads every mail. */
async function venueName(db: Queryable): Promise<string> {
  const { rows } = await db.query<{ name: string }>(
    'select name from public.venue_settings limit 1',
  );
  const name = rows[0]?.name;
  if (!name) throw new Error('The venue record is missing');
  return name;
}

/** Issuing the one-time link token and code of an auth mail, and sending the mail. */
import type { Queryable } from '../db/types.js';
import type { AuthApi } from './api.js';
import { codeHash, randomCode, randomToken } from './crypto.js';
import { authMail } from './mail-templates.js';
import { replaceOneTimeToken } from './models/one-time-tokens.js';
import { setLinkToken, type TokenKind, type UserRow } from './models/users.js';

export interface OneTimeSecrets {
  /** The link token (stored as is, compared in full). */
  token: string;
  /** The 6-digit code (only its hash is stored). */
  code: string;
}

/** Replaces the user's link token and code of `kind` with new ones. */
export async function issueOneTimeSecrets(
  tx: Queryable,
  user: UserRow,
  kind: TokenKind,
): Promise<OneTimeSecrets> {
  const token = randomToken();
  const code = randomCode();
  await setLinkToken(tx, user.id, kind, token);
  await replaceOneTimeToken(tx, {
    userId: user.id,
    kind,
    hash: codeHash(user.email ?? '', code),
    relatesTo: user.email ?? '',
  });
  return { token, code };
}

/** Mails the user the verify link (and the code, when given). */
export async function sendAuthMail(
  api: AuthApi,
  user: UserRow,
  kind: TokenKind,
  token: string,
  code: string | null,
  redirectTo: string,
): Promise<void> {
  const link = `${api.config.apiUrl}/auth/v1/verify?token=${token}&type=${kind}&redirect_to=${encodeURIComponent(redirectTo)}`;
  await api.mailer.send({ to: user.email ?? '', ...authMail(kind, link, code) });
}

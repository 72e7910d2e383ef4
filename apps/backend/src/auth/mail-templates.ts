/** The auth mails: sign-up confirmation and password recovery. */
import type { TokenKind } from './models/users.js';

export interface AuthMail {
  subject: string;
  html: string;
  text: string;
}

const escapeHtml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

const WORDING: Record<TokenKind, { subject: string; lead: string; action: string }> = {
  signup: {
    subject: 'Confirm your signup',
    lead: 'Follow this link to confirm your account:',
    action: 'Confirm your email',
  },
  recovery: {
    subject: 'Reset your password',
    lead: 'Follow this link to reset the password for your account:',
    action: 'Reset password',
  },
};

/** The mail with its link and, when given, the 6-digit code that works instead of the link. */
export function authMail(kind: TokenKind, link: string, code: string | null): AuthMail {
  const { subject, lead, action } = WORDING[kind];
  const codeHtml = code === null ? '' : `<p>Or enter this code: ${code}</p>`;
  const codeText = code === null ? '' : `\nOr enter this code: ${code}\n`;
  return {
    subject,
    html: `<h2>${subject}</h2><p>${lead}</p><p><a href="${escapeHtml(link)}">${action}</a></p>${codeHtml}`,
    text: `${subject}\n\n${lead}\n${link}\n${codeText}`,
  };
}

/**
 * The auth mails: sign-up confirmation, password recovery, magic link, invitation, the two
 * mails of an e-mail change and the reauthentication code. Each is drawn in the venue's one mail
 * layout (shared with the booking mails of the edge functions), with a text and an HTML part; a
 * code is printed only in the mails whose flow has somewhere to type it.
 */
import { brandedMail } from './mail-layout.generated.js';

export type AuthMailKind =
  | 'signup'
  | 'recovery'
  | 'magiclink'
  | 'invite'
  | 'email_change_new'
  | 'email_change_current'
  | 'reauthentication';

export interface AuthMail {
  subject: string;
  html: string;
  text: string;
}

interface Wording {
  subject: string;
  lead: string;
  /** The link's label; absent for a mail that carries only a code. */
  action?: string;
  /** The sentence before the code; absent for a mail that carries only a link. */
  codeLead?: string;
}

const WORDING: Record<AuthMailKind, Wording> = {
  // the app confirms sign-ups by the link only: it has no field to type a code in
  signup: {
    subject: 'Confirm your signup',
    lead: 'Follow this link to confirm your account:',
    action: 'Confirm your email',
  },
  recovery: {
    subject: 'Reset your password',
    lead: 'Follow this link to reset the password for your account:',
    action: 'Reset password',
    codeLead: 'Or enter this code:',
  },
  magiclink: {
    subject: 'Your sign-in link',
    lead: 'Follow this link to sign in:',
    action: 'Sign in',
    codeLead: 'Or enter this code:',
  },
  invite: {
    subject: 'You have been invited',
    lead: 'You have been invited to create an account. Follow this link to accept the invitation:',
    action: 'Accept the invitation',
  },
  email_change_new: {
    subject: 'Confirm your new email address',
    lead: 'Follow this link to confirm this address as the new email address of your account:',
    action: 'Confirm the new address',
  },
  email_change_current: {
    subject: 'Confirm the change of your email address',
    lead: 'Someone asked to change the email address of your account. Follow this link to confirm the change:',
    action: 'Confirm the change',
  },
  reauthentication: {
    subject: 'Confirm it is you',
    lead: 'Enter this code to confirm it is you:',
    codeLead: 'Your code:',
  },
};

/**
 * The mail of `kind` with its link (when the kind has one) and its 6-digit code (when the kind
 * prints one and a code is given).
 */
export function authMail(
  kind: AuthMailKind,
  link: string | null,
  code: string | null,
  venueName: string,
): AuthMail {
  const { subject, lead, action, codeLead } = WORDING[kind];
  const mail = brandedMail({
    venueName,
    subject,
    heading: subject,
    paragraphs: [lead],
    ...(action && link ? { action: { label: action, url: link } } : {}),
    ...(codeLead && code !== null
      ? { details: [[codeLead.replace(/:$/, ''), code] as const] }
      : {}),
    footer: ['If you did not ask for this, you can ignore this e-mail.'],
  });
  return { subject: mail.subject, html: mail.html, text: `${mail.text}\n` };
}

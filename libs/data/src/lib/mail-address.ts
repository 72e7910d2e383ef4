/**
 * A mail address as GoTrue accepts one (its format check): a local part of letters, digits and
 * `.!#$%&'*+/=?^_\`{|}~-`, then `@` and a domain of dot-separated labels of letters, digits and
 * inner hyphens; at most 255 characters. No spaces, commas, angle brackets, colons or quotes:
 * nothing a mailer or a `mailto:` link could read as a second address or a header.
 */
const MAIL_ADDRESS =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

export function isMailAddress(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.length <= 255 && MAIL_ADDRESS.test(value);
}

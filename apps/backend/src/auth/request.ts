/** Reading and checking what a client sends to the auth API. */
import type { Context } from 'hono';
import type { Config } from '../context.js';
import {
  badJson,
  emailAddressInvalid,
  emailAddressTooLong,
  userNotFound,
  validationFailed,
  weakPassword,
} from './errors.js';

/**
 * GoTrue's address grammar (its format check): a local part of letters, digits and
 * `.!#$%&'*+/=?^_\`{|}~-`, `@`, then dot-separated labels of letters, digits and inner hyphens.
 * Nothing a mailer could read as a second address, a display name or a group (no commas, spaces,
 * angle brackets, colons, semicolons or quotes): the address checked is the one mailed to.
 */
const EMAIL_RE =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;
const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type Body = Record<string, unknown>;

/** The JSON object in the request body; an empty body reads as `{}`. */
export async function readBody(c: Context): Promise<Body> {
  const text = await c.req.text();
  if (!text.trim()) return {};
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw badJson('Could not parse request body as JSON');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw badJson('Request body must be a JSON object');
  return v as Body;
}

/** A string field of at most 1,000 characters; '' when absent and not required. */
export function str(v: unknown, field: string, required = true): string {
  if (v === undefined || v === null || v === '') {
    if (required) throw validationFailed(`${field} is required`);
    return '';
  }
  if (typeof v !== 'string' || v.length > 1000) throw validationFailed(`${field} must be a string`);
  return v;
}

/** A string field that may be left out (undefined then). */
export const optionalStr = (v: unknown, field: string): string | undefined =>
  v === undefined ? undefined : str(v, field);

/** The `email` field, trimmed and lower-cased, in a valid form. */
export function emailField(b: Body): string {
  const email = str(b['email'], 'email').trim().toLowerCase();
  checkEmail(email);
  return email;
}

export function checkEmail(email: string): void {
  if (email.length > 255) throw emailAddressTooLong();
  if (!EMAIL_RE.test(email)) throw emailAddressInvalid();
}

/** bcrypt reads at most 72 bytes; GoTrue's default minimum is 6 characters. */
export function checkPassword(password: string): void {
  if (password.length < 6)
    throw weakPassword('Password should be at least 6 characters.', ['length']);
  if (password.length > 72)
    throw weakPassword('Password cannot be longer than 72 characters', ['length']);
}

/** A metadata object of at most 16,000 characters as JSON; `{}` when absent. */
export function metaObj(v: unknown, field: string): Record<string, unknown> {
  if (v === undefined || v === null) return {};
  if (typeof v !== 'object' || Array.isArray(v))
    throw validationFailed(`${field} must be an object`);
  if (JSON.stringify(v).length > 16_000) throw validationFailed(`${field} is too large`);
  return v as Record<string, unknown>;
}

/** Only redirect to the site, configured URLs or the local app origins (no open redirect). */
export function safeRedirect(config: Config, to: string | undefined): string {
  if (!to) return config.siteUrl;
  try {
    const u = new URL(to);
    const allowed = [config.siteUrl, ...config.redirectUrls, ...config.corsOrigins];
    const ok = allowed.some((a) => {
      if (!a) return false;
      const base = new URL(a);
      // same origin, and (for entries with a path) inside that path
      return (
        u.origin === base.origin && (base.pathname === '/' || u.pathname.startsWith(base.pathname))
      );
    });
    if (ok && (u.protocol === 'http:' || u.protocol === 'https:')) return to;
  } catch {
    /* fall through */
  }
  return config.siteUrl;
}

/** The `:id` path parameter; anything but a UUID names no user. */
export function userIdParam(c: Context): string {
  const id = c.req.param('id') ?? '';
  if (!UUID_RE.test(id)) throw userNotFound();
  return id;
}

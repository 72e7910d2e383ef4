/**
 * Endpoints supabase-js exposes that this server does not offer (OAuth providers, identity
 * linking, MFA factors): each answers with GoTrue's error for a disabled feature.
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import {
  mfaFactorNotFound,
  mfaTotpEnrollNotEnabled,
  singleIdentityNotDeletable,
  unsupportedProvider,
} from '../errors.js';
import { requireUser } from '../session.js';

/** GET /authorize and GET /user/identities/authorize: no OAuth provider is enabled. */
export function authorize(): never {
  throw unsupportedProvider();
}

/** DELETE /user/identities/:id: the e-mail identity is the user's only one. */
export async function unlinkIdentity(api: AuthApi, c: Context): Promise<never> {
  await requireUser(api, c);
  throw singleIdentityNotDeletable();
}

/** POST /factors: TOTP enrolment is disabled. */
export async function enrollFactor(api: AuthApi, c: Context): Promise<never> {
  await requireUser(api, c);
  throw mfaTotpEnrollNotEnabled();
}

/** POST /factors/:id/challenge, /factors/:id/verify, DELETE /factors/:id: no factor exists. */
export async function factorNotFound(api: AuthApi, c: Context): Promise<never> {
  await requireUser(api, c);
  throw mfaFactorNotFound();
}

/**
 * Endpoints supabase-js exposes that this server does not offer (OAuth providers, ID tokens,
 * identity linking, SSO): each answers with GoTrue's error for a disabled feature.
 */
import type { Context } from 'hono';
import type { AuthApi } from '../api.js';
import {
  issuerNotEnabled,
  manualLinkingDisabled,
  samlProviderDisabled,
  web3ProviderDisabled,
  web3UnsupportedChain,
  unsupportedProvider,
} from '../errors.js';
import { readBody } from '../request.js';
import { requireUser } from '../session.js';

/** GET /authorize: no OAuth provider is enabled. */
export function authorize(): never {
  throw unsupportedProvider();
}

/**
 * GET /user/identities/authorize and DELETE /user/identities/:id: linking identities by hand
 * is off (GoTrue's GOTRUE_SECURITY_MANUAL_LINKING_ENABLED default).
 */
export async function manualLinking(api: AuthApi, c: Context): Promise<never> {
  await requireUser(api, c);
  throw manualLinkingDisabled();
}

/** The issuers of the ID-token providers GoTrue knows by name. */
const ISSUERS: Record<string, string> = {
  google: 'https://accounts.google.com',
  apple: 'https://appleid.apple.com',
  facebook: 'https://www.facebook.com',
  azure: 'https://login.microsoftonline.com/common/v2.0',
  kakao: 'https://kauth.kakao.com',
};

/** POST /token?grant_type=id_token: no ID-token provider is enabled. */
export async function idTokenGrant(c: Context): Promise<never> {
  const b = await readBody(c);
  const provider = typeof b['provider'] === 'string' ? b['provider'] : '';
  const issuer = typeof b['issuer'] === 'string' && b['issuer'] ? b['issuer'] : ISSUERS[provider];
  throw issuerNotEnabled(issuer ?? provider);
}

/**
 * POST /token?grant_type=web3: sign-in with a Solana or Ethereum wallet is not enabled; as
 * GoTrue with those providers off, a known chain is web3_provider_disabled and any other
 * web3_unsupported_chain.
 */
export async function web3Grant(c: Context): Promise<never> {
  const b = await readBody(c);
  if (b['chain'] === 'solana' || b['chain'] === 'ethereum') throw web3ProviderDisabled();
  throw web3UnsupportedChain();
}

/** POST /sso: SAML single sign-on is not offered. */
export function sso(): never {
  throw samlProviderDisabled();
}

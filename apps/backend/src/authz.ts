/** Resolves the caller's role and JWT claims from apikey / Authorization headers. */
import type { JWTPayload } from 'jose';
import type { KeySet } from './keys.js';
import { createJwtCache, type JwtCache } from './jwt-cache.js';

export type ApiRole = 'anon' | 'authenticated' | 'service_role';

export interface Caller {
  role: ApiRole;
  claims: JWTPayload;
  /** true when a user token (not just the anon key) was presented */
  isUser: boolean;
  userId: string | null;
  token: string | null;
}

export class JwtError extends Error {
  constructor(
    message: string,
    readonly expired = false,
  ) {
    super(message);
  }
}

const ROLES: ApiRole[] = ['anon', 'authenticated', 'service_role'];

export function bearer(header: string | undefined): string | null {
  if (!header) return null;
  const m = /^Bearer\s+(\S+)$/i.exec(header.trim());
  return m ? (m[1] as string) : null;
}

/** One cache of verified tokens per key set (see jwt-cache.ts). */
const caches = new WeakMap<KeySet, JwtCache>();

function verifyCached(keys: KeySet, token: string): Promise<JWTPayload> {
  let cache = caches.get(keys);
  if (!cache) {
    cache = createJwtCache((t) => keys.verify(t));
    caches.set(keys, cache);
  }
  return cache.verify(token);
}

/**
 * The one JWT check of the API (auth, rest, storage, functions): the signature with the project
 * key (through the cache of verified tokens) and the expiry. Throws JwtError (`expired` set for
 * an expired token).
 */
export async function verifyJwt(keys: KeySet, token: string): Promise<JWTPayload> {
  try {
    return await verifyCached(keys, token);
  } catch (e) {
    const code = (e as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw new JwtError('JWT expired', true);
    throw new JwtError('JWT could not be verified');
  }
}

export async function resolveCaller(
  keys: KeySet,
  headers: { authorization?: string | undefined; apikey?: string | undefined },
): Promise<Caller> {
  const token = bearer(headers.authorization) ?? headers.apikey ?? null;
  if (!token)
    return { role: 'anon', claims: { role: 'anon' }, isUser: false, userId: null, token: null };
  const claims = await verifyJwt(keys, token);
  const role = claims['role'];
  if (typeof role !== 'string' || !(ROLES as string[]).includes(role))
    throw new JwtError('JWT role claim is not an API role');
  const userId = typeof claims.sub === 'string' ? claims.sub : null;
  return { role: role as ApiRole, claims, isUser: userId !== null, userId, token };
}

import { readFile, writeFile, mkdir } from 'node:fs/promises';
import path from 'node:path';
import {
  SignJWT,
  calculateJwkThumbprint,
  errors,
  exportJWK,
  generateKeyPair,
  importJWK,
  jwtVerify,
  type JWK,
  type JWTPayload,
  type CryptoKey,
} from 'jose';

export interface KeySet {
  kid: string;
  privateKey: CryptoKey;
  publicKey: CryptoKey;
  publicJwk: JWK;
  sign(payload: JWTPayload, expiresInSeconds: number): Promise<string>;
  verify(token: string): Promise<JWTPayload>;
}

async function fromPrivateJwk(jwk: JWK): Promise<KeySet> {
  const kid = jwk.kid ?? (await calculateJwkThumbprint(jwk));
  const privateKey = (await importJWK({ ...jwk, alg: 'ES256' }, 'ES256')) as CryptoKey;
  const { d: _d, ...pub } = jwk;
  void _d;
  const publicJwk: JWK = { ...pub, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] };
  const publicKey = (await importJWK(
    { kty: pub.kty, crv: pub.crv, x: pub.x, y: pub.y },
    'ES256',
  )) as CryptoKey;
  return {
    kid,
    privateKey,
    publicKey,
    publicJwk,
    async sign(payload, expiresInSeconds) {
      const now = Math.floor(Date.now() / 1000);
      return new SignJWT(payload)
        .setProtectedHeader({ alg: 'ES256', kid, typ: 'JWT' })
        .setIssuedAt(now)
        .setExpirationTime(now + expiresInSeconds)
        .sign(privateKey);
    },
    async verify(token) {
      const { payload, protectedHeader } = await jwtVerify(token, publicKey, {
        algorithms: ['ES256'],
      });
      // every token this backend issues names its key; refuse any other kid (or none)
      if (protectedHeader.kid !== kid) throw new errors.JWSSignatureVerificationFailed();
      return payload;
    },
  };
}

async function generate(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true });
  const jwk = await exportJWK(privateKey);
  jwk.kid = await calculateJwkThumbprint(jwk);
  return jwk;
}

/** Loads the ES256 signing key from `<dataDir>/jwt-key.json`, creating it on first start. */
export async function loadKeys(dataDir?: string): Promise<KeySet> {
  if (!dataDir) return fromPrivateJwk(await generate());
  const file = path.join(dataDir, 'jwt-key.json');
  try {
    return await fromPrivateJwk(JSON.parse(await readFile(file, 'utf8')) as JWK);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const jwk = await generate();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(jwk, null, 2), { mode: 0o600 });
  return fromPrivateJwk(jwk);
}

const TEN_YEARS = 10 * 365 * 24 * 3600;

/** The anon and service_role API keys: long-lived JWTs signed by the project key. */
export async function apiKeys(keys: KeySet): Promise<{ anonKey: string; serviceRoleKey: string }> {
  const anonKey = await keys.sign({ iss: 'supabase', ref: 'local', role: 'anon' }, TEN_YEARS);
  const serviceRoleKey = await keys.sign(
    { iss: 'supabase', ref: 'local', role: 'service_role' },
    TEN_YEARS,
  );
  return { anonKey, serviceRoleKey };
}

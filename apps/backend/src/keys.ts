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
import type { Queryable } from './db/types.js';

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

/** The private JWK in `<dataDir>/jwt-key.json`, created on first start (none: a fresh one). */
async function loadJwk(dataDir?: string): Promise<JWK> {
  if (!dataDir) return generate();
  const file = path.join(dataDir, 'jwt-key.json');
  try {
    return JSON.parse(await readFile(file, 'utf8')) as JWK;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
  const jwk = await generate();
  await mkdir(dataDir, { recursive: true });
  await writeFile(file, JSON.stringify(jwk, null, 2), { mode: 0o600 });
  return jwk;
}

/** Loads the ES256 signing key from `<dataDir>/jwt-key.json`, creating it on first start. */
export async function loadKeys(dataDir?: string): Promise<KeySet> {
  return fromPrivateJwk(await loadJwk(dataDir));
}

/**
 * The signing key of a database several processes or machines may serve (PostgreSQL): the one
 * in backend.settings, so that a token one process signs is valid on all. The first process
 * to start stores its key there (the one in `<dataDir>/jwt-key.json`, or a new one); a
 * machine whose file holds another key is told so once and uses the database's.
 */
export async function loadSharedKeys(
  db: Queryable,
  dataDir: string | undefined,
  warn: (msg: string) => void,
): Promise<KeySet> {
  const stored = async () =>
    (await db.query<{ value: string }>(`select value from backend.settings where key = 'jwt_key'`))
      .rows[0]?.value;
  let value = await stored();
  if (value === undefined) {
    const jwk = await loadJwk(dataDir);
    await db.query(
      `insert into backend.settings (key, value) values ('jwt_key', $1) on conflict (key) do nothing`,
      [JSON.stringify(jwk)],
    );
    // another process may have stored its key first: everyone uses the stored one
    value = (await stored()) as string;
  }
  const keys = await fromPrivateJwk(JSON.parse(value) as JWK);
  if (dataDir) {
    const local = await readFile(path.join(dataDir, 'jwt-key.json'), 'utf8').catch(() => null);
    if (local !== null) {
      const localKid = (JSON.parse(local) as JWK).kid;
      if (localKid && localKid !== keys.kid)
        warn(
          `${path.join(dataDir, 'jwt-key.json')} holds key ${localKid}, but this database's tokens ` +
            `are signed with key ${keys.kid} (stored in backend.settings by the first process ` +
            `that served it); using the database's`,
        );
    }
  }
  return keys;
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

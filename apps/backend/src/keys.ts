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

/** The signing key and the API keys (anon, service_role) a backend serves with. */
export interface ProjectKeys {
  keys: KeySet;
  anonKey: string;
  serviceRoleKey: string;
}

/**
 * The keys of a database several processes or machines may serve (PostgreSQL), kept in
 * backend.settings: the signing key, so that a token one process signs is valid on all, and
 * the anon and service_role keys themselves (an ES256 signature differs at every signing, and
 * edge functions compare the service_role key as a string). The first process to start stores
 * them (its `<dataDir>/jwt-key.json`, or a new key); a machine whose file holds another key is
 * told so and uses the database's.
 */
export async function loadSharedKeys(
  db: Queryable,
  dataDir: string | undefined,
  warn: (msg: string) => void,
): Promise<ProjectKeys> {
  const stored = async () => {
    const r = await db.query<{ key: string; value: string }>(
      `select key, value from backend.settings
       where key in ('jwt_key', 'anon_key', 'service_role_key')`,
    );
    return Object.fromEntries(r.rows.map((x) => [x.key, x.value])) as Record<string, string>;
  };
  let values = await stored();
  if (values['jwt_key'] === undefined) {
    const jwk = await loadJwk(dataDir);
    const made = await apiKeys(await fromPrivateJwk(jwk));
    // all three or none: another process may have stored its own first, then everyone uses those
    await db.query(
      `insert into backend.settings (key, value)
       select * from unnest($1::text[], $2::text[])
       where not exists (select 1 from backend.settings where key = 'jwt_key')
       on conflict (key) do nothing`,
      [
        ['jwt_key', 'anon_key', 'service_role_key'],
        [JSON.stringify(jwk), made.anonKey, made.serviceRoleKey],
      ],
    );
    values = await stored();
  }
  const keys = await fromPrivateJwk(JSON.parse(values['jwt_key'] as string) as JWK);
  const anonKey = values['anon_key'];
  const serviceRoleKey = values['service_role_key'];
  if (anonKey === undefined || serviceRoleKey === undefined)
    throw new Error('backend.settings holds jwt_key without anon_key and service_role_key');
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
  return { keys, anonKey, serviceRoleKey };
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

/** Hashes and random tokens of the auth API. */
import { createHash, randomBytes, randomInt } from 'node:crypto';
import bcrypt from 'bcryptjs';

/**
 * bcrypt's cost factor for new password hashes: PASSWORD_HASH_COST, 10 (GoTrue's) unless set.
 * A hash keeps the cost it was made with, so changing it never locks anyone out. Test runs set
 * 4: every sign-up and sign-in of the suites then hashes in about 1 ms instead of about 100 ms.
 */
export function passwordHashCost(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env['PASSWORD_HASH_COST']?.trim();
  if (!raw) return 10;
  const cost = Number(raw);
  if (!Number.isInteger(cost) || cost < 4 || cost > 15)
    throw new Error(`PASSWORD_HASH_COST must be a whole number from 4 to 15 (got "${raw}")`);
  return cost;
}

const BCRYPT_COST = passwordHashCost();

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/** The PKCE S256 transform of a code verifier. */
export const s256 = (s: string) => createHash('sha256').update(s).digest('base64url');

/** An unguessable link token (hex). */
export const randomToken = (bytes = 28) => randomBytes(bytes).toString('hex');

/** A 6-digit e-mail code. */
export const randomCode = () => String(randomInt(0, 1_000_000)).padStart(6, '0');

/** GoTrue-style opaque refresh tokens (12 chars base62-ish is theirs; we use more entropy). */
export const newRefreshToken = () => randomBytes(18).toString('base64url');

/** The stored hash of an e-mailed code: bound to the address it was sent to. */
export const codeHash = (email: string, code: string) => sha256(`${email.toLowerCase()}:${code}`);

export const hashPassword = (password: string) => bcrypt.hash(password, BCRYPT_COST);

const DUMMY_HASH = bcrypt.hashSync('not-a-real-password', BCRYPT_COST);

/**
 * Whether `password` matches `hash`. Without a hash (unknown user, no password set) it still
 * compares against a dummy hash, so the answer's timing does not reveal which accounts exist.
 */
export async function passwordMatches(password: string, hash: string | null): Promise<boolean> {
  const ok = await bcrypt.compare(password, hash || DUMMY_HASH).catch(() => false);
  return ok && Boolean(hash);
}

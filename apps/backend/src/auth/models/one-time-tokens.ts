/** auth.one_time_tokens: the hashes of e-mailed 6-digit codes, one per user and purpose. */
import type { Queryable } from '../../db/types.js';
import type { TokenKind } from './users.js';

/** Replaces the user's code of `kind` with a new one (stored as its hash). */
export async function replaceOneTimeToken(
  tx: Queryable,
  t: { userId: string; kind: TokenKind; hash: string; relatesTo: string },
): Promise<void> {
  await deleteOneTimeTokens(tx, t.userId, t.kind);
  await tx.query(
    `insert into auth.one_time_tokens (user_id, token_type, token_hash, relates_to) values ($1::uuid, $2, $3, $4)`,
    [t.userId, t.kind, t.hash, t.relatesTo],
  );
}

export async function deleteOneTimeTokens(
  tx: Queryable,
  userId: string,
  kind: TokenKind,
): Promise<void> {
  await tx.query(`delete from auth.one_time_tokens where user_id = $1::uuid and token_type = $2`, [
    userId,
    kind,
  ]);
}

export async function findUserIdByCodeHash(
  tx: Queryable,
  kind: TokenKind,
  hash: string,
): Promise<string | null> {
  const r = await tx.query<{ user_id: string }>(
    `select user_id::text from auth.one_time_tokens where token_type = $1 and token_hash = $2 limit 1`,
    [kind, hash],
  );
  return r.rows[0]?.user_id ?? null;
}

/** Whether the user's code of `kind` has this hash. */
export async function hasCodeHash(
  tx: Queryable,
  userId: string,
  kind: TokenKind,
  hash: string,
): Promise<boolean> {
  const r = await tx.query(
    `select 1 from auth.one_time_tokens where user_id = $1::uuid and token_type = $2 and token_hash = $3`,
    [userId, kind, hash],
  );
  return r.rows.length > 0;
}

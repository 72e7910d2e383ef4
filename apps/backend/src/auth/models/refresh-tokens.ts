/** auth.refresh_tokens: opaque tokens, rotated on each use; `parent` links a rotation chain. */
import type { Queryable } from '../../db/types.js';

export interface RefreshTokenRow {
  id: string;
  user_id: string;
  revoked: boolean;
  session_id: string | null;
  /** Milliseconds since the token was last updated (revoked, for a rotated token). */
  age_ms: number;
}

export async function insertRefreshToken(
  tx: Queryable,
  t: { token: string; userId: string; sessionId: string; parent: string | null },
): Promise<void> {
  await tx.query(
    `insert into auth.refresh_tokens (token, user_id, session_id, parent, revoked) values ($1, $2, $3::uuid, $4, false)`,
    [t.token, t.userId, t.sessionId, t.parent],
  );
}

/** The token's row, locked for the rest of the transaction. */
export async function lockRefreshToken(
  tx: Queryable,
  token: string,
): Promise<RefreshTokenRow | null> {
  const r = await tx.query<RefreshTokenRow>(
    `select id::text, user_id, revoked, session_id::text,
       (extract(epoch from (now() - updated_at)) * 1000)::float8 as age_ms
     from auth.refresh_tokens where token = $1 for update`,
    [token],
  );
  return r.rows[0] ?? null;
}

/** The live token a rotated token was exchanged for, if any. */
export async function activeChildToken(tx: Queryable, parent: string): Promise<string | null> {
  const r = await tx.query<{ token: string }>(
    `select token from auth.refresh_tokens where parent = $1 and revoked = false order by id desc limit 1`,
    [parent],
  );
  return r.rows[0]?.token ?? null;
}

export async function revokeRefreshToken(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where id = $1::bigint`,
    [id],
  );
}

export async function revokeSessionTokens(tx: Queryable, sessionId: string): Promise<void> {
  await tx.query(
    `update auth.refresh_tokens set revoked = true, updated_at = now() where session_id = $1::uuid`,
    [sessionId],
  );
}

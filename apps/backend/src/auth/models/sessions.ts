/** auth.sessions: one row per signed-in device; deleting it ends its refresh tokens too. */
import type { Queryable } from '../../db/types.js';

export async function createSession(
  tx: Queryable,
  s: { id: string; userId: string; userAgent: string; ip: string },
): Promise<void> {
  await tx.query(
    `insert into auth.sessions (id, user_id, aal, user_agent, ip, refreshed_at) values ($1::uuid, $2::uuid, 'aal1', $3, $4, now())`,
    [s.id, s.userId, s.userAgent, s.ip],
  );
}

export async function sessionExists(db: Queryable, id: string): Promise<boolean> {
  const r = await db.query('select 1 from auth.sessions where id = $1::uuid', [id]);
  return r.rows.length > 0;
}

export async function markSessionRefreshed(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    'update auth.sessions set refreshed_at = now(), updated_at = now() where id = $1::uuid',
    [id],
  );
}

export async function deleteSession(db: Queryable, id: string): Promise<void> {
  await db.query('delete from auth.sessions where id = $1::uuid', [id]);
}

export async function deleteUserSessions(db: Queryable, userId: string): Promise<void> {
  await db.query('delete from auth.sessions where user_id = $1::uuid', [userId]);
}

/** Ends every session of the user except `keep` (all of them when keep is null). */
export async function deleteOtherSessions(
  db: Queryable,
  userId: string,
  keep: string | null,
): Promise<void> {
  await db.query(
    'delete from auth.sessions where user_id = $1::uuid and id is distinct from $2::uuid',
    [userId, keep],
  );
}

/** Whether the session was started (signed in) within the last 24 hours. */
export async function sessionIsRecent(db: Queryable, id: string): Promise<boolean> {
  const r = await db.query<{ recent: boolean }>(
    `select created_at > now() - interval '24 hours' as recent from auth.sessions where id = $1::uuid`,
    [id],
  );
  return r.rows[0]?.recent === true;
}

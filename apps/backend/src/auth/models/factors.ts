/** auth.mfa_factors, auth.mfa_challenges and auth.mfa_amr_claims: TOTP factors as GoTrue keeps them. */
import type { Queryable } from '../../db/types.js';

export interface FactorRow {
  id: string;
  user_id: string;
  friendly_name: string | null;
  factor_type: 'totp' | 'phone' | 'webauthn';
  status: 'unverified' | 'verified';
  secret: string | null;
  created_at: string;
  updated_at: string;
  last_challenged_at: string | null;
}

const COLS = `id::text, user_id::text, friendly_name, factor_type, status, secret,
  to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at,
  to_json(last_challenged_at)#>>'{}' as last_challenged_at`;

export async function listFactors(db: Queryable, userId: string): Promise<FactorRow[]> {
  const r = await db.query<FactorRow>(
    `select ${COLS} from auth.mfa_factors where user_id = $1::uuid order by created_at, id`,
    [userId],
  );
  return r.rows;
}

export async function findFactor(
  db: Queryable,
  userId: string,
  id: string,
): Promise<FactorRow | undefined> {
  const r = await db.query<FactorRow>(
    `select ${COLS} from auth.mfa_factors where user_id = $1::uuid and id = $2::uuid`,
    [userId, id],
  );
  return r.rows[0];
}

export async function insertFactor(
  tx: Queryable,
  f: { id: string; userId: string; friendlyName: string; secret: string },
): Promise<void> {
  await tx.query(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, secret)
     values ($1::uuid, $2::uuid, $3, 'totp', 'unverified', $4)`,
    [f.id, f.userId, f.friendlyName, f.secret],
  );
}

export async function markFactorVerified(tx: Queryable, id: string): Promise<void> {
  await tx.query(
    `update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1::uuid`,
    [id],
  );
}

export async function deleteFactor(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from auth.mfa_factors where id = $1::uuid', [id]);
}

/** Unverified factors of the user other than `keep` (an enrolment that was abandoned). */
export async function deleteUnverifiedFactors(
  tx: Queryable,
  userId: string,
  keep: string,
): Promise<void> {
  await tx.query(
    `delete from auth.mfa_factors where user_id = $1::uuid and status = 'unverified' and id <> $2::uuid`,
    [userId, keep],
  );
}

export async function insertChallenge(
  tx: Queryable,
  c: { id: string; factorId: string; ip: string },
): Promise<number> {
  const r = await tx.query<{ at: number }>(
    `with f as (update auth.mfa_factors set last_challenged_at = now() where id = $2::uuid)
     insert into auth.mfa_challenges (id, factor_id, ip_address) values ($1::uuid, $2::uuid, $3)
     returning extract(epoch from created_at)::float8 as at`,
    [c.id, c.factorId, c.ip],
  );
  return Number(r.rows[0]?.at ?? Date.now() / 1000);
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  verified: boolean;
  age_s: number;
  ip_address: string;
}

/** The challenge, locked for this transaction (a code is checked against it once). */
export async function lockChallenge(
  tx: Queryable,
  factorId: string,
  id: string,
): Promise<ChallengeRow | undefined> {
  const r = await tx.query<ChallengeRow>(
    `select id::text, factor_id::text, verified_at is not null as verified,
       extract(epoch from now() - created_at)::float8 as age_s, ip_address
     from auth.mfa_challenges where id = $1::uuid and factor_id = $2::uuid for update`,
    [id, factorId],
  );
  return r.rows[0];
}

export async function markChallengeVerified(tx: Queryable, id: string): Promise<void> {
  await tx.query('update auth.mfa_challenges set verified_at = now() where id = $1::uuid', [id]);
}

export async function deleteChallenge(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from auth.mfa_challenges where id = $1::uuid', [id]);
}

/** Records that the session was authenticated with `method` (now). */
export async function addAmrClaim(tx: Queryable, sessionId: string, method: string): Promise<void> {
  await tx.query(
    `insert into auth.mfa_amr_claims (session_id, authentication_method) values ($1::uuid, $2)
     on conflict (session_id, authentication_method) do update set updated_at = now()`,
    [sessionId, method],
  );
}

/** The session's assurance level and its methods, most recent first (GoTrue's `amr`). */
export async function sessionAssurance(
  db: Queryable,
  sessionId: string,
): Promise<{ aal: string; amr: { method: string; timestamp: number }[] }> {
  const s = await db.query<{ aal: string | null }>(
    'select aal from auth.sessions where id = $1::uuid',
    [sessionId],
  );
  const a = await db.query<{ method: string; at: number }>(
    `select authentication_method as method, floor(extract(epoch from updated_at))::float8 as at
     from auth.mfa_amr_claims where session_id = $1::uuid order by updated_at desc`,
    [sessionId],
  );
  return {
    aal: s.rows[0]?.aal ?? 'aal1',
    amr: a.rows.map((r) => ({ method: r.method, timestamp: Number(r.at) })),
  };
}

/** The session now has a second factor: aal2, and which factor it was. */
export async function raiseSessionToAal2(
  tx: Queryable,
  sessionId: string,
  factorId: string,
): Promise<void> {
  await tx.query(
    `update auth.sessions set aal = 'aal2', factor_id = $2::uuid, updated_at = now() where id = $1::uuid`,
    [sessionId, factorId],
  );
}

/** Ends the user's other sessions below aal2 (GoTrue does this once a factor is verified). */
export async function endWeakerSessions(
  tx: Queryable,
  userId: string,
  keep: string,
): Promise<void> {
  await tx.query(
    `delete from auth.sessions where user_id = $1::uuid and id <> $2::uuid and coalesce(aal, 'aal1') <> 'aal2'`,
    [userId, keep],
  );
}

/** A removed factor no longer vouches for any session: those it raised go back to aal1. */
export async function lowerSessionsOfFactor(tx: Queryable, factorId: string): Promise<void> {
  await tx.query(
    `delete from auth.mfa_amr_claims where authentication_method = 'totp'
       and session_id in (select id from auth.sessions where factor_id = $1::uuid)`,
    [factorId],
  );
  await tx.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1::uuid`,
    [factorId],
  );
}

export function factorJson(f: FactorRow): Record<string, unknown> {
  return {
    id: f.id,
    friendly_name: f.friendly_name ?? '',
    factor_type: f.factor_type,
    status: f.status,
    created_at: f.created_at,
    updated_at: f.updated_at,
    ...(f.last_challenged_at ? { last_challenged_at: f.last_challenged_at } : {}),
  };
}

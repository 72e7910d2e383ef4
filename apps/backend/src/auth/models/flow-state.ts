/** auth.flow_state: PKCE challenges waiting for their link to be followed and the code exchanged. */
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../../db/types.js';
import type { TokenKind } from './users.js';

export interface FlowStateRow {
  id: string;
  user_id: string;
  method: string;
  challenge: string;
  /** Issued (or created) within the last 10 minutes. */
  fresh: boolean;
}

/** Replaces the user's pending flow for `kind` with a new challenge. */
export async function replaceFlowState(
  tx: Queryable,
  f: { userId: string; kind: TokenKind; challenge: string; challengeMethod: string },
): Promise<void> {
  await tx.query(
    `delete from auth.flow_state where user_id = $1::uuid and authentication_method = $2`,
    [f.userId, f.kind],
  );
  await tx.query(
    `insert into auth.flow_state (id, user_id, auth_code, code_challenge_method, code_challenge, authentication_method)
     values ($1::uuid, $2::uuid, $3, $4, $5, $6)`,
    [randomUUID(), f.userId, randomUUID(), f.challengeMethod, f.challenge, f.kind],
  );
}

/** Marks the flow's auth code as issued; returns it, or null when no flow is pending. */
export async function issueAuthCode(
  tx: Queryable,
  userId: string,
  kind: TokenKind,
): Promise<string | null> {
  const r = await tx.query<{ auth_code: string }>(
    `update auth.flow_state set auth_code_issued_at = now(), updated_at = now()
     where user_id = $1::uuid and authentication_method = $2 returning auth_code`,
    [userId, kind],
  );
  return r.rows[0]?.auth_code ?? null;
}

/** The issued flow behind an auth code, locked for the rest of the transaction. */
export async function lockIssuedFlow(
  tx: Queryable,
  authCode: string,
): Promise<FlowStateRow | null> {
  const r = await tx.query<FlowStateRow>(
    `select id::text, user_id::text, code_challenge_method as method, code_challenge as challenge,
       coalesce(auth_code_issued_at, created_at) > now() - interval '10 minutes' as fresh
     from auth.flow_state where auth_code = $1 and auth_code_issued_at is not null for update`,
    [authCode],
  );
  return r.rows[0] ?? null;
}

export async function deleteFlowState(tx: Queryable, id: string): Promise<void> {
  await tx.query('delete from auth.flow_state where id = $1::uuid', [id]);
}

import type { Db, Queryable } from './types.js';
import type { Caller } from '../authz.js';

export interface RequestInfo {
  method: string;
  path: string;
  headers?: Record<string, string>;
}

/**
 * Runs fn in one transaction as the caller: `role` and `request.jwt.claims` are set
 * transaction-locally (as PostgREST does), so RLS policies and auth.uid() see the caller.
 */
export function runAs<T>(
  db: Db,
  caller: Caller,
  req: RequestInfo,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.query(
      `select set_config('role', $1, true), set_config('request.jwt.claims', $2, true),
              set_config('request.method', $3, true), set_config('request.path', $4, true),
              set_config('request.headers', $5, true), set_config('statement_timeout', '8000', true)`,
      [
        caller.role,
        JSON.stringify(caller.claims),
        req.method,
        req.path,
        JSON.stringify(req.headers ?? {}),
      ],
    );
    return fn(tx);
  });
}

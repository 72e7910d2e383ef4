import type { Db, Queryable } from './types.js';
import type { Caller } from '../authz.js';

export interface RequestInfo {
  method: string;
  path: string;
  headers?: Record<string, string>;
  /** Aborts when the client disconnects; a read that has not started by then is skipped. */
  signal?: AbortSignal;
}

/**
 * A Postgres escape-string literal (E'...') for any text without NUL: backslashes first, then
 * quotes. E'' strings mean the same whatever `standard_conforming_strings` is set to.
 */
export function pgLiteral(s: string): string {
  if (s.includes('\u0000')) throw new Error('NUL is not allowed in a literal');
  return `E'${s.replace(/\\/g, '\\\\').replace(/'/g, "\\'")}'`;
}

const ROLE_RE = /^(anon|authenticated|service_role)$/;

/**
 * Runs fn in one transaction as the caller: `role` and `request.jwt.claims` are set
 * transaction-locally (as PostgREST does), so RLS policies and auth.uid() see the caller.
 * The settings travel with BEGIN in one round trip (no parameters there, hence literals).
 * Every statement is bounded by the role's statement timeout (Supabase sets it per role:
 * anon 3 s, authenticated 8 s); one that overruns fails with 57014.
 */
export function runAs<T>(
  db: Db,
  caller: Caller,
  req: RequestInfo,
  fn: (tx: Queryable) => Promise<T>,
): Promise<T> {
  if (!ROLE_RE.test(caller.role)) throw new Error(`not an API role: ${caller.role}`);
  const timeoutMs = db.statementTimeouts[caller.role];
  const preamble =
    `select set_config('role', '${caller.role}', true), ` +
    `set_config('request.jwt.claims', ${pgLiteral(JSON.stringify(caller.claims))}, true), ` +
    `set_config('request.method', ${pgLiteral(req.method)}, true), ` +
    `set_config('request.path', ${pgLiteral(req.path)}, true), ` +
    `set_config('request.headers', ${pgLiteral(JSON.stringify(req.headers ?? {}))}, true), ` +
    `set_config('statement_timeout', '${timeoutMs}', true)` +
    // a user's token is refused once the user is deleted (in the same round trip)
    (caller.isUser && caller.role === 'authenticated' ? '; select auth.require_live_user()' : '');
  return db.transaction(fn, preamble, req.signal, timeoutMs);
}

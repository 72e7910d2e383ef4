/** A minimal database facade over PGlite and node-postgres. */
import type { StatementTimeouts } from './options.js';

export interface QueryResult<R = Record<string, unknown>> {
  rows: R[];
  affectedRows: number;
}

export interface Queryable {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<QueryResult<R>>;
  /** Runs a script of several statements without parameters. */
  exec(sql: string): Promise<void>;
}

export interface Db extends Queryable {
  readonly kind: 'pglite' | 'postgres';
  /** The limits this database applies (runAs picks the caller's role's). */
  readonly statementTimeouts: StatementTimeouts;
  /**
   * Runs fn in one transaction; commits when it resolves, rolls back when it throws.
   * `preamble` (parameter-free SQL) runs right after BEGIN, in the same round trip.
   * When `signal` has aborted by the time the transaction's turn comes (the client went away
   * while it waited for the database), it does not start and rejects with RequestAbandoned.
   * `timeoutMs` bounds each statement of the transaction (default: statementTimeouts.internal);
   * a statement that overruns fails with SQLSTATE 57014 and the transaction is rolled back.
   */
  transaction<T>(
    fn: (tx: Queryable) => Promise<T>,
    preamble?: string,
    signal?: AbortSignal,
    timeoutMs?: number,
  ): Promise<T>;
  close(): Promise<void>;
  /**
   * The connections' state for monitoring: on PostgreSQL the pool's open, idle and waiting
   * counts; on PGlite (one connection) whether it is busy and how many statements wait for it.
   */
  poolState?(): PoolState;
  /**
   * PostgreSQL only: runs fn while holding the session-level advisory lock named `name` (on a
   * connection of its own, held until fn settles), so processes starting at the same time
   * against one database take turns (bootstrap, migrations). fn's own queries use the pool.
   */
  exclusive?<T>(name: string, fn: () => Promise<T>): Promise<T>;
  /**
   * PostgreSQL only: LISTEN on `channel` on a connection of its own (outside the pool), kept
   * open (reconnected after a drop). `onReady` runs after every (re)connection, once LISTEN is
   * in place: notifications sent while it was down are lost, the caller catches up then.
   * Resolves with the function that stops listening.
   */
  listen?(
    channel: string,
    onNotify: (payload: string) => void,
    onReady: () => void,
  ): Promise<() => Promise<void>>;
}

export interface PoolState {
  /** Connections open (PGlite: always 1). */
  total: number;
  /** Connections open and not in use. */
  idle: number;
  /** Callers waiting for a connection. */
  waiting: number;
}

/** A request whose client disconnected before the database got to it (nothing was run). */
export class RequestAbandoned extends Error {
  constructor() {
    super('the client closed the connection before the request reached the database');
  }
}

/** The fields of a Postgres error both drivers expose. */
export interface PgErrorLike {
  code: string;
  message: string;
  detail?: string | undefined;
  hint?: string | undefined;
}

export function isPgError(e: unknown): e is PgErrorLike {
  return (
    typeof e === 'object' &&
    e !== null &&
    typeof (e as { code?: unknown }).code === 'string' &&
    /^[0-9A-Z]{5}$/.test((e as { code: string }).code) &&
    typeof (e as { message?: unknown }).message === 'string'
  );
}

const CONNECTION_CODES = new Set([
  '57P01', // admin_shutdown (also sent when the postmaster died)
  '57P02', // crash_shutdown
  '57P03', // cannot_connect_now (starting up, recovering)
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
]);

/** The database server is unreachable or dropped the connection (down, restarting, crashed). */
export function isConnectionError(e: unknown): boolean {
  if (typeof e !== 'object' || e === null) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string' && CONNECTION_CODES.has(code)) return true;
  const message = (e as { message?: unknown }).message;
  return (
    typeof message === 'string' &&
    /^(Connection terminated|Client has encountered a connection error|Client was closed)/.test(
      message,
    )
  );
}

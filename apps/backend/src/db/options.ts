/**
 * How long one statement may run, in milliseconds, per API role and for the backend's own
 * work (auth, schema cache, migrations); 0 means no limit. On PostgreSQL the server cancels
 * the statement; with PGlite a watchdog ends the worker that runs it (see pglite.ts).
 */
export interface StatementTimeouts {
  anon: number;
  authenticated: number;
  service_role: number;
  /** Work outside a request's role: GoTrue's own queries, the schema cache, migrations. */
  internal: number;
}

/** Supabase's defaults for anon (3 s) and authenticated (8 s); generous bounds for the rest. */
export const DEFAULT_STATEMENT_TIMEOUTS: StatementTimeouts = {
  anon: 3_000,
  authenticated: 8_000,
  service_role: 60_000,
  internal: 60_000,
};

/** The database settings of the backend's Config (all optional, defaults above). */
export interface DbOptions {
  statementTimeoutMs?: Partial<StatementTimeouts>;
  /**
   * Run PGlite on the calling thread, without worker or watchdog (a runaway statement then
   * blocks that thread and no timeout applies). Only for measuring what the worker costs.
   */
  pgliteInProcess?: boolean;
}

export function statementTimeouts(given: Partial<StatementTimeouts> = {}): StatementTimeouts {
  const out = { ...DEFAULT_STATEMENT_TIMEOUTS };
  for (const key of Object.keys(out) as (keyof StatementTimeouts)[]) {
    const v = given[key];
    if (v === undefined) continue;
    if (!Number.isInteger(v) || v < 0)
      throw new Error(`statement timeout for ${key} must be a whole number of ms >= 0, got ${v}`);
    out[key] = v;
  }
  return out;
}

/** PostgreSQL's own error for a cancelled statement, as both drivers throw it. */
export class StatementTimeout extends Error {
  readonly code = '57014';
  readonly severity = 'ERROR';
  constructor() {
    super('canceling statement due to statement timeout');
  }
}

import { RequestAbandoned, isConnectionError, isPgError } from '../db/types.js';

/** PostgREST's `details`: usually text; PGRST201 lists the candidate relationships. */
export type ErrorDetails = string | null | Record<string, string>[];

/** An error answered in PostgREST's JSON shape. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly details: ErrorDetails = null,
    readonly hint: string | null = null,
  ) {
    super(message);
  }

  toJSON(): { code: string; message: string; details: ErrorDetails; hint: string | null } {
    return { code: this.code, message: this.message, details: this.details, hint: this.hint };
  }
}

export const parseError = (what: string, details: string): ApiError =>
  new ApiError(400, 'PGRST100', `failed to parse ${what}`, details);

/** PostgREST's SQLSTATE -> HTTP status table. `authenticated` decides 42501 (401 vs 403). */
export function statusForSqlState(code: string, authenticated: boolean): number {
  switch (code) {
    case '23503':
    case '23505':
      return 409;
    case '25006':
      return 405;
    case '42883':
    case '42P01':
      return 404;
    case '42P17':
      return 500;
    case '42501':
      return authenticated ? 403 : 401;
    case 'P0001':
      return 400;
  }
  const cls = code.slice(0, 2);
  switch (cls) {
    case '08':
    case '53':
      return 503;
    case '09':
    case '25':
    case '2D':
    case '38':
    case '39':
    case '3B':
    case '40':
    case '55':
    case '57':
    case '58':
    case 'F0':
    case 'HV':
    case 'XX':
      return 500;
    case '0L':
    case '0P':
    case '28':
      return 403;
    case '54':
      return 413;
    case 'P0':
      return 500;
  }
  return 400;
}

/** Converts anything thrown while serving a REST request into an ApiError (never a stack trace). */
export function toApiError(e: unknown, authenticated: boolean): ApiError {
  if (e instanceof ApiError) return e;
  // The database is down or restarting: PostgREST answers 503 PGRST001, clients may retry.
  if (isConnectionError(e)) {
    console.error(`[rest] database unavailable: ${(e as Error).message}`);
    return new ApiError(503, 'PGRST001', 'Database client error', (e as Error).message);
  }
  if (isPgError(e)) {
    // a statement timeout (57014, class 57 "operator intervention") is 500, as in PostgREST
    let status = statusForSqlState(e.code, authenticated);
    // PostgREST's convention: SQLSTATE PTxyz answers HTTP xyz (e.g. auth.require_live_user)
    const pt = /^PT([1-5]\d\d)$/.exec(e.code);
    if (pt) status = Number(pt[1]);
    return new ApiError(status, e.code, e.message, e.detail ?? null, e.hint ?? null);
  }
  // e.g. JSON nested too deeply to re-serialize: the client's input, not our fault
  if (e instanceof RangeError)
    return new ApiError(
      400,
      'PGRST102',
      'Empty or invalid json',
      'The JSON body is nested too deeply',
    );
  // nobody reads this answer: the client closed the connection before its read started
  if (e instanceof RequestAbandoned)
    return new ApiError(503, 'PGRST000', 'The client closed the connection');
  console.error('[rest] unexpected error:', e);
  return new ApiError(500, 'PGRST000', 'Internal server error');
}

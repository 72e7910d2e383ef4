/**
 * What the server says when a call fails, whatever the layer: PostgREST
 * ({ code, message, details, hint }), Storage ({ statusCode, error, message })
 * or GoTrue ({ code, message, status }). Domains map these to their toasts (errors.ts).
 */
export interface ServerError {
  code?: string;
  message: string;
  details?: string | null;
  hint?: string | null;
  status?: number;
}

/** Thrown by libs/data fetchers and mutations, carrying the server's code. */
export class DataError extends Error implements ServerError {
  override name = 'DataError';
  readonly code?: string;
  readonly details?: string | null;
  readonly hint?: string | null;
  readonly status?: number;

  constructor(error: ServerError) {
    super(error.message);
    this.code = error.code;
    this.details = error.details;
    this.hint = error.hint;
    this.status = error.status;
  }
}

/** Throws a DataError for a supabase-js `{ error }`; returns the data otherwise. */
export function unwrap<T>(result: { data: T; error: ServerError | null }): T {
  if (result.error) throw new DataError(result.error);
  return result.data;
}

export function errorCode(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'code' in error) {
    const code = (error as { code: unknown }).code;
    return typeof code === 'string' ? code : undefined;
  }
  return undefined;
}

export function errorMessage(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
  return undefined;
}

/** Postgres unique_violation: a second redemption, a second rating for the same date, ... */
export const isUniqueViolation = (error: unknown): boolean => errorCode(error) === '23505';

import { DataError, type ServerError } from '../lib/errors';
import type { Database } from '../database.types';
import { getSupabase } from '../lib/supabase-client';
import { OfflineError } from './action-queue';

/**
 * Answers that mean the action may not have reached the database, so it is sent
 * again later: no response at all (status 0: offline, a timeout, an abort), an
 * expired session (401: the page refreshes it), too many requests, and a proxy or
 * gateway with no server behind it.
 */
const RETRY_STATUSES = new Set([0, 401, 408, 429, 502, 503, 504]);

export function isUnsentAnswer(result: { error: ServerError | null; status: number }): boolean {
  return result.error !== null && RETRY_STATUSES.has(result.status);
}

/**
 * Calls a function of the API for a queued action: its answer, a DataError with
 * the server's code when refused, or an OfflineError when the call did not
 * arrive (the queue sends it again; the client id makes that safe).
 */
export async function callQueued<T>(
  fn: keyof Database['public']['Functions'],
  args: Record<string, unknown>,
  signal: AbortSignal,
): Promise<T> {
  let result: { data: unknown; error: ServerError | null; status: number };
  try {
    // the answer's shape is checked by each sender
    result = await getSupabase()
      .rpc(fn, args as never)
      .abortSignal(signal);
  } catch (error) {
    throw new OfflineError(error instanceof Error ? error.message : undefined);
  }
  if (result.error) {
    if (isUnsentAnswer(result)) throw new OfflineError(result.error.message);
    throw new DataError({ ...result.error, status: result.status });
  }
  return result.data as T;
}

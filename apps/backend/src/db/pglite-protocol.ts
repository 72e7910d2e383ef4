/** The messages between the main thread and the PGlite worker (pglite-worker.ts). */
import type { PgliteTarget } from './pglite-session.js';
import type { QueryResult } from './types.js';
import { DataFolderError } from './pglite-folder.js';

export interface WorkerInput extends PgliteTarget {
  /** The worker module's URL (pglite-worker.ts), imported by pglite-worker-boot.mjs. */
  entry: string;
  /** Boot (load modules) but open the database only when told to ({ op: 'open' }). */
  standby: boolean;
}

export type Op = { op: 'query'; sql: string; params: unknown[] } | { op: 'exec'; sql: string };
export type Request = (Op | { op: 'close' }) & { id: number };

/** An error as it crosses threads: its message, class name and Postgres fields. */
export interface WireError {
  name: string;
  message: string;
  fields: Record<string, string | number | boolean>;
}

export type Reply =
  | { type: 'ready' }
  | { type: 'failed'; error: WireError }
  | { type: 'done'; id: number; result: QueryResult | null }
  | { type: 'error'; id: number; error: WireError; fatal: boolean };

/** Keeps the fields a Postgres error carries (code, detail, hint, constraint, position...). */
export function toWire(e: unknown): WireError {
  if (!(e instanceof Error)) return { name: 'Error', message: String(e), fields: {} };
  const fields: WireError['fields'] = {};
  for (const [k, v] of Object.entries(e))
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') fields[k] = v;
  return { name: e.name, message: e.message, fields };
}

/** The error rebuilt on the main thread; `isPgError` and `instanceof DataFolderError` hold. */
export function fromWire(w: WireError): Error {
  const e = w.name === 'DataFolderError' ? new DataFolderError(w.message) : new Error(w.message);
  Object.assign(e, w.fields);
  return e;
}

/**
 * Limits that keep one REST request from costing the database more than its purpose needs.
 * Each is answered in PostgREST's error shape before any SQL runs:
 * - a `like`/`ilike`/`match`/`imatch` pattern longer than MAX_PATTERN_LENGTH characters:
 *   400 PGRST100 "failed to parse filter (<op>)" (pattern matching cost grows with its length);
 * - `or`/`and` trees or embedded selects nested deeper than MAX_NESTING: 400 PGRST100
 *   "failed to parse logic tree (...)" / "failed to parse select" (deep trees exhaust the
 *   database's parser stack);
 * - an insert or upsert of more than MAX_BULK_ROWS rows: 413 with SQLSTATE 54000
 *   (program_limit_exceeded), the answer PostgREST gives when Postgres reports a limit.
 * A read answers at most MAX_ROWS rows whatever limit or Range asks for (query/read.ts).
 */
export const MAX_PATTERN_LENGTH = 256;
export const MAX_NESTING = 32;
export const MAX_BULK_ROWS = 1000;

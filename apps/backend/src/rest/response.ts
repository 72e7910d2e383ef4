/**
 * The Response stage: status, headers (content-type, content-range) and body of a plan's
 * result. Runs inside the transaction, so a singular-object mismatch (PGRST116) rolls back.
 */
import { ApiError } from './errors.js';
import type { Plan } from './plan.js';
import type { QueryResult } from './execute.js';
import type { ReadNode } from './relationships.js';
import { OBJECT_MIME, type ApiRequest } from './request.js';

const ARRAY_MIME = 'application/vnd.pgrst.array+json';

export const JSON_CT = 'application/json; charset=utf-8';

export interface Outcome {
  status: number;
  /** null: no body (and no content-type) */
  body: string | null;
  headers: Record<string, string>;
}

export function singleCheck(n: number): void {
  if (n !== 1)
    throw new ApiError(
      406,
      'PGRST116',
      'JSON object requested, multiple (or no) rows returned',
      `The result contains ${n} rows`,
      null,
    );
}

/** `Prefer: max-affected=n` with `handling=strict`: more rows is PGRST124 (rolled back). */
function checkMaxAffected(max: number | undefined, n: number): void {
  if (max !== undefined && n > max)
    throw new ApiError(
      400,
      'PGRST124',
      'Query result exceeds max-affected preference constraint',
      `The query affects ${n} rows`,
    );
}

function contentRange(offset: number, n: number, total: number | null): string {
  const t = total === null ? '*' : String(total);
  return n === 0 ? `*/${t}` : `${offset}-${offset + n - 1}/${t}`;
}

/** The first element of a JSON array body when a single object was requested. */
function asObject(body: string | null, single: boolean): string | null {
  if (!single || body === null) return body;
  return JSON.stringify((JSON.parse(body) as unknown[])[0] ?? null);
}

/** 206 when the answer is a page of a counted total, else 200. */
function readShape(
  root: ReadNode,
  single: boolean,
  r: QueryResult,
): { status: number; body: string; range: string } {
  if (single) singleCheck(r.n);
  const offset = root.offset ?? 0;
  if (r.total !== null && offset > r.total)
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `An offset of ${offset} was requested, but there are only ${r.total} rows.`,
    );
  // a page of a larger (counted or estimated) total
  const partial = r.total !== null && r.n < r.total;
  return {
    status: partial ? 206 : 200,
    body: r.body ?? (single ? 'null' : '[]'),
    range: contentRange(offset, r.n, r.total),
  };
}

function shape(
  plan: Plan,
  r: QueryResult,
): { status: number; body: string | null; range?: string } {
  switch (plan.kind) {
    case 'read': {
      const s = readShape(plan.root, plan.single, r);
      return { status: s.status, body: s.body, range: s.range };
    }
    case 'call': {
      checkMaxAffected(plan.maxAffected, r.n);
      // a scalar (or void) result is one row
      const one = plan.count ? { range: `0-0/${r.total ?? 1}` } : {};
      if (plan.result === 'void') return { status: 204, body: null, ...one };
      if (plan.result === 'scalar') return { status: 200, body: r.body, ...one };
      const s = readShape(plan.root, plan.single, r);
      // a function returning one row (not a set): that row, or null when a filter removed it
      if (plan.oneRow && !plan.single)
        return { status: 200, body: asObject(s.body, true), range: s.range };
      return { status: s.status, body: s.body, range: s.range };
    }
    case 'insert': {
      if (plan.single) singleCheck(r.n);
      const body = plan.representation ? asObject(r.body, plan.single) : null;
      // an upsert that only updated existing rows created nothing
      const status = r.inserted === 0 && r.n > 0 ? 200 : 201;
      return { status, body, range: `*/${plan.count ? r.n : '*'}` };
    }
    case 'update':
    case 'delete': {
      if (plan.single) singleCheck(r.n);
      checkMaxAffected(plan.maxAffected, r.n);
      const status = plan.representation ? 200 : 204;
      const body = plan.representation ? asObject(r.body, plan.single) : null;
      if (!r.ran) return { status, body };
      return { status, body, range: `0-${Math.max(r.n - 1, 0)}/${plan.count ? r.n : '*'}` };
    }
  }
}

/** The media type of a JSON body: what the client asked for, with its `nulls=stripped`. */
function contentType(req: ApiRequest): string {
  if (req.csv) return 'text/csv; charset=utf-8';
  const stripped = req.stripNulls ? '; nulls=stripped' : '';
  if (req.single) return `${OBJECT_MIME}${stripped}; charset=utf-8`;
  return req.stripNulls ? `${ARRAY_MIME}${stripped}; charset=utf-8` : JSON_CT;
}

export function respond(req: ApiRequest, plan: Plan, r: QueryResult): Outcome {
  const s = shape(plan, r);
  const headers: Record<string, string> = {};
  if (s.body !== null) headers['content-type'] = contentType(req);
  if (s.range) headers['content-range'] = s.range;
  if (req.prefer.applied.length) headers['preference-applied'] = req.prefer.applied.join(', ');
  return { status: s.status, body: s.body, headers };
}

/** Thrown inside the transaction for `Prefer: tx=rollback`: rolls it back, carries the answer. */
export class RollbackWith {
  constructor(readonly outcome: Outcome) {}
}

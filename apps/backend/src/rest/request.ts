/**
 * The ApiRequest stage: reads an HTTP request (method, query string, headers, body text) into
 * what it asks for, without looking at the database. Every malformed part throws ApiError.
 */
import { ApiError, parseError } from './errors.js';
import { parseFilter, parseLogic, type Condition } from './parser/filter.js';
import {
  parseNonNegativeInt,
  parseOrder,
  parseRange,
  splitPath,
  type OrderTerm,
} from './parser/order.js';
import { parseSelect, type SelectItem } from './parser/select.js';
import { splitTopLevel } from './parser/tokens.js';

export const OBJECT_MIME = 'application/vnd.pgrst.object+json';
const STRIP_NULLS = /application\/vnd\.pgrst\.(object|array)\+json\s*;\s*nulls=stripped/i;

export interface Prefer {
  return: 'minimal' | 'representation' | undefined;
  /** `count=exact|planned|estimated` was asked for */
  count: boolean;
  /** planned: the planner's estimate; estimated: exact up to the row cap, else planned */
  countMode: 'exact' | 'planned' | 'estimated' | undefined;
  /** `params=single-object`: the whole body is the function's one json/jsonb argument */
  singleObject: boolean;
  resolution: 'merge-duplicates' | 'ignore-duplicates' | undefined;
  missingDefault: boolean;
  /** `tx=rollback`: run everything, answer as usual, then roll the transaction back */
  tx: 'commit' | 'rollback' | undefined;
  /** `max-affected=n` with `handling=strict`: more affected rows is PGRST124 */
  maxAffected: number | undefined;
  /** the preferences applied, for the Preference-Applied header */
  applied: string[];
}

/** PostgREST's preferences that this service does not implement: PGRST127, never ignored. */
const NOT_IMPLEMENTED = new Set(['return=headers-only']);

/**
 * `Prefer:` as PostgREST reads it. Unknown or malformed preferences are ignored unless
 * `handling=strict` asks for PGRST122; known ones this service does not implement are PGRST127.
 */
export function parsePrefer(header: string | undefined): Prefer {
  const p: Prefer = {
    return: undefined,
    count: false,
    countMode: undefined,
    singleObject: false,
    resolution: undefined,
    missingDefault: false,
    tx: undefined,
    maxAffected: undefined,
    applied: [],
  };
  if (!header) return p;
  const invalid: string[] = [];
  let strict = false;
  let maxAffected: number | undefined;
  for (const part of header.split(',')) {
    const pref = part.trim();
    if (pref === '') continue;
    const [k = '', v = ''] = pref.split('=').map((s) => s.trim());
    const kv = `${k}=${v}`;
    if (NOT_IMPLEMENTED.has(kv) || k === 'timezone')
      throw new ApiError(400, 'PGRST127', 'Feature not implemented', `Prefer: ${kv.slice(0, 60)}`);
    if (k === 'return' && (v === 'minimal' || v === 'representation')) p.return = v;
    else if (k === 'count' && (v === 'exact' || v === 'planned' || v === 'estimated')) {
      p.count = true;
      p.countMode = v;
    } else if (k === 'params' && v === 'single-object') p.singleObject = true;
    else if (k === 'resolution' && (v === 'merge-duplicates' || v === 'ignore-duplicates'))
      p.resolution = v;
    else if (k === 'missing' && (v === 'default' || v === 'null'))
      p.missingDefault = v === 'default';
    else if (k === 'tx' && (v === 'commit' || v === 'rollback')) p.tx = v;
    else if (k === 'handling' && (v === 'strict' || v === 'lenient')) strict = v === 'strict';
    else if (k === 'max-affected' && /^[0-9]{1,9}$/.test(v)) maxAffected = Number(v);
    else {
      invalid.push(pref.slice(0, 60));
      continue;
    }
    p.applied.push(kv);
  }
  if (strict && invalid.length)
    throw new ApiError(
      400,
      'PGRST122',
      'Invalid preferences given with handling=strict',
      `Invalid preferences: ${invalid.join(', ')}`,
    );
  if (strict) p.maxAffected = maxAffected;
  return p;
}

/** What the request does: read, insert, update or delete a table's rows, or call a function. */
export type Action = 'read' | 'insert' | 'update' | 'delete' | 'call';

/** The query string, parsed; `path` names the embed a parameter applies to (empty: the root). */
export interface QueryParams {
  select: SelectItem[];
  /** `columns=`: the payload keys an insert takes. */
  columns?: string[];
  /** `on_conflict=`: the upsert's conflict target. */
  onConflict?: string[];
  /** Filters and logic trees, in query string order. */
  conds: { path: string[]; cond: Condition }[];
  orders: { path: string[]; terms: OrderTerm[] }[];
  limits: { path: string[]; n: number }[];
  offsets: { path: string[]; n: number }[];
}

export interface ApiRequest {
  action: Action;
  /** The table or function named in the path. */
  target: string;
  method: string;
  /** HEAD: the same answer without a body. */
  headOnly: boolean;
  query: QueryParams;
  /**
   * Calls: a malformed query string is reported only once the function is known and returns
   * rows (an unknown function is 404 first; a scalar result has nothing to filter).
   */
  queryError?: ApiError;
  /** Query parameters named like an argument of the called function (GET/HEAD RPC). */
  rpcArgs: Record<string, string>;
  /** The Range header, for reads and calls. */
  range?: { offset: number; limit?: number };
  prefer: Prefer;
  /** `Accept: application/vnd.pgrst.object+json`: one object instead of an array. */
  single: boolean;
  /** `Accept: application/vnd.pgrst.(object|array)+json;nulls=stripped`: no null fields */
  stripNulls: boolean;
  /** `Accept: text/csv`: the rows as CSV (a header line, then one line per row) */
  csv: boolean;
  /** the schema the request addresses (its profile) */
  schema: string;
  /** The JSON body (undefined when none was sent). */
  payload: unknown;
}

export interface RawRequest {
  method: string;
  url: URL;
  header(name: string): string | undefined;
  /** The body text; read by the caller for POST and PATCH only. */
  body?: string;
}

/**
 * The schema a request addresses: `Accept-Profile` for GET/HEAD, `Content-Profile` for the
 * others, else the first exposed one. A schema not exposed, and media types this service does
 * not produce, are 406 before anything else.
 */
export function checkProfileAndMedia(
  method: string,
  header: (name: string) => string | undefined,
  schemas: string[],
): string {
  const reads = method === 'GET' || method === 'HEAD';
  const p = header(reads ? 'accept-profile' : 'content-profile');
  if (p !== undefined && !schemas.includes(p))
    throw new ApiError(
      406,
      'PGRST106',
      `The schema must be one of the following: ${schemas.join(', ')}`,
    );
  const accept = header('accept');
  if (accept && /application\/geo\+json|application\/vnd\.pgrst\.plan/.test(accept))
    throw new ApiError(
      406,
      'PGRST107',
      'None of these media types are available: ' + accept.slice(0, 80),
    );
  return p ?? (schemas[0] as string);
}

const RESERVED = new Set(['select', 'columns', 'on_conflict']);
const IDENT = /^[A-Za-z_][A-Za-z0-9_$]*$/;

/** `a,"b c",d`: bare identifiers or double-quoted names (`""` inside quotes is one quote). */
function parseNameList(what: string, value: string): string[] {
  return splitTopLevel(value).map((raw) => {
    const c = raw.trim();
    const quoted = /^"((?:[^"]|"")+)"$/.exec(c);
    if (quoted) return (quoted[1] as string).replace(/""/g, '"');
    if (!IDENT.test(c))
      throw parseError(what, `invalid column name "${c.slice(0, 40)}" in ${what}=`);
    return c;
  });
}

/** Parses the query string. Keys in `argNames` are function arguments, not filters. */
export function parseQueryParams(url: URL, argNames: Set<string> = new Set()): QueryParams {
  const sp = url.searchParams;
  const selects = sp.getAll('select');
  if (selects.length > 1) throw parseError('select', 'select given more than once');
  const q: QueryParams = {
    select: parseSelect(selects[0] ?? '*'),
    conds: [],
    orders: [],
    limits: [],
    offsets: [],
  };
  for (const [key, value] of sp.entries()) {
    if (RESERVED.has(key)) {
      if (key === 'columns') q.columns = parseNameList('columns', value);
      else if (key === 'on_conflict') q.onConflict = parseNameList('on_conflict', value);
      continue;
    }
    if (argNames.has(key)) continue;
    const { path, last } = splitPath(key);
    let negateLogic = false;
    if ((last === 'or' || last === 'and') && path[path.length - 1] === 'not') {
      path.pop();
      negateLogic = true;
    }
    switch (last) {
      case 'order':
        q.orders.push({ path, terms: parseOrder(value) });
        break;
      case 'limit':
        q.limits.push({ path, n: parseNonNegativeInt('limit', value) });
        break;
      case 'offset':
        q.offsets.push({ path, n: parseNonNegativeInt('offset', value) });
        break;
      case 'or':
      case 'and':
        q.conds.push({ path, cond: parseLogic(last, negateLogic, value) });
        break;
      default:
        q.conds.push({ path, cond: parseFilter(last, value) });
    }
  }
  return q;
}

function parseRangeHeader(header: string): { offset: number; limit?: number } {
  const r = parseRange(header);
  if (!r)
    throw new ApiError(
      416,
      'PGRST103',
      'Requested range not satisfiable',
      `invalid Range header "${header.slice(0, 40)}"`,
    );
  return r;
}

/** A JSON body; an empty one is `undefined`. */
export function parseJsonBody(contentType: string | undefined, text: string): unknown {
  const ct = contentType ?? 'application/json';
  if (!/^application\/(json|vnd\.pgrst\.object\+json)/i.test(ct) && !/^text\/plain/i.test(ct))
    throw new ApiError(415, 'PGRST102', `Content-Type not acceptable: ${ct.slice(0, 60)}`);
  if (text.trim() === '') return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    throw new ApiError(400, 'PGRST102', 'Empty or invalid json', null, null);
  }
}

const TABLE_ACTIONS: Record<string, Action> = {
  GET: 'read',
  HEAD: 'read',
  POST: 'insert',
  PATCH: 'update',
  DELETE: 'delete',
};

/**
 * Builds the ApiRequest for `/<table>` (kind 'table') or `/rpc/<fn>` (kind 'rpc');
 * `argNames` are the argument names of every function called `target`.
 */
export function parseApiRequest(
  raw: RawRequest,
  target: { kind: 'table' | 'rpc'; name: string },
  argNames: Set<string> = new Set(),
  schema = 'public',
): ApiRequest {
  const method = raw.method.toUpperCase();
  const action = target.kind === 'rpc' ? 'call' : TABLE_ACTIONS[method];
  if (!action) throw new ApiError(405, 'PGRST117', `Unsupported HTTP method: ${method}`);
  const rpcArgs: Record<string, string> = {};
  for (const [key, value] of raw.url.searchParams.entries())
    if (argNames.has(key)) rpcArgs[key] = value;
  let query: QueryParams = {
    select: [{ type: 'star' }],
    conds: [],
    orders: [],
    limits: [],
    offsets: [],
  };
  let range: { offset: number; limit?: number } | undefined;
  let queryError: ApiError | undefined;
  try {
    query = parseQueryParams(raw.url, argNames);
    const rangeHeader = action === 'read' || action === 'call' ? raw.header('range') : undefined;
    if (rangeHeader) range = parseRangeHeader(rangeHeader);
  } catch (e) {
    if (action !== 'call' || !(e instanceof ApiError)) throw e;
    queryError = e;
  }
  const payload =
    raw.body !== undefined ? parseJsonBody(raw.header('content-type'), raw.body) : undefined;
  const accept = raw.header('accept') ?? '';
  const req: ApiRequest = {
    action,
    target: target.name,
    method,
    headOnly: method === 'HEAD',
    query,
    rpcArgs,
    prefer: parsePrefer(raw.header('prefer')),
    single: accept.includes(OBJECT_MIME),
    stripNulls: STRIP_NULLS.test(accept),
    csv: /(^|,)\s*text\/csv/.test(accept) && !accept.includes(OBJECT_MIME),
    schema,
    payload,
  };
  if (range) req.range = range;
  if (queryError) req.queryError = queryError;
  return req;
}

/**
 * The Plan stage: resolves an ApiRequest against the schema cache into a read, mutate
 * (insert, update, delete) or call plan. Tables, columns, relationships and functions are
 * checked here; the SQL builder then only renders what the plan says.
 */
import { ApiError } from './errors.js';
import { MAX_BULK_ROWS } from './limits.js';
import { pgArrayLiteral } from '../shared/pg-array.js';
import { buildReadNode, lookupTable, nodeAtPath, type ReadNode } from './relationships.js';
import type { ApiRequest, QueryParams } from './request.js';
import type { FunctionInfo, SchemaCache, TableInfo } from './schema.js';

/** How the answer is shaped, common to every plan. */
interface Shape {
  /** one JSON object instead of an array (PGRST116 unless exactly one row) */
  single: boolean;
  /** fill the total of content-range */
  count: boolean;
  /** leave null fields out of the JSON */
  stripNulls: boolean;
}

export interface ReadPlan extends Shape {
  kind: 'read';
  table: TableInfo;
  root: ReadNode;
}

/** Rows that set the same columns; the columns they leave out keep their defaults. */
export interface InsertGroup {
  cols: string[];
  rows: Record<string, unknown>[];
}

export interface InsertPlan extends Shape {
  kind: 'insert';
  table: TableInfo;
  /** select list and order of the returned representation */
  root: ReadNode;
  groups: InsertGroup[];
  onConflict?: { target: string[]; action: 'ignore' | 'merge' };
  representation: boolean;
}

export interface UpdatePlan extends Shape {
  kind: 'update';
  table: TableInfo;
  root: ReadNode;
  patch: Record<string, unknown>;
  cols: string[];
  representation: boolean;
  /** more affected rows than this is PGRST124 (and the transaction rolls back) */
  maxAffected?: number;
}

export interface DeletePlan extends Shape {
  kind: 'delete';
  table: TableInfo;
  root: ReadNode;
  representation: boolean;
  maxAffected?: number;
}

export interface CallArg {
  name: string;
  type: string;
  /** the argument as Postgres text input (null for SQL NULL) */
  value: string | null;
}

export interface CallPlan extends Shape {
  kind: 'call';
  fn: FunctionInfo;
  args: CallArg[];
  /** void: no body; scalar: the value as JSON; set: rows read like a table */
  result: 'void' | 'scalar' | 'set';
  /** the read over the function's rows (result 'set') */
  root: ReadNode;
  /** GET/HEAD, or a stable/immutable function: the call runs in a read-only transaction */
  readOnly: boolean;
}

export type MutatePlan = InsertPlan | UpdatePlan | DeletePlan;
export type Plan = ReadPlan | MutatePlan | CallPlan;

/** The read tree of the query string: select list, then filters, order and ranges per embed. */
export function readTree(
  cache: SchemaCache,
  table: TableInfo | null,
  query: QueryParams,
  range?: { offset: number; limit?: number },
): ReadNode {
  const root = buildReadNode(cache, table, query.select);
  for (const { path, cond } of query.conds) nodeAtPath(root, path).conds.push(cond);
  for (const { path, terms } of query.orders) nodeAtPath(root, path).order = terms;
  for (const { path, n } of query.limits) nodeAtPath(root, path).limit = n;
  for (const { path, n } of query.offsets) nodeAtPath(root, path).offset = n;
  if (range) {
    root.offset = range.offset;
    if (range.limit !== undefined)
      root.limit = root.limit !== undefined ? Math.min(root.limit, range.limit) : range.limit;
  }
  return root;
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

function checkPayloadColumn(t: TableInfo, col: string): void {
  if (!t.columns.has(col))
    throw new ApiError(
      400,
      'PGRST204',
      `Could not find the '${col.slice(0, 63)}' column of '${t.name}' in the schema cache`,
    );
}

export function planRequest(req: ApiRequest, cache: SchemaCache): Plan {
  if (req.action === 'call') return planCall(req, cache);
  const table = lookupTable(cache, req.target);
  const shape: Shape = { single: req.single, count: req.prefer.count, stripNulls: req.stripNulls };
  const representation = req.prefer.return === 'representation';
  const limit = req.prefer.maxAffected !== undefined ? { maxAffected: req.prefer.maxAffected } : {};
  switch (req.action) {
    case 'read':
      return { kind: 'read', table, root: readTree(cache, table, req.query, req.range), ...shape };
    case 'insert':
      return planInsert(req, cache, table, shape);
    case 'update': {
      const root = readTree(cache, table, req.query);
      if (req.payload !== undefined && !isPlainObject(req.payload))
        throw new ApiError(400, 'PGRST102', 'Expected a JSON object for PATCH');
      const patch = req.payload ?? {};
      const cols = Object.keys(patch);
      cols.forEach((col) => checkPayloadColumn(table, col));
      return { kind: 'update', table, root, patch, cols, representation, ...shape, ...limit };
    }
    case 'delete': {
      const root = readTree(cache, table, req.query);
      return { kind: 'delete', table, root, representation, ...shape, ...limit };
    }
  }
}

function planInsert(
  req: ApiRequest,
  cache: SchemaCache,
  table: TableInfo,
  shape: Shape,
): InsertPlan {
  const { query, prefer } = req;
  const root = readTree(cache, table, query);
  const body = req.payload;
  const rows = body === undefined ? [] : Array.isArray(body) ? body : [body];
  if (!rows.every(isPlainObject))
    throw new ApiError(
      400,
      'PGRST102',
      'All object keys must match',
      'Expected a JSON object or an array of objects',
    );
  if (rows.length > MAX_BULK_ROWS)
    throw new ApiError(
      413,
      '54000',
      `Too many rows in one request: ${rows.length} (at most ${MAX_BULK_ROWS} per insert or upsert)`,
      null,
      `Send the rows in batches of at most ${MAX_BULK_ROWS}.`,
    );
  const groups = new Map<string, InsertGroup>();
  if (query.columns && !prefer.missingDefault) {
    query.columns.forEach((col) => checkPayloadColumn(table, col));
    groups.set('cols', { cols: query.columns, rows });
  } else {
    for (const r of rows) {
      let cols = Object.keys(r);
      if (query.columns) cols = cols.filter((k) => query.columns?.includes(k));
      cols.forEach((col) => checkPayloadColumn(table, col));
      const key = cols.slice().sort().join(',');
      const g = groups.get(key) ?? { cols, rows: [] };
      g.rows.push(r);
      groups.set(key, g);
    }
  }
  const plan: InsertPlan = {
    kind: 'insert',
    table,
    root,
    groups: [...groups.values()],
    representation: prefer.return === 'representation',
    ...shape,
  };
  if (prefer.resolution || query.onConflict) {
    const target = query.onConflict ?? table.pk;
    if (!target.length)
      throw new ApiError(400, 'PGRST100', 'on_conflict needs a column list or a primary key');
    target.forEach((col) => checkPayloadColumn(table, col));
    if (prefer.resolution === 'ignore-duplicates') plan.onConflict = { target, action: 'ignore' };
    else if (prefer.resolution === 'merge-duplicates')
      plan.onConflict = { target, action: 'merge' };
  }
  return plan;
}

/** The overloads whose arguments are all given or defaulted, with no unknown key. */
function candidateFunctions(fns: FunctionInfo[], args: Record<string, unknown>): FunctionInfo[] {
  const keys = Object.keys(args);
  return fns.filter(
    (f) =>
      keys.every((k) => f.args.some((a) => a.name === k)) &&
      f.args.every((a) => a.hasDefault || keys.includes(a.name)),
  );
}

/** An argument as Postgres text input: JSON for json/jsonb and objects, array literals for arrays. */
function toPgText(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (/^jsonb?$/.test(type)) return JSON.stringify(v);
  if (Array.isArray(v)) return type.endsWith('[]') ? pgArrayLiteral(v) : JSON.stringify(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

function planCall(req: ApiRequest, cache: SchemaCache): CallPlan {
  const name = req.target;
  const fns = cache.functions.get(name) ?? [];
  let args: Record<string, unknown>;
  if (req.method === 'POST') {
    if (req.payload !== undefined && !isPlainObject(req.payload))
      throw new ApiError(400, 'PGRST102', 'Expected a JSON object of arguments');
    args = req.payload ?? {};
  } else args = { ...req.rpcArgs };
  const candidates = candidateFunctions(fns, args);
  if (candidates.length > 1)
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${candidates
        .map((f) => `public.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`)
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  const fn = candidates[0];
  if (!fn) {
    const keys = Object.keys(args).sort().join(', ');
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function public.${name}(${keys}) in the schema cache`,
      `Searched for the function public.${name} with parameters ${keys || 'none'} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
    );
  }
  const result = fn.returnsVoid ? 'void' : fn.returnsSet ? 'set' : 'scalar';
  if (result === 'set' && req.queryError) throw req.queryError;
  const tname = fn.returnType.replace(/^public\./, '').replace(/^"|"$/g, '');
  const rowTable = result === 'set' ? (cache.tables.get(tname) ?? null) : null;
  return {
    kind: 'call',
    fn,
    args: fn.args
      .filter((a) => a.name in args)
      .map((a) => ({ name: a.name, type: a.type, value: toPgText(args[a.name], a.type) })),
    result,
    root:
      result === 'set'
        ? readTree(cache, rowTable, req.query, req.range)
        : buildReadNode(cache, null, [{ type: 'star' }]),
    // as in PostgREST: GET/HEAD never write, nor does a function declared stable or immutable
    readOnly: req.method === 'GET' || req.method === 'HEAD' || !fn.volatile,
    single: req.single,
    count: req.prefer.count,
    stripNulls: req.stripNulls,
  };
}

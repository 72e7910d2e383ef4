/**
 * The Plan stage: resolves an ApiRequest against the schema cache into a read, mutate
 * (insert, update, delete) or call plan. Tables, columns, relationships and functions are
 * checked here; the SQL builder then only renders what the plan says.
 */
import { closestName } from './fuzzy.js';
import { ApiError } from './errors.js';
import { MAX_BULK_ROWS } from './limits.js';
import { pgArrayLiteral } from '../shared/pg-array.js';
import { buildReadNode, lookupTable, nodeAtPath, type ReadNode } from './relationships.js';
import type { SelectItem } from './parser/select.js';
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
  /** the rows as CSV instead of JSON */
  csv?: boolean;
  /** how the total is counted (when `count`) */
  countMode?: 'exact' | 'planned' | 'estimated';
}

/** Settings that change what a request may ask for. */
export interface PlanOptions {
  /** aggregates in select (PostgREST's db-aggregates-enabled) */
  aggregates: boolean;
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
  /**
   * `Prefer: missing=default` with `columns=`: one statement over every row, where a column a
   * row leaves out takes its default (DEFAULT in a VALUES list, also for an upsert's update)
   */
  withDefaults?: { cols: string[]; rows: Record<string, unknown>[] };
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
  /** empty for the single unnamed json/jsonb argument (passed by position) */
  name: string;
  type: string;
  /** the argument as Postgres text input (null for SQL NULL) */
  value: string | null;
  /** an argument of a table's row type: the JSON object becomes that row */
  rowTable?: string;
}

export interface CallPlan extends Shape {
  kind: 'call';
  fn: FunctionInfo;
  args: CallArg[];
  /** void: no body; scalar: the value as JSON; set: rows read like a table */
  result: 'void' | 'scalar' | 'set';
  /** the read over the function's rows (result 'set') */
  root: ReadNode;
  /** the function returns one row of a table (not a set): answered as one object, or null */
  oneRow: boolean;
  /** GET/HEAD, or a stable/immutable function: the call runs in a read-only transaction */
  readOnly: boolean;
  /** more rows returned than this is PGRST124 (and the transaction rolls back) */
  maxAffected?: number;
}

export type MutatePlan = InsertPlan | UpdatePlan | DeletePlan;
export type Plan = ReadPlan | MutatePlan | CallPlan;

/** The read tree of the query string: select list, then filters, order and ranges per embed. */
const usesAggregates = (items: SelectItem[]): boolean =>
  items.some((i) =>
    i.type === 'field' ? i.aggregate !== undefined : i.type === 'embed' && usesAggregates(i.select),
  );

export function readTree(
  cache: SchemaCache,
  table: TableInfo | null,
  query: QueryParams,
  range?: { offset: number; limit?: number },
  opts: PlanOptions = { aggregates: false },
): ReadNode {
  if (!opts.aggregates && usesAggregates(query.select))
    throw new ApiError(400, 'PGRST123', 'Use of aggregate functions is not allowed');
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

export function planRequest(
  req: ApiRequest,
  cache: SchemaCache,
  opts: PlanOptions = { aggregates: false },
): Plan {
  if (req.csv && req.action !== 'read' && req.action !== 'call')
    throw new ApiError(
      406,
      'PGRST107',
      'None of these media types are available: text/csv',
      'CSV is answered for reads and function calls',
    );
  if (req.action === 'call') return planCall(req, cache, opts);
  const table = lookupTable(cache, req.target, req.schema);
  const shape: Shape = shapeOf(req);
  const tree = (range?: { offset: number; limit?: number }): ReadNode =>
    readTree(cache, table, req.query, range, opts);
  const representation = req.prefer.return === 'representation';
  const limit = req.prefer.maxAffected !== undefined ? { maxAffected: req.prefer.maxAffected } : {};
  switch (req.action) {
    case 'read':
      return { kind: 'read', table, root: tree(req.range), ...shape };
    case 'insert':
      return planInsert(req, tree(), table, shape);
    case 'update': {
      const root = tree();
      if (req.payload !== undefined && !isPlainObject(req.payload))
        throw new ApiError(400, 'PGRST102', 'Expected a JSON object for PATCH');
      const patch = req.payload ?? {};
      const cols = Object.keys(patch);
      cols.forEach((col) => checkPayloadColumn(table, col));
      return { kind: 'update', table, root, patch, cols, representation, ...shape, ...limit };
    }
    case 'delete': {
      const root = tree();
      return { kind: 'delete', table, root, representation, ...shape, ...limit };
    }
  }
}

function shapeOf(req: ApiRequest): Shape {
  const shape: Shape = { single: req.single, count: req.prefer.count, stripNulls: req.stripNulls };
  if (req.csv) shape.csv = true;
  if (req.prefer.countMode) shape.countMode = req.prefer.countMode;
  return shape;
}

function planInsert(req: ApiRequest, root: ReadNode, table: TableInfo, shape: Shape): InsertPlan {
  const { query, prefer } = req;
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
  let withDefaults: InsertPlan['withDefaults'];
  if (query.columns && prefer.missingDefault) {
    query.columns.forEach((col) => checkPayloadColumn(table, col));
    withDefaults = { cols: query.columns, rows };
  } else if (query.columns) {
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
  if (withDefaults) plan.withDefaults = withDefaults;
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

const isJsonType = (t: string): boolean => t === 'json' || t === 'jsonb';

/** The types a function's one unnamed argument may have to be callable (the body goes to it). */
const UNNAMED_TYPES = new Set(['json', 'jsonb', 'text', 'xml', 'bytea']);

/**
 * What PostgREST exposes for calls: functions whose arguments all have names, or that take a
 * single unnamed json, jsonb, text, xml or bytea argument; others cannot be called by name.
 */
function callable(f: FunctionInfo): boolean {
  if (f.args.every((a) => a.name !== '')) return true;
  return f.args.length === 1 && UNNAMED_TYPES.has((f.args[0] as { type: string }).type);
}

/** An argument as Postgres text input: JSON for json/jsonb and objects, array literals for arrays. */
function toPgText(v: unknown, type: string): string | null {
  if (v === null || v === undefined) return null;
  if (isJsonType(type)) return JSON.stringify(v);
  if (Array.isArray(v)) return type.endsWith('[]') ? pgArrayLiteral(v) : JSON.stringify(v);
  if (typeof v === 'object') return JSON.stringify(v);
  return String(v);
}

/** A function as PostgREST names it in errors: `schema.fn(a => integer, b => text)`. */
const signature = (schema: string, f: FunctionInfo): string =>
  `${schema}.${f.name}(${f.args.map((a) => `${a.name} => ${a.type}`).join(', ')})`;

/** PostgREST's order of the candidates it lists: fewer arguments first, then by signature. */
const byArity = (schema: string) => (a: FunctionInfo, b: FunctionInfo) =>
  a.args.length - b.args.length || signature(schema, a).localeCompare(signature(schema, b));

/**
 * PostgREST's hint for a function it cannot find: with other overloads of the name, the
 * closest of their argument lists; without any, the closest callable function name.
 */
function noFunctionHint(
  cache: SchemaCache,
  schema: string,
  name: string,
  overloads: FunctionInfo[],
  argNames: string[],
): string | null {
  const list = (names: string[]) => `(${names.join(', ')})`;
  const found = overloads.length
    ? closestName(
        list(argNames),
        overloads.map((f) => list(f.args.map((a) => a.name))),
      )
    : closestName(
        name,
        [...cache.functions.entries()].filter(([, fs]) => fs.some(callable)).map(([n]) => n),
      );
  if (found === null) return null;
  return `Perhaps you meant to call the function ${schema}.${overloads.length ? name : ''}${found}`;
}

function planCall(req: ApiRequest, cache: SchemaCache, opts: PlanOptions): CallPlan {
  const name = req.target;
  const schema = req.schema;
  const fns = (cache.functions.get(name) ?? []).filter(callable);
  let args: Record<string, unknown>;
  const post = req.method === 'POST';
  if (post) {
    if (req.payload !== undefined && !isPlainObject(req.payload) && !req.prefer.singleObject)
      throw new ApiError(400, 'PGRST102', 'Expected a JSON object of arguments');
    args = isPlainObject(req.payload) ? req.payload : {};
  } else args = { ...req.rpcArgs };
  // the whole body as the one json/jsonb argument: asked for, or the only way to match
  const oneJson = fns.filter(
    (f) => f.args.length === 1 && isJsonType((f.args[0] as { type: string }).type),
  );
  let candidates = req.prefer.singleObject && post ? oneJson : candidateFunctions(fns, args);
  let whole = req.prefer.singleObject && post;
  if (!candidates.length && post) {
    const unnamed = oneJson.filter((f) => (f.args[0] as { name: string }).name === '');
    if (unnamed.length) {
      candidates = unnamed;
      whole = true;
    }
  }
  if (candidates.length > 1)
    throw new ApiError(
      300,
      'PGRST203',
      `Could not choose the best candidate function between: ${[...candidates]
        .sort(byArity(schema))
        .map((f) => signature(schema, f))
        .join(', ')}`,
      null,
      'Try renaming the parameters or the function itself in the database so function overloading can be resolved',
    );
  const fn = candidates[0];
  if (!fn) {
    const names = Object.keys(args).sort();
    const keys = names.join(', ');
    const searched = names.length
      ? ` with parameter${names.length > 1 ? 's' : ''} ${keys}`
      : ' without parameters';
    throw new ApiError(
      404,
      'PGRST202',
      `Could not find the function ${schema}.${name}${names.length ? `(${keys})` : ' without parameters'} in the schema cache`,
      `Searched for the function ${schema}.${name}${searched} or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.`,
      noFunctionHint(
        cache,
        schema,
        name,
        // overloads PostgREST knows by name: the callable ones and computed columns' functions
        (cache.functions.get(name) ?? []).filter(
          (f) => callable(f) || f.args.some((a) => a.rowTable !== undefined),
        ),
        names,
      ),
    );
  }
  const returned = fn.returnsTable ? (cache.tables.get(fn.returnsTable) ?? null) : null;
  // one row of a table is read like a set (select, embeds, filters) and answered as one object
  const result = fn.returnsVoid ? 'void' : fn.returnsSet || returned ? 'set' : 'scalar';
  if (result === 'set' && req.queryError) throw req.queryError;
  const rowTable = result === 'set' ? returned : null;
  const callArgs: CallArg[] = whole
    ? [
        {
          name: (fn.args[0] as { name: string }).name,
          type: (fn.args[0] as { type: string }).type,
          value: toPgText(req.payload ?? {}, 'json'),
        },
      ]
    : fn.args
        .filter((a) => a.name in args)
        .map((a) => {
          const arg: CallArg = {
            name: a.name,
            type: a.type,
            value: toPgText(args[a.name], a.type),
          };
          if (a.rowTable) arg.rowTable = a.rowTable;
          return arg;
        });
  return {
    kind: 'call',
    fn,
    args: callArgs,
    result,
    root:
      result === 'set'
        ? readTree(cache, rowTable, req.query, req.range, opts)
        : buildReadNode(cache, null, [{ type: 'star' }]),
    // as in PostgREST: GET/HEAD never write, nor does a function declared stable or immutable
    oneRow: !fn.returnsSet && !fn.returnsVoid && returned !== null,
    readOnly: req.method === 'GET' || req.method === 'HEAD' || !fn.volatile,
    ...shapeOf(req),
    ...(req.prefer.maxAffected !== undefined ? { maxAffected: req.prefer.maxAffected } : {}),
  };
}

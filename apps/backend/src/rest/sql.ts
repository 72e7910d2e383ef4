/**
 * Turns the parsed PostgREST request into SQL. Identifiers come only from the schema cache
 * (or, for RPC results, are validated and quoted); every value is a bound parameter.
 */
import { ApiError, parseError } from './errors.js';
import type { Condition, FieldRef, FilterCond, OrderTerm, SelectItem } from './parser.js';
import type { ForeignKey, SchemaCache, TableInfo } from './schema.js';

export const MAX_ROWS = 1000;

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export interface Relationship {
  kind: 'to-one' | 'to-many';
  target: TableInfo;
  /** [parent column, child column] */
  pairs: [string, string][];
}

export interface ReadNode {
  /** null when the source is an RPC result whose columns are not in the cache */
  table: TableInfo | null;
  /** SQL for the FROM source, e.g. "public"."t" */
  source: string;
  alias: string;
  select: SelectItem[];
  conds: Condition[];
  order: OrderTerm[];
  limit?: number;
  offset?: number;
  embeds: EmbedNode[];
}

export interface EmbedNode extends ReadNode {
  jsonName: string;
  relation: string;
  rel: Relationship;
  inner: boolean;
}

export function tableSource(t: TableInfo): string {
  return `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
}

export function lookupTable(cache: SchemaCache, name: string): TableInfo {
  const t = cache.tables.get(name);
  if (!t)
    throw new ApiError(
      404,
      'PGRST205',
      `Could not find the table 'public.${name}' in the schema cache`,
      null,
      null,
    );
  return t;
}

function isUniqueKey(t: TableInfo, cols: string[]): boolean {
  return t.uniques.some((u) => u.length === cols.length && u.every((c) => cols.includes(c)));
}

interface Candidate {
  fk: ForeignKey;
  rel: Relationship;
}

/** Finds the relationship `parent -> name` (table, FK column or FK constraint name), with an optional hint. */
export function resolveRelationship(
  cache: SchemaCache,
  parent: TableInfo,
  name: string,
  hint?: string,
): Relationship {
  const cands: Candidate[] = [];
  for (const fk of cache.fks) {
    // parent holds the FK: to-one
    if (fk.table === parent.name) {
      const byTable = fk.refTable === name;
      const byColumn = fk.columns.length === 1 && fk.columns[0] === name;
      const byName = fk.name === name;
      if (byTable || byColumn || byName) {
        const target = cache.tables.get(fk.refTable);
        if (target)
          cands.push({
            fk,
            rel: {
              kind: 'to-one',
              target,
              pairs: fk.columns.map((c, i) => [c, fk.refColumns[i] as string]),
            },
          });
      }
    }
    // child holds the FK to parent: to-many (or to-one when the FK columns are unique)
    if (fk.refTable === parent.name && (fk.table === name || fk.name === name)) {
      const target = cache.tables.get(fk.table);
      if (target)
        cands.push({
          fk,
          rel: {
            kind: isUniqueKey(target, fk.columns) ? 'to-one' : 'to-many',
            target,
            pairs: fk.refColumns.map((c, i) => [c, fk.columns[i] as string]),
          },
        });
    }
  }
  let found = cands;
  if (hint !== undefined) {
    found = cands.filter(
      (c) =>
        c.fk.name === hint ||
        (c.fk.columns.length === 1 && c.fk.columns[0] === hint) ||
        c.rel.target.name === hint,
    );
  }
  // de-duplicate (a self-reference can match twice through the same FK in both roles)
  let uniq = found.filter(
    (c, i) => found.findIndex((d) => d.fk.name === c.fk.name && d.rel.kind === c.rel.kind) === i,
  );
  // a column hint (or a column used as the relation name) names the parent's own FK column: to-one
  const column = hint ?? name;
  if (uniq.length > 1 && parent.columns.has(column)) {
    const own = uniq.filter(
      (c) => c.rel.kind === 'to-one' && c.fk.table === parent.name && c.fk.columns.includes(column),
    );
    if (own.length === 1) uniq = own;
  }
  if (uniq.length === 0)
    throw new ApiError(
      400,
      'PGRST200',
      `Could not find a relationship between '${parent.name}' and '${name}' in the schema cache`,
      `Searched for a foreign key relationship between '${parent.name}' and '${name}'${hint ? ` using the hint '${hint}'` : ''} in the schema 'public', but no matches were found.`,
      null,
    );
  if (uniq.length > 1)
    throw new ApiError(
      300,
      'PGRST201',
      `Could not embed because more than one relationship was found for '${parent.name}' and '${name}'`,
      uniq.map((c) => c.fk.name).join(', '),
      `Try changing '${name}' to one of: ${uniq.map((c) => `'${name}!${c.fk.name}'`).join(', ')}`,
    );
  return (uniq[0] as Candidate).rel;
}

/** Builds the node tree for a select list on a table (recursively resolving embeds). */
export function buildReadNode(
  cache: SchemaCache,
  table: TableInfo | null,
  source: string,
  select: SelectItem[],
  counter: { n: number },
): ReadNode {
  const alias = `t${counter.n++}`;
  const node: ReadNode = { table, source, alias, select, conds: [], order: [], embeds: [] };
  for (const item of select) {
    if (item.type !== 'embed') continue;
    if (!table)
      throw new ApiError(400, 'PGRST200', `Could not find a relationship for '${item.relation}'`);
    const rel = resolveRelationship(cache, table, item.relation, item.hint);
    const child = buildReadNode(cache, rel.target, tableSource(rel.target), item.select, counter);
    node.embeds.push({
      ...child,
      jsonName: item.alias ?? item.relation,
      relation: item.relation,
      rel,
      inner: item.inner,
    });
  }
  return node;
}

/** Finds the embed node a dotted param path points to. */
export function nodeAtPath(root: ReadNode, path: string[]): ReadNode {
  let node = root;
  for (const seg of path) {
    const next =
      node.embeds.find((e) => e.jsonName === seg) ?? node.embeds.find((e) => e.relation === seg);
    if (!next)
      throw new ApiError(
        400,
        'PGRST108',
        `'${seg}' is not an embedded resource in this request`,
        null,
        `Verify that '${seg}' is included in the 'select' query parameter.`,
      );
    node = next;
  }
  return node;
}

export function checkColumn(table: TableInfo | null, name: string): void {
  if (!table) {
    if (!/^[A-Za-z_][A-Za-z0-9_$]*$/.test(name)) throw parseError('column', `bad column "${name}"`);
    return;
  }
  if (!table.columns.has(name))
    throw new ApiError(400, '42703', `column ${table.name}.${name} does not exist`, null, null);
}

export function fieldSql(node: ReadNode, f: FieldRef, params: Params): string {
  checkColumn(node.table, f.name);
  let sql = `${quoteIdent(node.alias)}.${quoteIdent(f.name)}`;
  for (const step of f.json) {
    const key = /^-?[0-9]+$/.test(step.key)
      ? `${params.add(step.key)}::int`
      : `${params.add(step.key)}::text`;
    sql = `(${sql}${step.arrow}${key})`;
  }
  return sql;
}

function columnType(node: ReadNode, f: FieldRef): string | undefined {
  if (f.json.length) return f.json[f.json.length - 1]?.arrow === '->>' ? 'text' : 'jsonb';
  return node.table?.columns.get(f.name)?.type;
}

/** Quotes one element for a Postgres array literal. */
export function pgArrayLiteral(items: unknown[]): string {
  const quote = (v: unknown): string => {
    if (v === null || v === undefined) return 'NULL';
    if (Array.isArray(v)) return pgArrayLiteral(v);
    const s = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return `"${s.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"`;
  };
  return `{${items.map(quote).join(',')}}`;
}

const SIMPLE_OPS: Record<string, string> = {
  eq: '=',
  neq: '<>',
  gt: '>',
  gte: '>=',
  lt: '<',
  lte: '<=',
  like: 'like',
  ilike: 'ilike',
  match: '~',
  imatch: '~*',
  cs: '@>',
  cd: '<@',
  ov: '&&',
  sl: '<<',
  sr: '>>',
  nxl: '&<',
  nxr: '&>',
  adj: '-|-',
};

const FTS_FN: Record<string, string> = {
  fts: 'to_tsquery',
  plfts: 'plainto_tsquery',
  phfts: 'phraseto_tsquery',
  wfts: 'websearch_to_tsquery',
};

function filterSql(node: ReadNode, f: FilterCond, params: Params): string {
  const lhs = fieldSql(node, f.field, params);
  let sql: string;
  const v = f.value;
  if (f.op === 'is') {
    const word = v === 'not_null' ? 'not null' : (v as string);
    sql = `${lhs} is ${word}`;
  } else if (f.op === 'in') {
    const list = v as string[];
    sql = list.length === 0 ? 'false' : `${lhs} = any(${params.add(pgArrayLiteral(list))})`;
  } else if (f.op === 'isdistinct') {
    sql = `${lhs} is distinct from ${params.add(v)}`;
  } else if (f.op in FTS_FN) {
    const fn = FTS_FN[f.op] as string;
    const cfg = f.ftsConfig !== undefined ? `${params.add(f.ftsConfig)}::regconfig, ` : '';
    const isVector = columnType(node, f.field) === 'tsvector';
    const vec = isVector ? lhs : `to_tsvector(${cfg}${lhs})`;
    sql = `${vec} @@ ${fn}(${cfg}${params.add(v)})`;
  } else {
    const op = SIMPLE_OPS[f.op] as string;
    let value = v as string;
    if (f.op === 'like' || f.op === 'ilike') value = value.replace(/\*/g, '%');
    if (f.op === 'ov' && value.startsWith('(') && value.endsWith(')'))
      value = pgArrayLiteral(value.slice(1, -1) === '' ? [] : value.slice(1, -1).split(','));
    sql = `${lhs} ${op} ${params.add(value)}`;
  }
  return f.negate ? `not (${sql})` : sql;
}

export function conditionSql(node: ReadNode, c: Condition, params: Params): string {
  if (c.kind === 'filter') return filterSql(node, c, params);
  const parts = c.children.map((ch) => conditionSql(node, ch, params));
  const joined = `(${parts.join(c.op === 'and' ? ' and ' : ' or ')})`;
  return c.negate ? `not ${joined}` : joined;
}

function joinSql(parent: ReadNode, child: EmbedNode): string {
  return child.rel.pairs
    .map(
      ([p, ch]) =>
        `${quoteIdent(child.alias)}.${quoteIdent(ch)} = ${quoteIdent(parent.alias)}.${quoteIdent(p)}`,
    )
    .join(' and ');
}

export function whereSql(node: ReadNode, params: Params, extra: string[] = []): string {
  const parts = [...extra, ...node.conds.map((c) => conditionSql(node, c, params))];
  for (const e of node.embeds) {
    if (!e.inner) continue;
    const inner = [joinSql(node, e), ...e.conds.map((c) => conditionSql(e, c, params))];
    parts.push(
      `exists (select 1 from ${e.source} as ${quoteIdent(e.alias)} where ${inner.join(' and ')})`,
    );
  }
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

export function orderSql(node: ReadNode, params: Params): string {
  if (!node.order.length) return '';
  const terms = node.order.map((o) => {
    let s = `${fieldSql(node, o.field, params)} ${o.direction}`;
    if (o.nulls) s += ` nulls ${o.nulls}`;
    return s;
  });
  return ` order by ${terms.join(', ')}`;
}

function limitSql(node: ReadNode, params: Params, cap?: number): string {
  let s = '';
  const limit = cap !== undefined ? Math.min(node.limit ?? cap, cap) : node.limit;
  if (limit !== undefined) s += ` limit ${params.add(limit)}`;
  if (node.offset) s += ` offset ${params.add(node.offset)}`;
  return s;
}

/** The select list of a node (columns, casts, embedded sub-selects). */
export function selectListSql(node: ReadNode, params: Params): string {
  const parts: string[] = [];
  let embedIdx = 0;
  for (const item of node.select) {
    if (item.type === 'star') parts.push(`${quoteIdent(node.alias)}.*`);
    else if (item.type === 'field') {
      let s = fieldSql(node, item.field, params);
      if (item.cast) s = `(${s})::${item.cast}`;
      const name =
        item.alias ??
        (item.field.json.length
          ? (item.field.json[item.field.json.length - 1] as { key: string }).key
          : item.field.name);
      parts.push(`${s} as ${quoteIdent(name)}`);
    } else {
      const e = node.embeds[embedIdx++] as EmbedNode;
      parts.push(`${embedSql(node, e, params)} as ${quoteIdent(e.jsonName)}`);
    }
  }
  return parts.length ? parts.join(', ') : `${quoteIdent(node.alias)}.*`;
}

/** `rel(count)`: PostgREST's embedded row count, answered as [{ "count": n }]. */
function isCountEmbed(e: EmbedNode): boolean {
  const only = e.select.length === 1 ? e.select[0] : undefined;
  return (
    only !== undefined &&
    only.type === 'field' &&
    only.field.name === 'count' &&
    only.field.json.length === 0 &&
    !only.cast &&
    !e.table?.columns.has('count')
  );
}

function embedSql(parent: ReadNode, e: EmbedNode, params: Params): string {
  const sub = `_${e.alias}`;
  if (isCountEmbed(e)) {
    const only = e.select[0] as { alias?: string };
    return (
      `(select json_build_array(json_build_object(${params.add(only.alias ?? 'count')}::text, count(*))) from ${e.source} as ${quoteIdent(e.alias)}` +
      whereSql(e, params, [joinSql(parent, e)]) +
      ')'
    );
  }
  const inner =
    `select ${selectListSql(e, params)} from ${e.source} as ${quoteIdent(e.alias)}` +
    whereSql(e, params, [joinSql(parent, e)]) +
    orderSql(e, params);
  if (e.rel.kind === 'to-one')
    return `(select row_to_json(${sub}) from (${inner} limit 1) as ${sub})`;
  return `(select coalesce(json_agg(${sub}), '[]'::json) from (${inner}${limitSql(e, params)}) as ${sub})`;
}

/** SELECT for GET: returns one row {body text, n int}. */
export function readSql(root: ReadNode, params: Params, opts: { single?: boolean } = {}): string {
  const inner =
    `select ${selectListSql(root, params)} from ${root.source} as ${quoteIdent(root.alias)}` +
    whereSql(root, params) +
    orderSql(root, params) +
    limitSql(root, params, MAX_ROWS);
  return wrapJson(inner, opts.single);
}

export function wrapJson(inner: string, single?: boolean): string {
  const body = single ? `(json_agg(_r) -> 0)::text` : `coalesce(json_agg(_r), '[]'::json)::text`;
  return `select ${body} as body, count(*)::int as n from (${inner}) as _r`;
}

export function countSql(root: ReadNode, params: Params): string {
  return (
    `select count(*)::int as n from ${root.source} as ${quoteIdent(root.alias)}` +
    whereSql(root, params)
  );
}

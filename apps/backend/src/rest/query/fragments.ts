/**
 * SQL fragments shared by every plan kind. Identifiers come only from the schema cache (or,
 * for RPC results, are validated and quoted); every value is a bound parameter.
 */
import type { Condition, FilterCond } from '../parser/filter.js';
import type { SelectItem } from '../parser/select.js';
import type { FieldRef } from '../parser/tokens.js';
import { checkColumn, type EmbedNode, type ReadNode } from '../relationships.js';
import type { FunctionInfo, TableInfo } from '../schema.js';
import { ApiError } from '../errors.js';
import { pgArrayLiteral } from '../../shared/pg-array.js';

/** One statement ready for the driver. */
export interface Statement {
  sql: string;
  params: unknown[];
}

export const quoteIdent = (name: string): string => `"${name.replace(/"/g, '""')}"`;

export class Params {
  readonly values: unknown[] = [];
  add(v: unknown): string {
    this.values.push(v);
    return `$${this.values.length}`;
  }
}

export function tableSource(t: TableInfo): string {
  return `${quoteIdent(t.schema)}.${quoteIdent(t.name)}`;
}

/** A function in the schema it was found in. */
export function functionName(fn: FunctionInfo): string {
  return `${quoteIdent(fn.schema ?? 'public')}.${quoteIdent(fn.name)}`;
}

export function fieldSql(node: ReadNode, f: FieldRef, params: Params): string {
  checkColumn(node, f.name);
  const computed = node.table?.columns.has(f.name) ? undefined : node.table?.computed?.get(f.name);
  let sql = computed
    ? `${functionName(computed)}(${quoteIdent(node.alias)})`
    : `${quoteIdent(node.alias)}.${quoteIdent(f.name)}`;
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
  return node.table?.columns.get(f.name)?.type ?? node.table?.computed?.get(f.name)?.returnType;
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
  nxl: '&>',
  nxr: '&<',
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
  } else if (f.quant) {
    const op = SIMPLE_OPS[f.op] as string;
    let value = v as string;
    if (f.op === 'like' || f.op === 'ilike') value = value.replace(/\*/g, '%');
    sql = `${lhs} ${op} ${f.quant}(${params.add(value)}::text[])`;
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

const col = (alias: string, name: string): string => `${quoteIdent(alias)}.${quoteIdent(name)}`;

/** How an embed's rows join its parent's row (through the junction for many-to-many). */
function joinSql(parent: ReadNode, child: EmbedNode): string {
  const { rel } = child;
  if (rel.fn) return 'true';
  if (rel.junction) {
    const j = `_j${child.alias}`;
    const on = [
      ...rel.junction.parentPairs.map(([p, jc]) => `${col(j, jc)} = ${col(parent.alias, p)}`),
      ...rel.junction.targetPairs.map(([jc, t]) => `${col(j, jc)} = ${col(child.alias, t)}`),
    ];
    return `exists (select 1 from ${tableSource(rel.junction.table)} as ${quoteIdent(j)} where ${on.join(' and ')})`;
  }
  return rel.pairs
    .map(([p, ch]) => `${col(child.alias, ch)} = ${col(parent.alias, p)}`)
    .join(' and ');
}

/** The FROM item of an embed: its table, or the computed relationship's call on the parent row. */
function embedFrom(parent: ReadNode, e: EmbedNode): string {
  const source = e.rel.fn
    ? `${functionName(e.rel.fn)}(${quoteIdent(parent.alias)})`
    : tableSource(e.table);
  return `${source} as ${quoteIdent(e.alias)}`;
}

export function whereSql(node: ReadNode, params: Params, extra: string[] = []): string {
  const parts = [...extra, ...node.conds.map((c) => conditionSql(node, c, params))];
  for (const e of node.embeds) {
    if (!e.inner) continue;
    const inner = [joinSql(node, e), ...e.conds.map((c) => conditionSql(e, c, params))];
    parts.push(`exists (select 1 from ${embedFrom(node, e)} where ${inner.join(' and ')})`);
  }
  return parts.length ? ` where ${parts.join(' and ')}` : '';
}

/** The lateral joins that bring spread embeds' columns next to the node's own. */
export function lateralSql(node: ReadNode, params: Params): string {
  return node.embeds
    .filter((e) => e.spread)
    .map(
      (e) =>
        ` left join lateral (select ${selectListSql(e, params)} from ${embedFrom(node, e)}` +
        `${whereSql(e, params, [joinSql(node, e)])}${groupSql(e, params)} limit 1) as ${quoteIdent(`_s${e.alias}`)} on true`,
    )
    .join('');
}

const isAggregate = (i: SelectItem): boolean => i.type === 'field' && i.aggregate !== undefined;

/** `group by` the plain columns when the select list has aggregates. */
export function groupSql(node: ReadNode, params: Params): string {
  if (!node.select.some(isAggregate)) return '';
  const keys: string[] = [];
  for (const item of node.select) {
    if (item.type === 'star')
      keys.push(...[...(node.table?.columns.keys() ?? [])].map((c) => col(node.alias, c)));
    else if (item.type === 'field' && !item.aggregate)
      keys.push(fieldSql(node, item.field, params));
  }
  for (const e of node.embeds)
    if (e.spread) keys.push(...outputNames(e).map((n) => col(`_s${e.alias}`, n)));
  return keys.length ? ` group by ${keys.join(', ')}` : '';
}

/** The keys a node's select list puts in each row object (spread embeds add their own). */
function outputNames(node: ReadNode): string[] {
  const names: string[] = [];
  let embedIdx = 0;
  for (const item of node.select) {
    if (item.type === 'star') names.push(...(node.table?.columns.keys() ?? []));
    else if (item.type === 'field') names.push(fieldName(item));
    else {
      const e = node.embeds[embedIdx++] as EmbedNode;
      if (e.empty) continue;
      if (e.spread) names.push(...outputNames(e));
      else names.push(e.jsonName);
    }
  }
  return names;
}

function fieldName(item: Extract<SelectItem, { type: 'field' }>): string {
  if (item.alias !== undefined) return item.alias;
  if (item.aggregate) return item.aggregate;
  const last = item.field.json[item.field.json.length - 1];
  return last ? last.key : item.field.name;
}

export function orderSql(node: ReadNode, params: Params): string {
  if (!node.order.length) return '';
  const terms = node.order.map((o) => {
    let s = `${o.relation !== undefined ? relatedOrderSql(node, o.relation, o.field, params) : fieldSql(node, o.field, params)} ${o.direction}`;
    if (o.nulls) s += ` nulls ${o.nulls}`;
    return s;
  });
  return ` order by ${terms.join(', ')}`;
}

/** `order=rel(col)`: the column of the row a to-one embed joins (PGRST108/PGRST118 otherwise). */
function relatedOrderSql(node: ReadNode, relation: string, f: FieldRef, params: Params): string {
  const e =
    node.embeds.find((x) => x.jsonName === relation) ??
    node.embeds.find((x) => x.relation === relation);
  if (!e)
    throw new ApiError(
      400,
      'PGRST108',
      `'${relation}' is not an embedded resource in this request`,
      null,
      `Verify that '${relation}' is included in the 'select' query parameter.`,
    );
  if (e.rel.kind !== 'to-one')
    throw new ApiError(
      400,
      'PGRST118',
      `A related order on '${e.table.name}' is not possible`,
      `'${node.table?.name ?? node.alias}' and '${e.table.name}' do not form a many-to-one or one-to-one relationship`,
    );
  return `(select ${fieldSql(e, f, params)} from ${embedFrom(node, e)} where ${joinSql(node, e)} limit 1)`;
}

export function limitSql(node: ReadNode, params: Params, cap?: number): string {
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
  const grouped = node.select.some(isAggregate);
  for (const item of node.select) {
    if (item.type === 'star') {
      if (grouped)
        parts.push(
          ...[...(node.table?.columns.keys() ?? [])].map(
            (c) => `${col(node.alias, c)} as ${quoteIdent(c)}`,
          ),
        );
      else parts.push(`${quoteIdent(node.alias)}.*`);
    } else if (item.type === 'field') {
      const name = fieldName(item);
      let s: string;
      if (item.aggregate) {
        let arg = item.field.name === '' ? '*' : fieldSql(node, item.field, params);
        if (item.inputCast) arg = `(${arg})::${item.inputCast}`;
        s = `${item.aggregate}(${arg})`;
      } else s = fieldSql(node, item.field, params);
      if (item.cast) s = `(${s})::${item.cast}`;
      parts.push(`${s} as ${quoteIdent(name)}`);
    } else {
      const e = node.embeds[embedIdx++] as EmbedNode;
      if (e.empty) continue;
      if (e.spread) parts.push(`${quoteIdent(`_s${e.alias}`)}.*`);
      else parts.push(`${embedSql(node, e, params)} as ${quoteIdent(e.jsonName)}`);
    }
  }
  // only empty embeds: rows without columns, answered as {}
  return parts.join(', ');
}

function embedSql(parent: ReadNode, e: EmbedNode, params: Params): string {
  const sub = `_${e.alias}`;
  const inner =
    `select ${selectListSql(e, params)} from ${embedFrom(parent, e)}${lateralSql(e, params)}` +
    whereSql(e, params, [joinSql(parent, e)]) +
    groupSql(e, params) +
    orderSql(e, params);
  if (e.rel.kind === 'to-one')
    return `(select row_to_json(${sub}) from (${inner} limit 1) as ${sub})`;
  return `(select coalesce(json_agg(${sub}), '[]'::json) from (${inner}${limitSql(e, params)}) as ${sub})`;
}

export interface JsonShape {
  /** the first row as an object instead of an array */
  single?: boolean;
  /** object fields that are null left out */
  stripNulls?: boolean;
  /** CSV: a header line of the column names, then each row as its record text without parentheses */
  csv?: boolean;
}

/** Wraps a row query into one row {body: the rows as JSON text, n: their count}. */
export function wrapJson(inner: string, opts: JsonShape = {}): string {
  if (opts.csv) {
    const header = `coalesce((select string_agg(_k, ',') from json_object_keys(json_agg(_r) -> 0) as _k), '')`;
    const line = `substring(_r::text, 2, length(_r::text) - 2)`;
    return (
      `select ${header} || coalesce(E'\\n' || string_agg(${line}, E'\\n'), '') as body, ` +
      `count(*)::int as n from (${inner}) as _r`
    );
  }
  let body = opts.single ? `(json_agg(_r) -> 0)` : `coalesce(json_agg(_r), '[]'::json)`;
  if (opts.stripNulls) body = `json_strip_nulls(${body})`;
  return `select ${body}::text as body, count(*)::int as n from (${inner}) as _r`;
}

/** SQL of reads: the rows of a source (table, function call or CTE) as one JSON text, and their count. */
import type { ReadNode } from '../relationships.js';
import type { TableInfo } from '../schema.js';
import {
  Params,
  groupSql,
  lateralSql,
  tableSource,
  limitSql,
  orderSql,
  quoteIdent,
  selectListSql,
  whereSql,
  wrapJson,
  type JsonShape,
  type Statement,
} from './fragments.js';

/** The most rows one read answers, whatever limit or Range asks for. */
export const MAX_ROWS = 1000;

/** Renders the FROM source of the root (adding its parameters first, if any). */
export type Source = (params: Params) => string;

/** A table as the source. */
export const tableFrom =
  (t: TableInfo): Source =>
  () =>
    tableSource(t);

/** One row {body text, n int}: the rows as a JSON array (or the first as an object). */
export function readQuery(root: ReadNode, source: Source, opts: JsonShape = {}): Statement {
  const params = new Params();
  const from = source(params);
  const inner =
    `select ${selectListSql(root, params)} from ${from} as ${quoteIdent(root.alias)}` +
    lateralSql(root, params) +
    whereSql(root, params) +
    groupSql(root, params) +
    orderSql(root, params) +
    limitSql(root, params, MAX_ROWS);
  return { sql: wrapJson(inner, opts), params: params.values };
}

/** One row {n int}: how many rows match the filters, whatever limit and offset say. */
export function countQuery(root: ReadNode, source: Source): Statement {
  const params = new Params();
  const from = source(params);
  return {
    sql: `select count(*)::int as n from ${from} as ${quoteIdent(root.alias)}${whereSql(root, params)}`,
    params: params.values,
  };
}

/** One row {"QUERY PLAN": json}: the planner's estimate of the rows the filters match. */
export function plannedCountQuery(root: ReadNode, source: Source): Statement {
  const params = new Params();
  const from = source(params);
  return {
    sql: `explain (format json) select 1 from ${from} as ${quoteIdent(root.alias)}${whereSql(root, params)}`,
    params: params.values,
  };
}

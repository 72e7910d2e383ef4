/**
 * SQL of inserts (upserts), updates and deletes. With `return=representation` the statement
 * becomes a CTE whose rows are read back through the request's select list and order.
 */
import type { DeletePlan, InsertPlan, UpdatePlan } from '../plan.js';
import type { ReadNode } from '../relationships.js';
import {
  Params,
  groupSql,
  lateralSql,
  orderSql,
  quoteIdent,
  selectListSql,
  tableSource,
  whereSql,
  wrapJson,
  type Statement,
} from './fragments.js';

/**
 * A write and what it answers: 'affected', the driver's row count; 'rows', one row
 * {body, n} (the representation, plus `inserted` for upserts); 'counts', one row {n, inserted}.
 */
export interface MutateStatement extends Statement {
  returns: 'affected' | 'rows' | 'counts';
}

interface Returning {
  root: ReadNode;
  representation: boolean;
  stripNulls: boolean;
}

function finish(stmt: string, params: Params, r: Returning, countInserts = false): MutateStatement {
  const alias = quoteIdent(r.root.alias);
  const rows = (from: string): string =>
    `select ${selectListSql(r.root, params)} from ${from} as ${alias}${lateralSql(r.root, params)}` +
    `${groupSql(r.root, params)}${orderSql(r.root, params)}`;
  if (!countInserts) {
    if (!r.representation) return { sql: stmt, params: params.values, returns: 'affected' };
    const inner = rows('"_m"');
    return {
      sql: `with "_m" as (${stmt} returning ${alias}.*) ${wrapJson(inner, { stripNulls: r.stripNulls })}`,
      params: params.values,
      returns: 'rows',
    };
  }
  // an upsert: a row whose xmax is 0 was inserted, any other was updated
  const written = `with "_w" as (${stmt} returning ${alias} as "_row", (${alias}.xmax = 0) as "_ins")`;
  const inserted = `(select count(*) filter (where "_ins") from "_w")::int as inserted`;
  if (!r.representation)
    return {
      sql: `${written} select count(*)::int as n, ${inserted} from "_w"`,
      params: params.values,
      returns: 'counts',
    };
  const inner = rows(`(select ("_row").* from "_w")`);
  return {
    sql: `${written} select _j.*, ${inserted} from (${wrapJson(inner, { stripNulls: r.stripNulls })}) as _j`,
    params: params.values,
    returns: 'rows',
  };
}

function conflictSql(plan: InsertPlan, cols: string[]): string {
  if (!plan.onConflict) return '';
  const target = plan.onConflict.target.map(quoteIdent).join(', ');
  if (plan.onConflict.action === 'ignore') return ` on conflict (${target}) do nothing`;
  const set = cols.map((col) => `${quoteIdent(col)} = excluded.${quoteIdent(col)}`).join(', ');
  return ` on conflict (${target}) do update set ${set}`;
}

/**
 * `missing=default`: one VALUES row per object, DEFAULT where the object lacks the column;
 * each value is read from the row's JSON by json_populate_record (the column's own type).
 */
function insertWithDefaults(
  plan: InsertPlan,
  w: NonNullable<InsertPlan['withDefaults']>,
): MutateStatement {
  const src = tableSource(plan.table);
  const params = new Params();
  const values = w.rows.map((row) => {
    // The row's JSON is a parameter only when a cell reads it: a row with none of
    // the columns is all defaults, and an unused parameter fails the statement.
    let p: string | undefined;
    const cells = w.cols.map((c) => {
      if (!Object.prototype.hasOwnProperty.call(row, c)) return 'default';
      p ??= params.add(JSON.stringify(row));
      return `(json_populate_record(null::${src}, ${p}::json)).${quoteIdent(c)}`;
    });
    return `(${cells.join(', ')})`;
  });
  const stmt =
    `insert into ${src} as ${quoteIdent(plan.root.alias)} (${w.cols.map(quoteIdent).join(', ')}) ` +
    `values ${values.join(', ')}${conflictSql(plan, w.cols)}`;
  return finish(stmt, params, plan, plan.onConflict?.action === 'merge');
}

/** One statement per group of rows setting the same columns; rows of `{}` one each. */
export function insertStatements(plan: InsertPlan): MutateStatement[] {
  const src = tableSource(plan.table);
  const alias = quoteIdent(plan.root.alias);
  const out: MutateStatement[] = [];
  if (plan.withDefaults) {
    if (plan.withDefaults.rows.length === 0 || plan.withDefaults.cols.length === 0)
      for (let i = 0; i < plan.withDefaults.rows.length; i++)
        out.push(finish(`insert into ${src} as ${alias} default values`, new Params(), plan));
    else out.push(insertWithDefaults(plan, plan.withDefaults));
    return out;
  }
  for (const g of plan.groups) {
    if (g.cols.length === 0) {
      for (let i = 0; i < g.rows.length; i++) {
        const stmt = `insert into ${src} as ${alias} default values`;
        out.push(finish(stmt, new Params(), plan));
      }
      continue;
    }
    const params = new Params();
    const colList = g.cols.map(quoteIdent).join(', ');
    const stmt =
      `insert into ${src} as ${alias} (${colList}) select ${colList} ` +
      `from json_populate_recordset(null::${src}, ${params.add(JSON.stringify(g.rows))}::json) as _j` +
      conflictSql(plan, g.cols);
    out.push(finish(stmt, params, plan, plan.onConflict?.action === 'merge'));
  }
  return out;
}

/** Null when the patch sets no column (nothing to run). */
export function updateStatement(plan: UpdatePlan): MutateStatement | null {
  if (plan.cols.length === 0) return null;
  const params = new Params();
  const src = tableSource(plan.table);
  const set = plan.cols.map((col) => `${quoteIdent(col)} = _v.${quoteIdent(col)}`).join(', ');
  const stmt =
    `update ${src} as ${quoteIdent(plan.root.alias)} set ${set} ` +
    `from json_populate_record(null::${src}, ${params.add(JSON.stringify(plan.patch))}::json) as _v` +
    whereSql(plan.root, params);
  return finish(stmt, params, plan);
}

export function deleteStatement(plan: DeletePlan): MutateStatement {
  const params = new Params();
  const stmt =
    `delete from ${tableSource(plan.table)} as ${quoteIdent(plan.root.alias)}` +
    whereSql(plan.root, params);
  return finish(stmt, params, plan);
}

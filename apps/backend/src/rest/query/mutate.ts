/**
 * SQL of inserts (upserts), updates and deletes. With `return=representation` the statement
 * becomes a CTE whose rows are read back through the request's select list and order.
 */
import type { DeletePlan, InsertPlan, UpdatePlan } from '../plan.js';
import type { ReadNode } from '../relationships.js';
import {
  Params,
  orderSql,
  quoteIdent,
  selectListSql,
  tableSource,
  whereSql,
  wrapJson,
  type Statement,
} from './fragments.js';

/**
 * A write. `returnsRows`: it answers one row {body, n} (the representation); otherwise the
 * driver's affected row count is the result.
 */
export interface MutateStatement extends Statement {
  returnsRows: boolean;
}

function finish(
  stmt: string,
  params: Params,
  root: ReadNode,
  representation: boolean,
): MutateStatement {
  if (!representation) return { sql: stmt, params: params.values, returnsRows: false };
  const returning = `${stmt} returning ${quoteIdent(root.alias)}.*`;
  const inner = `select ${selectListSql(root, params)} from "_m" as ${quoteIdent(root.alias)}${orderSql(root, params)}`;
  return {
    sql: `with "_m" as (${returning}) ${wrapJson(inner, false)}`,
    params: params.values,
    returnsRows: true,
  };
}

/** One statement per group of rows setting the same columns; rows of `{}` one each. */
export function insertStatements(plan: InsertPlan): MutateStatement[] {
  const src = tableSource(plan.table);
  const alias = quoteIdent(plan.root.alias);
  const out: MutateStatement[] = [];
  for (const g of plan.groups) {
    if (g.cols.length === 0) {
      for (let i = 0; i < g.rows.length; i++) {
        const stmt = `insert into ${src} as ${alias} default values`;
        out.push(finish(stmt, new Params(), plan.root, plan.representation));
      }
      continue;
    }
    const params = new Params();
    const colList = g.cols.map(quoteIdent).join(', ');
    let stmt =
      `insert into ${src} as ${alias} (${colList}) select ${colList} ` +
      `from json_populate_recordset(null::${src}, ${params.add(JSON.stringify(g.rows))}::json) as _j`;
    if (plan.onConflict) {
      const target = plan.onConflict.target.map(quoteIdent).join(', ');
      if (plan.onConflict.action === 'ignore') stmt += ` on conflict (${target}) do nothing`;
      else {
        const set = g.cols
          .map((col) => `${quoteIdent(col)} = excluded.${quoteIdent(col)}`)
          .join(', ');
        stmt += ` on conflict (${target}) do update set ${set}`;
      }
    }
    out.push(finish(stmt, params, plan.root, plan.representation));
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
  return finish(stmt, params, plan.root, plan.representation);
}

export function deleteStatement(plan: DeletePlan): MutateStatement {
  const params = new Params();
  const stmt =
    `delete from ${tableSource(plan.table)} as ${quoteIdent(plan.root.alias)}` +
    whereSql(plan.root, params);
  return finish(stmt, params, plan.root, plan.representation);
}

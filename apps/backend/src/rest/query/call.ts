/** SQL of function calls: named arguments, each a bound parameter cast to its declared type. */
import type { CallPlan } from '../plan.js';
import { countQuery, readQuery, type Source } from './read.js';
import { Params, quoteIdent, type Statement } from './fragments.js';

/** Run first in a GET/HEAD call: any write then fails with 25006 (read_only_sql_transaction). */
export const READ_ONLY_SQL = 'set transaction read only';

/** `"public"."fn"("a" => $1::int, ...)`, adding the arguments to `params`. */
export function callSource(plan: CallPlan): Source {
  return (params: Params) => {
    const args = plan.args
      .map((a) => `${quoteIdent(a.name)} => ${params.add(a.value)}::${a.type}`)
      .join(', ');
    return `"public".${quoteIdent(plan.fn.name)}(${args})`;
  };
}

/** Void: the call; scalar: one row {body} with the value as JSON text. */
export function callStatement(plan: CallPlan): Statement {
  const params = new Params();
  const call = callSource(plan)(params);
  const json = plan.stripNulls ? `json_strip_nulls(to_json(${call}))` : `to_json(${call})`;
  const sql = plan.result === 'void' ? `select ${call}` : `select ${json}::text as body`;
  return { sql, params: params.values };
}

/** A set-returning function's rows, read like a table's. */
export function callReadQuery(plan: CallPlan): Statement {
  return readQuery(plan.root, callSource(plan), plan);
}

export function callCountQuery(plan: CallPlan): Statement {
  return countQuery(plan.root, callSource(plan));
}

/** SQL of function calls: named arguments, each a bound parameter cast to its declared type. */
import type { CallPlan } from '../plan.js';
import { readQuery, type Source } from './read.js';
import { Params, functionName, quoteIdent, type Statement } from './fragments.js';

/** Run first in a GET/HEAD call: any write then fails with 25006 (read_only_sql_transaction). */
export const READ_ONLY_SQL = 'set transaction read only';

/**
 * `"public"."fn"("a" => $1::int, ...)`, adding the arguments to `params`; the unnamed json
 * argument goes by position, a row-type argument is built from its JSON object.
 */
export function callSource(plan: CallPlan): Source {
  return (params: Params) => {
    const args = plan.args
      .map((a) => {
        const p = params.add(a.value);
        const value = a.rowTable
          ? `json_populate_record(null::${quoteIdent(plan.fn.schema ?? 'public')}.${quoteIdent(a.rowTable)}, ${p}::json)`
          : `${p}::${a.type}`;
        return a.name ? `${quoteIdent(a.name)} => ${value}` : value;
      })
      .join(', ');
    return `${functionName(plan.fn)}(${args})`;
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

/**
 * Runs a plan's statements inside the caller's transaction and collects what they answered:
 * the body (JSON text), the number of rows it holds or touched, and the total when counted.
 */
import type { Queryable } from '../db/types.js';
import type { CallPlan, InsertPlan, Plan, ReadPlan } from './plan.js';
import { READ_ONLY_SQL, callReadQuery, callSource, callStatement } from './query/call.js';
import type { ReadNode } from './relationships.js';
import type { Statement } from './query/fragments.js';
import {
  deleteStatement,
  insertStatements,
  updateStatement,
  type MutateStatement,
} from './query/mutate.js';
import {
  MAX_ROWS,
  countQuery,
  plannedCountQuery,
  readQuery,
  tableFrom,
  type Source,
} from './query/read.js';

export interface QueryResult {
  /** JSON text, or null when nothing is answered */
  body: string | null;
  /** rows in the body (reads) or rows written (mutations) */
  n: number;
  /** all matching rows (Prefer: count), else null */
  total: number | null;
  /** false when the plan had nothing to run (an update that sets no column) */
  ran: boolean;
  /** upserts: how many of the rows were inserted rather than updated */
  inserted?: number;
}

/** The total a `Prefer: count=...` asks for: exact, the planner's estimate, or exact up to the cap. */
interface Counting {
  mode: 'exact' | 'planned' | 'estimated';
  exact: Statement;
  planned: Statement;
}

async function plannedRows(tx: Queryable, s: Statement): Promise<number> {
  const r = await tx.query<Record<string, unknown>>(s.sql, s.params);
  const raw = Object.values(r.rows[0] ?? {})[0];
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as {
    Plan?: { 'Plan Rows'?: number };
  }[];
  return Math.round(plan[0]?.Plan?.['Plan Rows'] ?? 0);
}

async function countRows(tx: Queryable, c: Counting): Promise<number> {
  if (c.mode === 'planned') return plannedRows(tx, c.planned);
  const cr = await tx.query<{ n: number }>(c.exact.sql, c.exact.params);
  const exact = cr.rows[0]?.n ?? 0;
  // estimated: the exact count while it stays within what one response may hold
  if (c.mode === 'estimated' && exact > MAX_ROWS) return plannedRows(tx, c.planned);
  return exact;
}

async function readRows(
  tx: Queryable,
  read: Statement,
  count: Counting | null,
): Promise<QueryResult> {
  const r = await tx.query<{ body: string | null; n: number }>(read.sql, read.params);
  const row = r.rows[0] ?? { body: null, n: 0 };
  const total = count ? await countRows(tx, count) : null;
  return { body: row.body, n: row.n, total, ran: true };
}

async function runWrite(
  tx: Queryable,
  s: MutateStatement,
): Promise<{ n: number; body: string | null; inserted?: number }> {
  if (s.returns === 'affected') {
    const r = await tx.query(s.sql, s.params);
    return { n: r.affectedRows, body: null };
  }
  const r = await tx.query<{ body?: string; n: number; inserted?: number }>(s.sql, s.params);
  const row = r.rows[0] ?? { n: 0 };
  const out: { n: number; body: string | null; inserted?: number } = {
    n: row.n,
    body: s.returns === 'rows' ? (row.body ?? '[]') : null,
  };
  if (row.inserted !== undefined) out.inserted = row.inserted;
  return out;
}

async function runInsert(tx: Queryable, plan: InsertPlan): Promise<QueryResult> {
  const statements = insertStatements(plan);
  let n = 0;
  let inserted: number | undefined;
  const bodies: string[] = [];
  for (const s of statements) {
    const out = await runWrite(tx, s);
    n += out.n;
    if (out.inserted !== undefined) inserted = (inserted ?? 0) + out.inserted;
    if (out.body !== null) bodies.push(out.body);
  }
  let body: string | null = null;
  if (plan.representation)
    body =
      bodies.length === 1
        ? (bodies[0] as string)
        : JSON.stringify(bodies.flatMap((b) => JSON.parse(b) as unknown[]));
  const result: QueryResult = { body, n, total: null, ran: true };
  if (inserted !== undefined) result.inserted = inserted;
  return result;
}

async function runCall(tx: Queryable, plan: CallPlan): Promise<QueryResult> {
  if (plan.readOnly) await tx.query(READ_ONLY_SQL);
  if (plan.result === 'set')
    return readRows(
      tx,
      callReadQuery(plan),
      plan.count ? counting(plan, plan.root, callSource(plan)) : null,
    );
  const s = callStatement(plan);
  const r = await tx.query<{ body: string | null }>(s.sql, s.params);
  // a scalar result is one row
  const total = plan.count ? 1 : null;
  if (plan.result === 'void') return { body: null, n: 0, total, ran: true };
  return { body: r.rows[0]?.body ?? 'null', n: 1, total, ran: true };
}

function counting(plan: ReadPlan | CallPlan, root: ReadNode, from: Source): Counting {
  return {
    mode: plan.countMode ?? 'exact',
    exact: countQuery(root, from),
    planned: plannedCountQuery(root, from),
  };
}

function runRead(tx: Queryable, plan: ReadPlan): Promise<QueryResult> {
  const from = tableFrom(plan.table);
  return readRows(
    tx,
    readQuery(plan.root, from, plan),
    plan.count ? counting(plan, plan.root, from) : null,
  );
}

export async function execute(tx: Queryable, plan: Plan): Promise<QueryResult> {
  switch (plan.kind) {
    case 'read':
      return runRead(tx, plan);
    case 'call':
      return runCall(tx, plan);
    case 'insert':
      return runInsert(tx, plan);
    case 'update': {
      const s = updateStatement(plan);
      if (!s) return { body: plan.representation ? '[]' : null, n: 0, total: null, ran: false };
      return { ...(await runWrite(tx, s)), total: null, ran: true };
    }
    case 'delete':
      return { ...(await runWrite(tx, deleteStatement(plan))), total: null, ran: true };
  }
}

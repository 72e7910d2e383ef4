import type { Queryable } from '../db/types.js';

export interface ColumnInfo {
  name: string;
  type: string;
  notNull: boolean;
  hasDefault: boolean;
}

export interface TableInfo {
  schema: string;
  name: string;
  columns: Map<string, ColumnInfo>;
  pk: string[];
  uniques: string[][];
  /** a view or materialized view (its relationships come from its base tables' keys) */
  isView?: boolean;
  /** computed columns: functions taking this table's row and returning one scalar */
  computed?: Map<string, FunctionInfo>;
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
  /** a key a view inherits from its base table (see viewForeignKeys) */
  viaView?: boolean;
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
  /** the table whose row type the argument is, when it is one of this schema */
  rowTable?: string;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnType: string;
  returnsVoid: boolean;
  volatile: boolean;
  /** the schema the function lives in (default public) */
  schema?: string;
  /** the table whose rows (or row) the function returns, when it is one of this schema */
  returnsTable?: string;
  /** declared `rows 1`: a set-returning function that embeds as one object */
  rowsOne?: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  fks: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  loadedAt: number;
}

const TABLES_SQL = `
select c.relname as name, c.relkind in ('v', 'm') as "isView",
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(json_build_object('type', con.contype,
      'cols', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum)))
    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]') as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`;

/** Which base-table column each view column reads, from the view's rewrite rule dependencies. */
const VIEW_COLS_SQL = `
select v.relname as view, t.relname as "table", a.attname as col
from pg_class v join pg_namespace n on n.oid = v.relnamespace
join pg_rewrite r on r.ev_class = v.oid
join pg_depend d on d.objid = r.oid and d.classid = 'pg_rewrite'::regclass
  and d.refclassid = 'pg_class'::regclass and d.refobjsubid > 0
join pg_class t on t.oid = d.refobjid and t.oid <> v.oid and t.relnamespace = v.relnamespace
join pg_attribute a on a.attrelid = t.oid and a.attnum = d.refobjsubid
where v.relkind in ('v', 'm') and n.nspname = $1`;

const FKS_SQL = `
select con.conname as name, c.relname as "table", rc.relname as "refTable",
  (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.attnum) as columns,
  (select json_agg(a.attname order by k.ord) from unnest(con.confkey) with ordinality k(attnum, ord)
     join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.attnum) as "refColumns"
from pg_constraint con
join pg_class c on c.oid = con.conrelid join pg_namespace n on n.oid = c.relnamespace
join pg_class rc on rc.oid = con.confrelid join pg_namespace rn on rn.oid = rc.relnamespace
where con.contype = 'f' and n.nspname = $1 and rn.nspname = $1`;

const FUNCS_SQL = `
select p.proname as name, p.proretset as "returnsSet", format_type(p.prorettype, null) as "returnType",
  p.prorettype = 'void'::regtype as "returnsVoid", p.provolatile = 'v' as volatile,
  p.pronargs as nargs, p.pronargdefaults as ndefaults, p.prorows = 1 as "rowsOne",
  (select rc.relname from pg_type rt join pg_class rc on rc.oid = rt.typrelid
    where rt.oid = p.prorettype and rc.relnamespace = n.oid) as "returnsTable",
  (select coalesce(json_agg((select ac.relname from pg_type at join pg_class ac on ac.oid = at.typrelid
      where at.oid = t and ac.relnamespace = n.oid) order by ord), '[]')
    from unnest(p.proargtypes) with ordinality y(t, ord)) as argrels,
  coalesce(p.proargnames, '{}') as argnames, coalesce(p.proargmodes::text[], '{}') as argmodes,
  (select coalesce(json_agg(format_type(t, null) order by ord), '[]') from unnest(p.proargtypes) with ordinality x(t, ord)) as argtypes
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind = 'f'`;

interface RawTable {
  name: string;
  isView: boolean;
  columns: ColumnInfo[] | string;
  keys: { type: string; cols: string[] }[] | string;
}

const asJson = <T>(v: T | string): T => (typeof v === 'string' ? (JSON.parse(v) as T) : v);

export async function loadSchema(db: Queryable, schema = 'public'): Promise<SchemaCache> {
  const tables = new Map<string, TableInfo>();
  for (const t of (await db.query<RawTable>(TABLES_SQL, [schema])).rows) {
    const cols = asJson(t.columns);
    const keys = asJson(t.keys);
    tables.set(t.name, {
      schema,
      name: t.name,
      columns: new Map(cols.map((c) => [c.name, c])),
      pk: keys.find((k) => k.type === 'p')?.cols ?? [],
      uniques: keys.map((k) => k.cols),
      isView: t.isView,
    });
  }
  const fks = (
    await db.query<{
      name: string;
      table: string;
      refTable: string;
      columns: string[] | string;
      refColumns: string[] | string;
    }>(FKS_SQL, [schema])
  ).rows.map((r) => ({
    name: r.name,
    table: r.table,
    refTable: r.refTable,
    columns: asJson(r.columns),
    refColumns: asJson(r.refColumns),
  }));
  const functions = new Map<string, FunctionInfo[]>();
  const rows = (
    await db.query<{
      name: string;
      returnsSet: boolean;
      returnType: string;
      returnsVoid: boolean;
      volatile: boolean;
      nargs: number;
      ndefaults: number;
      argnames: string[] | string;
      argmodes: string[] | string;
      argtypes: string[] | string;
      argrels: (string | null)[] | string;
      returnsTable: string | null;
      rowsOne: boolean;
    }>(FUNCS_SQL, [schema])
  ).rows;
  for (const r of rows) {
    const names = parsePgArray(r.argnames);
    const modes = parsePgArray(r.argmodes);
    const types = asJson(r.argtypes);
    const rels = asJson(r.argrels);
    // input args are those with mode i/b/v (or all when modes are absent)
    const inputNames = modes.length
      ? names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'))
      : names;
    const args: FunctionArg[] = types.map((type, i) => {
      const a: FunctionArg = {
        name: inputNames[i] ?? '',
        type,
        hasDefault: i >= r.nargs - r.ndefaults,
      };
      const rel = rels[i];
      if (rel) a.rowTable = rel;
      return a;
    });
    const info: FunctionInfo = {
      name: r.name,
      args,
      returnsSet: r.returnsSet,
      returnType: r.returnType,
      returnsVoid: r.returnsVoid,
      volatile: r.volatile,
      schema,
      rowsOne: r.rowsOne,
    };
    if (r.returnsTable) info.returnsTable = r.returnsTable;
    const list = functions.get(r.name) ?? [];
    list.push(info);
    functions.set(r.name, list);
    // one argument of a table's row type and a scalar result: a computed column of that table
    const only = args.length === 1 ? args[0] : undefined;
    const owner = only?.rowTable ? tables.get(only.rowTable) : undefined;
    if (owner && !r.returnsSet && !r.returnsTable && !r.returnsVoid && !owner.columns.has(r.name)) {
      owner.computed ??= new Map();
      owner.computed.set(r.name, info);
    }
  }
  const viewCols = (
    await db.query<{ view: string; table: string; col: string }>(VIEW_COLS_SQL, [schema])
  ).rows;
  return {
    tables,
    fks: [...fks, ...viewForeignKeys(tables, fks, viewCols)],
    functions,
    loadedAt: Date.now(),
  };
}

/**
 * The foreign keys a view inherits: a view column that reads exactly one base-table column of
 * the same name stands for it, so a key whose columns a view exposes also joins the view
 * (view to table, table to view and view to view).
 */
export function viewForeignKeys(
  tables: Map<string, TableInfo>,
  fks: ForeignKey[],
  viewCols: { view: string; table: string; col: string }[],
): ForeignKey[] {
  // view -> base table -> columns it exposes under their own name
  const exposes = new Map<string, Map<string, Set<string>>>();
  const byViewCol = new Map<string, { table: string; col: string }[]>();
  for (const vc of viewCols) {
    const view = tables.get(vc.view);
    if (!view?.columns.has(vc.col)) continue;
    const key = `${vc.view}.${vc.col}`;
    byViewCol.set(key, [...(byViewCol.get(key) ?? []), vc]);
  }
  for (const [key, sources] of byViewCol) {
    if (sources.length !== 1) continue; // the name is read from two tables: no single source
    const { table, col } = sources[0] as { table: string; col: string };
    const view = key.slice(0, key.length - col.length - 1);
    const m = exposes.get(view) ?? new Map<string, Set<string>>();
    m.set(table, (m.get(table) ?? new Set()).add(col));
    exposes.set(view, m);
  }
  const standIns = (table: string, cols: string[]): string[] => [
    table,
    ...[...exposes]
      .filter(([, m]) => cols.every((c) => m.get(table)?.has(c)))
      .map(([view]) => view),
  ];
  const out: ForeignKey[] = [];
  for (const fk of fks)
    for (const from of standIns(fk.table, fk.columns))
      for (const to of standIns(fk.refTable, fk.refColumns))
        if (from !== fk.table || to !== fk.refTable)
          out.push({ ...fk, table: from, refTable: to, viaView: true });
  return out;
}

/** node-postgres parses text[] into arrays; PGlite too; accept the literal form anyway. */
function parsePgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

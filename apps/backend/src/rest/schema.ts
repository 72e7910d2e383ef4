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
}

export interface ForeignKey {
  name: string;
  table: string;
  columns: string[];
  refTable: string;
  refColumns: string[];
}

export interface FunctionArg {
  name: string;
  type: string;
  hasDefault: boolean;
}

export interface FunctionInfo {
  name: string;
  args: FunctionArg[];
  returnsSet: boolean;
  returnType: string;
  returnsVoid: boolean;
  volatile: boolean;
}

export interface SchemaCache {
  tables: Map<string, TableInfo>;
  fks: ForeignKey[];
  functions: Map<string, FunctionInfo[]>;
  loadedAt: number;
}

const TABLES_SQL = `
select c.relname as name,
  coalesce((select json_agg(json_build_object('name', a.attname, 'type', format_type(a.atttypid, a.atttypmod),
      'notNull', a.attnotnull, 'hasDefault', a.atthasdef or a.attidentity <> '' or a.attgenerated <> '') order by a.attnum)
    from pg_attribute a where a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped), '[]') as columns,
  coalesce((select json_agg(json_build_object('type', con.contype,
      'cols', (select json_agg(a.attname order by k.ord) from unnest(con.conkey) with ordinality k(attnum, ord)
               join pg_attribute a on a.attrelid = c.oid and a.attnum = k.attnum)))
    from pg_constraint con where con.conrelid = c.oid and con.contype in ('p', 'u')), '[]') as keys
from pg_class c join pg_namespace n on n.oid = c.relnamespace
where n.nspname = $1 and c.relkind in ('r', 'v', 'm', 'p', 'f')`;

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
  p.pronargs as nargs, p.pronargdefaults as ndefaults,
  coalesce(p.proargnames, '{}') as argnames, coalesce(p.proargmodes::text[], '{}') as argmodes,
  (select coalesce(json_agg(format_type(t, null) order by ord), '[]') from unnest(p.proargtypes) with ordinality x(t, ord)) as argtypes
from pg_proc p join pg_namespace n on n.oid = p.pronamespace
where n.nspname = $1 and p.prokind = 'f'`;

interface RawTable {
  name: string;
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
    }>(FUNCS_SQL, [schema])
  ).rows;
  for (const r of rows) {
    const names = parsePgArray(r.argnames);
    const modes = parsePgArray(r.argmodes);
    const types = asJson(r.argtypes);
    // input args are those with mode i/b/v (or all when modes are absent)
    const inputNames = modes.length
      ? names.filter((_, i) => ['i', 'b', 'v'].includes(modes[i] ?? 'i'))
      : names;
    const args: FunctionArg[] = types.map((type, i) => ({
      name: inputNames[i] ?? '',
      type,
      hasDefault: i >= r.nargs - r.ndefaults,
    }));
    const info: FunctionInfo = {
      name: r.name,
      args,
      returnsSet: r.returnsSet,
      returnType: r.returnType,
      returnsVoid: r.returnsVoid,
      volatile: r.volatile,
    };
    const list = functions.get(r.name) ?? [];
    list.push(info);
    functions.set(r.name, list);
  }
  return { tables, fks, functions, loadedAt: Date.now() };
}

/** node-postgres parses text[] into arrays; PGlite too; accept the literal form anyway. */
function parsePgArray(v: string[] | string): string[] {
  if (Array.isArray(v)) return v;
  const inner = v.replace(/^\{|\}$/g, '');
  if (!inner) return [];
  return inner.split(',').map((s) => s.replace(/^"|"$/g, ''));
}

#!/usr/bin/env node
/**
 * Writes libs/data/src/database.types.ts from the schema the migrations build,
 * in the shape `supabase gen types typescript` produces.
 *
 *   npm run gen:types                       write the file
 *   npm run gen:types -- --check            exit 1 when the checked-in file differs
 *   (or: node --import tsx tools/gen-types.mjs [--check])
 *
 * Opens a copy of the migrated database template (the backend's builder,
 * apps/backend/src/db/template.ts: the Supabase base objects and
 * supabase/migrations/*.sql, no seed), then reads the public schema from the
 * catalogs.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pgliteFromTemplate } from '../apps/backend/src/db/template.ts';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const outFile = path.join(root, 'libs/data/src/database.types.ts');
const schema = 'public';

const buildDb = () => pgliteFromTemplate({ seed: false });

const byName = (a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0);

async function introspect(db) {
  const q = async (sql, params = []) => (await db.query(sql, params)).rows;
  const enums = await q(
    `select t.typname as name, array_agg(e.enumlabel order by e.enumsortorder) as labels
     from pg_type t join pg_enum e on e.enumtypid = t.oid join pg_namespace n on n.oid = t.typnamespace
     where n.nspname = $1 group by t.typname order by t.typname`,
    [schema],
  );
  const relations = await q(
    `select c.oid, c.relname as name, c.relkind as kind from pg_class c
     join pg_namespace n on n.oid = c.relnamespace
     where n.nspname = $1 and c.relkind in ('r', 'p', 'v', 'm') order by c.relname`,
    [schema],
  );
  const columns = await q(
    `select a.attrelid as oid, a.attname as name, not a.attnotnull as nullable,
            a.atthasdef as has_default, a.attidentity <> '' as identity, a.attgenerated <> '' as generated,
            t.typname as type, t.typtype as typtype, tn.nspname as type_schema,
            et.typname as elem_type, et.typtype as elem_typtype
     from pg_attribute a
     join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
     join pg_type t on t.oid = a.atttypid join pg_namespace tn on tn.oid = t.typnamespace
     left join pg_type et on et.oid = t.typelem and t.typcategory = 'A'
     where n.nspname = $1 and a.attnum > 0 and not a.attisdropped and c.relkind in ('r', 'p', 'v', 'm')`,
    [schema],
  );
  const fks = await q(
    `select con.conname as name, con.conrelid as oid, src.relname as source,
            array(select a.attname from unnest(con.conkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.conrelid and a.attnum = k.n order by k.i) as columns,
            dst.relname as target,
            array(select a.attname from unnest(con.confkey) with ordinality k(n, i)
                  join pg_attribute a on a.attrelid = con.confrelid and a.attnum = k.n order by k.i) as target_columns,
            exists (select 1 from pg_constraint u where u.conrelid = con.conrelid and u.contype in ('p', 'u')
                    and (select array_agg(x order by x) from unnest(u.conkey) x) = (select array_agg(x order by x) from unnest(con.conkey) x)) as one_to_one
     from pg_constraint con
     join pg_class src on src.oid = con.conrelid join pg_namespace sn on sn.oid = src.relnamespace
     join pg_class dst on dst.oid = con.confrelid join pg_namespace dn on dn.oid = dst.relnamespace
     where con.contype = 'f' and sn.nspname = $1 and dn.nspname = $1`,
    [schema],
  );
  const functions = await q(
    `select p.proname as name, p.proretset as returns_set, rt.typname as return_type, rt.typtype as return_typtype,
            coalesce(p.proargnames, '{}') as arg_names,
            array(select t.typname from unnest(p.proargtypes) with ordinality a(oid, i) join pg_type t on t.oid = a.oid order by a.i) as arg_types,
            p.pronargdefaults as n_defaults
     from pg_proc p join pg_namespace n on n.oid = p.pronamespace join pg_type rt on rt.oid = p.prorettype
     where n.nspname = $1 and p.prokind = 'f' and rt.typname not in ('trigger', 'event_trigger')
     order by p.proname`,
    [schema],
  );
  return { enums, relations, columns, fks, functions };
}

const enumNames = new Set();

function tsType(typname, typtype, elem) {
  if (elem) return `${tsType(elem.typname, elem.typtype)}[]`;
  if (typtype === 'e' && enumNames.has(typname))
    return `Database["${schema}"]["Enums"]["${typname}"]`;
  switch (typname) {
    case 'bool':
      return 'boolean';
    case 'int2':
    case 'int4':
    case 'int8':
    case 'float4':
    case 'float8':
    case 'numeric':
    case 'oid':
      return 'number';
    case 'json':
    case 'jsonb':
      return 'Json';
    case 'void':
      return 'undefined';
    case 'record':
      return 'Record<string, unknown>';
    case 'text':
    case 'varchar':
    case 'bpchar':
    case 'char':
    case 'name':
    case 'citext':
    case 'uuid':
    case 'date':
    case 'time':
    case 'timetz':
    case 'timestamp':
    case 'timestamptz':
    case 'interval':
    case 'inet':
    case 'cidr':
    case 'macaddr':
    case 'bytea':
      return 'string';
    default:
      return 'unknown';
  }
}

function columnType(c) {
  return tsType(
    c.type,
    c.typtype,
    c.elem_type ? { typname: c.elem_type, typtype: c.elem_typtype } : undefined,
  );
}

const indent = (n) => ' '.repeat(n);

function render({ enums, relations, columns, fks, functions }) {
  for (const e of enums) enumNames.add(e.name);
  const tables = relations.filter((r) => r.kind === 'r' || r.kind === 'p');
  const views = relations.filter((r) => r.kind === 'v' || r.kind === 'm');
  const colsOf = (oid) => columns.filter((c) => c.oid === oid).sort(byName);
  const out = [];
  const never = (pad) => [`${indent(pad)}[_ in never]: never`];

  const relBlock = (r, pad, withWrite) => {
    const lines = [`${indent(pad)}${r.name}: {`, `${indent(pad + 2)}Row: {`];
    for (const c of colsOf(r.oid))
      lines.push(`${indent(pad + 4)}${c.name}: ${columnType(c)}${c.nullable ? ' | null' : ''}`);
    lines.push(`${indent(pad + 2)}}`);
    if (withWrite) {
      lines.push(`${indent(pad + 2)}Insert: {`);
      for (const c of colsOf(r.oid)) {
        if (c.generated) lines.push(`${indent(pad + 4)}${c.name}?: never`);
        else {
          const optional = c.nullable || c.has_default || c.identity;
          lines.push(
            `${indent(pad + 4)}${c.name}${optional ? '?' : ''}: ${columnType(c)}${c.nullable ? ' | null' : ''}`,
          );
        }
      }
      lines.push(`${indent(pad + 2)}}`, `${indent(pad + 2)}Update: {`);
      for (const c of colsOf(r.oid)) {
        if (c.generated) lines.push(`${indent(pad + 4)}${c.name}?: never`);
        else
          lines.push(
            `${indent(pad + 4)}${c.name}?: ${columnType(c)}${c.nullable ? ' | null' : ''}`,
          );
      }
      lines.push(`${indent(pad + 2)}}`);
    }
    const rels = fks.filter((f) => f.oid === r.oid).sort(byName);
    if (rels.length === 0) lines.push(`${indent(pad + 2)}Relationships: []`);
    else {
      lines.push(`${indent(pad + 2)}Relationships: [`);
      for (const f of rels) {
        lines.push(
          `${indent(pad + 4)}{`,
          `${indent(pad + 6)}foreignKeyName: "${f.name}"`,
          `${indent(pad + 6)}columns: [${f.columns.map((c) => `"${c}"`).join(', ')}]`,
          `${indent(pad + 6)}isOneToOne: ${f.one_to_one}`,
          `${indent(pad + 6)}referencedRelation: "${f.target}"`,
          `${indent(pad + 6)}referencedColumns: [${f.target_columns.map((c) => `"${c}"`).join(', ')}]`,
          `${indent(pad + 4)}},`,
        );
      }
      lines.push(`${indent(pad + 2)}]`);
    }
    lines.push(`${indent(pad)}}`);
    return lines;
  };

  out.push(
    'export type Json =',
    '  | string',
    '  | number',
    '  | boolean',
    '  | null',
    '  | { [key: string]: Json | undefined }',
    '  | Json[]',
    '',
    'export type Database = {',
    '  // Allows to automatically instantiate createClient with right options',
    "  // instead of createClient<Database, { PostgrestVersion: 'XX' }>(URL, KEY)",
    '  __InternalSupabase: {',
    '    PostgrestVersion: "12"',
    '  }',
    `  ${schema}: {`,
    '    Tables: {',
  );
  if (tables.length === 0) out.push(...never(6));
  for (const t of tables) out.push(...relBlock(t, 6, true));
  out.push('    }', '    Views: {');
  if (views.length === 0) out.push(...never(6));
  for (const v of views) out.push(...relBlock(v, 6, false));
  out.push('    }', '    Functions: {');
  if (functions.length === 0) out.push(...never(6));
  for (const f of [...functions].sort(byName)) {
    const args = f.arg_names
      .slice(0, f.arg_types.length)
      .map((name, i) => ({
        name,
        type: tsType(f.arg_types[i]),
        optional: i >= f.arg_types.length - f.n_defaults,
      }))
      .sort(byName);
    const ret = tsType(f.return_type, f.return_typtype);
    out.push(`      ${f.name}: {`);
    if (args.length === 0) out.push('        Args: never');
    else {
      out.push(
        `        Args: { ${args.map((a) => `${a.name}${a.optional ? '?' : ''}: ${a.type}`).join('; ')} }`,
      );
    }
    out.push(`        Returns: ${f.returns_set ? `${ret}[]` : ret}`, '      }');
  }
  out.push('    }', '    Enums: {');
  if (enums.length === 0) out.push(...never(6));
  for (const e of enums) out.push(`      ${e.name}: ${e.labels.map((l) => `"${l}"`).join(' | ')}`);
  out.push('    }', '    CompositeTypes: {', ...never(6), '    }', '  }', '}', '');

  out.push(HELPERS);
  out.push('export const Constants = {', `  ${schema}: {`, '    Enums: {');
  for (const e of enums)
    out.push(`      ${e.name}: [${e.labels.map((l) => `"${l}"`).join(', ')}],`);
  out.push('    },', '  },', '} as const', '');
  return out.join('\n');
}

/**
 * `TablesInsert` / `TablesUpdate`: a table's Insert or Update type, by name or
 * by { schema } and name, as `supabase gen types` writes them.
 */
function tableMemberHelper(name, member, letter) {
  const options = 'DefaultSchemaTableNameOrOptions';
  const ofSchema = `DatabaseWithoutInternals[${options}["schema"]]["Tables"]`;
  return `export type ${name}<
  ${options} extends
    | keyof DefaultSchema["Tables"]
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends ${options} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof ${ofSchema}
    : never = never,
> = ${options} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? ${ofSchema}[TableName] extends {
      ${member}: infer ${letter}
    }
    ? ${letter}
    : never
  : ${options} extends keyof DefaultSchema["Tables"]
    ? DefaultSchema["Tables"][${options}] extends {
        ${member}: infer ${letter}
      }
      ? ${letter}
      : never
    : never
`;
}

/** `Enums` / `CompositeTypes`: a type of the schema, by name or by { schema } and name. */
function schemaTypeHelper(key, options, typeName) {
  const ofSchema = `DatabaseWithoutInternals[${options}["schema"]]["${key}"]`;
  return `export type ${key}<
  ${options} extends
    | keyof DefaultSchema["${key}"]
    | { schema: keyof DatabaseWithoutInternals },
  ${typeName} extends ${options} extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof ${ofSchema}
    : never = never,
> = ${options} extends {
  schema: keyof DatabaseWithoutInternals
}
  ? ${ofSchema}[${typeName}]
  : ${options} extends keyof DefaultSchema["${key}"]
    ? DefaultSchema["${key}"][${options}]
    : never
`;
}

/**
 * The generic helpers `supabase gen types typescript` appends after the schema
 * types; the file repeats them so it has the CLI's shape.
 */
const HELPERS = [
  `type DatabaseWithoutInternals = Omit<Database, "__InternalSupabase">

type DefaultSchema = DatabaseWithoutInternals[Extract<keyof Database, "${schema}">]

export type Tables<
  DefaultSchemaTableNameOrOptions extends
    | keyof (DefaultSchema["Tables"] & DefaultSchema["Views"])
    | { schema: keyof DatabaseWithoutInternals },
  TableName extends DefaultSchemaTableNameOrOptions extends {
    schema: keyof DatabaseWithoutInternals
  }
    ? keyof (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
        DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])
    : never = never,
> = DefaultSchemaTableNameOrOptions extends {
  schema: keyof DatabaseWithoutInternals
}
  ? (DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Tables"] &
      DatabaseWithoutInternals[DefaultSchemaTableNameOrOptions["schema"]]["Views"])[TableName] extends {
      Row: infer R
    }
    ? R
    : never
  : DefaultSchemaTableNameOrOptions extends keyof (DefaultSchema["Tables"] &
        DefaultSchema["Views"])
    ? (DefaultSchema["Tables"] &
        DefaultSchema["Views"])[DefaultSchemaTableNameOrOptions] extends {
        Row: infer R
      }
      ? R
      : never
    : never
`,
  tableMemberHelper('TablesInsert', 'Insert', 'I'),
  tableMemberHelper('TablesUpdate', 'Update', 'U'),
  schemaTypeHelper('Enums', 'DefaultSchemaEnumNameOrOptions', 'EnumName'),
  schemaTypeHelper('CompositeTypes', 'PublicCompositeTypeNameOrOptions', 'CompositeTypeName'),
].join('\n');

/**
 * The generated file's text for a database the migrations were applied to
 * (a PGlite instance or anything with the same `query` method).
 * @param {{ query: (sql: string, params?: unknown[]) => Promise<{ rows: any[] }> }} db
 * @returns {Promise<string>}
 */
export async function typesFromDb(db) {
  enumNames.clear();
  return render(await introspect(db));
}

/**
 * Opens a migrated database (a copy of the template) and returns the generated file's text.
 * @returns {Promise<string>}
 */
export async function generateTypes() {
  const db = await buildDb();
  try {
    return await typesFromDb(db);
  } finally {
    await db.close();
  }
}

export const typesFile = outFile;

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const text = await generateTypes();
  if (process.argv.includes('--check')) {
    const current = existsSync(outFile) ? readFileSync(outFile, 'utf8') : '';
    if (current !== text) {
      console.error(
        `${path.relative(root, outFile)} is out of date with supabase/migrations. Run: npm run gen:types`,
      );
      process.exit(1);
    }
    console.log(`${path.relative(root, outFile)} is up to date.`);
  } else {
    writeFileSync(outFile, text);
    console.log(`wrote ${path.relative(root, outFile)}`);
  }
}

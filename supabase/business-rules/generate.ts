/**
 * One source per business number: the database. The app's copy,
 * libs/data/src/business-rules.ts, is generated from a migrated database:
 * the numbers from public.business_rules() (the functions every constraint,
 * policy and trigger calls) and the longest text of each column from its
 * CHECK constraints. After a migration changes one of them:
 *
 *   node --import tsx supabase/business-rules/generate.ts
 *
 * supabase/tests/business-rules.test.ts fails when the file drifts from the
 * database.
 */
import { writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDb, repoRoot } from '../tests/support/db';

/** Anything with PGlite's (and node-postgres's) `query`. */
interface Queryable {
  query<T>(sql: string, params?: unknown[]): Promise<{ rows: T[] }>;
}

export interface BusinessRules {
  rules: Record<string, string | number>;
  textLimits: Record<string, Record<string, number>>;
}

export const clientFile = path.join(repoRoot, 'libs/data/src/business-rules.ts');

/** `length(col) <= n` and `length(btrim(col)) <= n` (also as the upper end of a BETWEEN). */
const LENGTH_LIMIT = /length\((?:btrim\()?([a-z_][a-z0-9_]*)\)?\) <= (\d+)/g;

export async function rulesFromDb(db: Queryable): Promise<BusinessRules> {
  const [row] = (
    await db.query<{ rules: Record<string, string | number> }>(
      'select public.business_rules() as rules',
    )
  ).rows;
  if (!row) throw new Error('public.business_rules() returned nothing');
  const checks = (
    await db.query<{ tbl: string; def: string }>(
      `select c.relname as tbl, pg_get_constraintdef(con.oid) as def
       from pg_constraint con
       join pg_class c on c.oid = con.conrelid
       join pg_namespace n on n.oid = c.relnamespace
       where n.nspname = 'public' and con.contype = 'c' and c.relkind = 'r'`,
    )
  ).rows;
  const textLimits: Record<string, Record<string, number>> = {};
  for (const { tbl, def } of checks) {
    for (const [, column, max] of def.matchAll(LENGTH_LIMIT)) {
      const table = (textLimits[tbl] ??= {});
      const n = Number(max);
      table[column as string] = Math.min(table[column as string] ?? n, n);
    }
  }
  return { rules: row.rules, textLimits };
}

const sorted = <T>(record: Record<string, T>): [string, T][] =>
  Object.entries(record).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));

const literal = (value: string | number) =>
  typeof value === 'number' ? String(value) : `'${value.replace(/['\\]/g, '\\$&')}'`;

export function clientModule({ rules, textLimits }: BusinessRules): string {
  const ruleLines = sorted(rules).map(([key, value]) => `  ${key}: ${literal(value)},`);
  const limitLines = sorted(textLimits).flatMap(([table, columns]) => [
    `  ${table}: {`,
    ...sorted(columns).map(([column, max]) => `    ${column}: ${max},`),
    '  },',
  ]);
  return `// Generated from the database by supabase/business-rules/generate.ts: change a
// rule in a new migration and run \`node --import tsx supabase/business-rules/generate.ts\`;
// never edit this file. supabase/tests/business-rules.test.ts fails when it drifts.

/** The business numbers the database enforces, as public.business_rules() returns them. */
export const BUSINESS_RULES = {
${ruleLines.join('\n')}
} as const;

/** The longest text each column takes, by table, from its CHECK constraints. */
export const TEXT_LIMITS = {
${limitLines.join('\n')}
} as const;
`;
}

const isMain = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (isMain) {
  const db = await createDb();
  try {
    writeFileSync(clientFile, clientModule(await rulesFromDb(db)));
    console.log(`wrote ${path.relative(repoRoot, clientFile)}`);
  } finally {
    await db.close();
  }
}

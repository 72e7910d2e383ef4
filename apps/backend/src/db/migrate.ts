import { readFile, readdir } from 'node:fs/promises';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Db } from './types.js';

const here = path.dirname(fileURLToPath(import.meta.url));

/** Creates the Supabase baseline (roles, auth, storage, extensions). Idempotent. */
export async function bootstrap(db: Db): Promise<void> {
  const sql = await readFile(path.join(here, 'bootstrap.sql'), 'utf8');
  await db.exec(sql);
}

export interface MigrateResult {
  applied: string[];
  seeded: boolean;
}

/** Splits "20240101120000_name.sql" into version and name as the Supabase CLI does. */
export function parseMigrationFile(file: string): { version: string; name: string } {
  const base = file.replace(/\.sql$/, '');
  const m = /^([0-9]+)_?(.*)$/.exec(base);
  return m ? { version: m[1] ?? base, name: m[2] ?? '' } : { version: base, name: base };
}

/**
 * Applies supabase/migrations/*.sql in filename order, each in its own transaction,
 * recording them in supabase_migrations.schema_migrations, then loads seed.sql when the
 * database had no migrations recorded before (a fresh database).
 */
export async function migrate(
  db: Db,
  supabaseDir: string,
  opts: { seed?: boolean; log?: (msg: string) => void } = {},
): Promise<MigrateResult> {
  const log = opts.log ?? (() => undefined);
  const dir = path.join(supabaseDir, 'migrations');
  const files = existsSync(dir)
    ? (await readdir(dir)).filter((f) => f.endsWith('.sql')).sort()
    : [];
  const { rows } = await db.query<{ version: string }>(
    'select version from supabase_migrations.schema_migrations',
  );
  const fresh = rows.length === 0;
  const done = new Set(rows.map((r) => r.version));
  const applied: string[] = [];
  for (const file of files) {
    const { version, name } = parseMigrationFile(file);
    if (done.has(version)) continue;
    const sql = await readFile(path.join(dir, file), 'utf8');
    log(`applying migration ${file}`);
    try {
      await db.transaction(async (tx) => {
        await tx.exec(sql);
        await tx.query(
          'insert into supabase_migrations.schema_migrations (version, name, statements) values ($1, $2, $3)',
          [version, name, [sql]],
        );
      });
    } catch (e) {
      throw new Error(`migration ${file} failed: ${(e as Error).message}`, { cause: e });
    }
    applied.push(file);
  }
  let seeded = false;
  const seedFile = path.join(supabaseDir, 'seed.sql');
  const seededBefore = await db.query('select 1 from supabase_migrations.seed_files limit 1');
  if (fresh && seededBefore.rows.length === 0 && opts.seed !== false && existsSync(seedFile)) {
    const sql = await readFile(seedFile, 'utf8');
    if (sql.trim()) {
      log('loading seed.sql');
      try {
        await db.transaction(async (tx) => {
          await tx.exec(sql);
          await tx.query(
            "insert into supabase_migrations.seed_files (path, hash) values ('supabase/seed.sql', md5($1))",
            [sql],
          );
        });
      } catch (e) {
        throw new Error(`seed.sql failed: ${(e as Error).message}`, { cause: e });
      }
      seeded = true;
    }
  }
  return { applied, seeded };
}

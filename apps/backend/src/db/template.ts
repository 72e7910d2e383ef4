/**
 * Migrated database templates: the Supabase baseline, every migration and (optionally) the
 * seed, applied once and then copied for each database a test, bench or tool needs, instead of
 * migrating every new database from scratch (about 7 s each on PGlite).
 *
 *  - PGlite: a data folder, built once and copied (a copy reopens in about 0.3 s).
 *  - PostgreSQL: a template database on the server, copied with `CREATE DATABASE ... TEMPLATE`.
 *
 * A template is named by a hash of what it was built from (bootstrap.sql, the migrations,
 * seed.sql, the PGlite version) and by the run it belongs to. The seed writes dates relative to
 * the time it runs (tonight's requests, the next Friday), so a seeded template is only reused
 * within one run: `BISTRO_TEST_RUN` names the run (tools/test.mjs sets it for the whole
 * `npm test`; the vitest global setup sets one per vitest invocation otherwise). Several
 * processes asking for the same template at once build it once: the builder works in a folder
 * of its own and renames it into place; on PostgreSQL an advisory lock makes them take turns.
 */
import { createHash } from 'node:crypto';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  readdirSync,
  renameSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';
import { pgcrypto } from '@electric-sql/pglite/contrib/pgcrypto';
import { bootstrap, migrate } from './migrate.js';
import type { Db, Queryable } from './types.js';
import { DEFAULT_STATEMENT_TIMEOUTS } from './options.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const DEFAULT_SUPABASE_DIR = path.resolve(here, '../../../../supabase');
/** Where PGlite templates are kept (one folder per run and hash). */
export const TEMPLATE_ROOT = path.join(tmpdir(), 'bistro-db-templates');
/** Templates of earlier runs older than this are removed when a new one is built. */
const KEEP_MS = 6 * 60 * 60_000;

export interface TemplateOptions {
  /** Folder with migrations/ and seed.sql (default: the repository's supabase/). */
  supabaseDir?: string;
  /** Load seed.sql after the migrations (default true). */
  seed?: boolean;
  /** The run the template belongs to (default: BISTRO_TEST_RUN, else this process). */
  run?: string;
  log?: (msg: string) => void;
}

/** The run a seeded template may be reused in (see the module comment). */
export function currentRun(): string {
  return process.env['BISTRO_TEST_RUN'] ?? `pid${process.pid}`;
}

/** The installed PGlite's version (its data folders are not portable across versions). */
function pgliteVersion(): string {
  const require = createRequire(import.meta.url);
  let dir = path.dirname(require.resolve('@electric-sql/pglite'));
  while (!existsSync(path.join(dir, 'package.json'))) dir = path.dirname(dir);
  return (JSON.parse(readFileSync(path.join(dir, 'package.json'), 'utf8')) as { version: string })
    .version;
}

/** Hash of everything a template is built from, for its name. */
export function templateHash(supabaseDir: string, seed: boolean): string {
  const h = createHash('sha256');
  h.update(`pglite ${pgliteVersion()}\n`);
  h.update(readFileSync(path.join(here, 'bootstrap.sql')));
  const dir = path.join(supabaseDir, 'migrations');
  const files = existsSync(dir) ? readdirSync(dir).filter((f) => f.endsWith('.sql')) : [];
  for (const f of files.sort()) {
    h.update(`\0${f}\0`);
    h.update(readFileSync(path.join(dir, f)));
  }
  const seedFile = path.join(supabaseDir, 'seed.sql');
  if (seed && existsSync(seedFile)) {
    h.update('\0seed.sql\0');
    h.update(readFileSync(seedFile));
  }
  return h.digest('hex').slice(0, 16);
}

function templateName(opts: TemplateOptions): { name: string; supabaseDir: string; seed: boolean } {
  const supabaseDir = path.resolve(opts.supabaseDir ?? DEFAULT_SUPABASE_DIR);
  const seed = opts.seed ?? true;
  // an unseeded template holds no dates: it may serve every run
  const run = seed ? (opts.run ?? currentRun()).replace(/[^A-Za-z0-9_-]/g, '_') : 'any';
  return {
    name: `${run}-${templateHash(supabaseDir, seed)}-${seed ? 'seed' : 'bare'}`,
    supabaseDir,
    seed,
  };
}

/** The Db facade over an in-process PGlite that migrate() needs (one connection, no timeouts). */
export function pgliteAsDb(pgl: PGlite): Db {
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<R>(sql: string, params: unknown[] = []) {
      const r = await q.query<R>(sql, params);
      return { rows: r.rows, affectedRows: r.affectedRows ?? 0 };
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    kind: 'pglite',
    statementTimeouts: DEFAULT_STATEMENT_TIMEOUTS,
    ...wrap(pgl),
    transaction: (fn) => pgl.transaction((tx) => fn(wrap(tx))),
    close: () => pgl.close(),
  };
}

function sweepOld(except: string): void {
  if (!existsSync(TEMPLATE_ROOT)) return;
  const now = Date.now();
  for (const name of readdirSync(TEMPLATE_ROOT)) {
    if (name === except) continue;
    const p = path.join(TEMPLATE_ROOT, name);
    try {
      if (now - statSync(p).mtimeMs > KEEP_MS) rmSync(p, { recursive: true, force: true });
    } catch {
      // removed by another process meanwhile
    }
  }
}

/**
 * The folder of a migrated (and seeded) PGlite database for this run, built when missing.
 * Never open it directly: copy it with copyPgliteTemplate().
 */
export async function pgliteTemplate(opts: TemplateOptions = {}): Promise<string> {
  const { name, supabaseDir, seed } = templateName(opts);
  const folder = path.join(TEMPLATE_ROOT, name);
  if (existsSync(path.join(folder, 'PG_VERSION'))) return folder;
  mkdirSync(TEMPLATE_ROOT, { recursive: true });
  sweepOld(name);
  const staging = `${folder}.build-${process.pid}-${Date.now()}`;
  const started = Date.now();
  const pgl = await PGlite.create({ fs: new NodeFS(staging), extensions: { pgcrypto } });
  try {
    const db = pgliteAsDb(pgl);
    await bootstrap(db);
    await migrate(db, supabaseDir, { seed, log: opts.log });
    await pgl.exec('checkpoint');
  } finally {
    await pgl.close();
  }
  writeFileSync(
    path.join(staging, 'bistro-template.json'),
    JSON.stringify({ name, builtAt: new Date().toISOString(), ms: Date.now() - started }),
  );
  try {
    renameSync(staging, folder);
  } catch (e) {
    // another process finished the same template first: use theirs
    rmSync(staging, { recursive: true, force: true });
    if (!existsSync(path.join(folder, 'PG_VERSION'))) throw e;
  }
  opts.log?.(`built database template ${name} in ${Date.now() - started} ms`);
  return folder;
}

/** Copies a PGlite template into `dest` (which must not exist yet), ready to be opened. */
export function copyPgliteTemplate(template: string, dest: string): void {
  cpSync(template, dest, { recursive: true, errorOnExist: true, force: false });
}

/** A PostgreSQL identifier for a template database of this run. */
function postgresTemplateName(opts: TemplateOptions): {
  db: string;
  supabaseDir: string;
  seed: boolean;
} {
  const { name, supabaseDir, seed } = templateName(opts);
  return {
    db: `bistro_tpl_${name.replace(/[^a-z0-9_]/gi, '_').toLowerCase()}`.slice(0, 63),
    supabaseDir,
    seed,
  };
}

function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

/**
 * The name of a migrated (and seeded) template database on the server of `adminUrl`, created
 * when missing. Copy it with `create database <name> template <template>`.
 */
export async function postgresTemplate(
  adminUrl: string,
  opts: TemplateOptions = {},
): Promise<string> {
  const { db: name, supabaseDir, seed } = postgresTemplateName(opts);
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    // processes asking at once take turns; the first builds, the others find it made
    await admin.query('select pg_advisory_lock(hashtext($1))', [name]);
    const { rows } = await admin.query<{ ok: boolean }>(
      `select datistemplate as ok from pg_database where datname = $1`,
      [name],
    );
    if (rows[0]?.ok) return name;
    if (rows.length) await admin.query(`drop database ${name} with (force)`); // a failed build
    const started = Date.now();
    await admin.query(`create database ${name}`);
    const { openPostgres } = await import('./postgres.js');
    const db = await openPostgres(withDatabase(adminUrl, name));
    try {
      await bootstrap(db);
      await migrate(db, supabaseDir, { seed, log: opts.log });
    } finally {
      await db.close();
    }
    // marked as a template only once complete: a half-built one is never copied
    await admin.query(`alter database ${name} with is_template true`);
    opts.log?.(`built database template ${name} in ${Date.now() - started} ms`);
    return name;
  } finally {
    await admin.query('select pg_advisory_unlock(hashtext($1))', [name]).catch(() => undefined);
    await admin.end();
  }
}

/**
 * An in-process PGlite on a throwaway copy of this run's template (for SQL-level tests, the
 * type generator, benches). The copy is deleted when the database is closed or the process
 * exits.
 */
export async function pgliteFromTemplate(opts: TemplateOptions = {}): Promise<PGlite> {
  const template = await pgliteTemplate(opts);
  const dir = mkdtempSync(path.join(tmpdir(), 'bistro-pglite-copy-'));
  const remove = () => rmSync(dir, { recursive: true, force: true });
  process.once('exit', remove);
  const folder = path.join(dir, 'db');
  copyPgliteTemplate(template, folder);
  const pgl = await PGlite.create({ fs: new NodeFS(folder), extensions: { pgcrypto } });
  const close = pgl.close.bind(pgl);
  pgl.close = async () => {
    try {
      await close();
    } finally {
      process.removeListener('exit', remove);
      remove();
    }
  };
  return pgl;
}

/**
 * Makes a new backend data folder start from this run's template: copies it to
 * `<dataDir>/pglite` unless a database is there already (benches, the e2e and soak backends).
 */
export async function dataDirFromTemplate(
  dataDir: string,
  opts: TemplateOptions = {},
): Promise<void> {
  const folder = path.join(dataDir, 'pglite');
  if (existsSync(folder)) return;
  mkdirSync(dataDir, { recursive: true });
  copyPgliteTemplate(await pgliteTemplate(opts), folder);
}

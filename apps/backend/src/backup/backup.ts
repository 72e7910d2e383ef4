/**
 * Backups of the whole venue: the database's rows, read in one snapshot, and the stored files
 * those rows name, from whichever storage driver holds them. A backup is a folder
 * `venue-<time>` holding `manifest.json` (row counts, each file's size and SHA-256, the
 * migrations the rows fit), `database.jsonl.gz` (one JSON line per row, gzip) and `files/`.
 * The format is the same for PGlite and PostgreSQL: a backup of one restores into the other.
 *
 * Restoring migrates the empty target to the backup's migrations, then writes every row with
 * triggers and foreign-key checks off (session_replication_role = replica) in one transaction,
 * sets each identity sequence past its highest value and puts the files back.
 */
import { createCipheriv, createDecipheriv, createHash, randomBytes, scryptSync } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { copyFile, mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { createInterface } from 'node:readline';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip, createGzip } from 'node:zlib';
import type { Db, Queryable } from '../db/types.js';
import type { BlobStore } from '../storage/blobs.js';
import { readAll } from '../storage/blobs.js';

/** The schemas whose tables a backup holds (realtime's messages are transient). */
export const BACKUP_SCHEMAS = [
  'auth',
  'public',
  'storage',
  'private',
  'backend',
  'supabase_migrations',
] as const;

export const BACKUP_FORMAT = 1;

export interface BackupFile {
  bucket: string;
  name: string;
  size: number;
  sha256: string;
}

export interface Manifest {
  format: number;
  createdAt: string;
  /** When the snapshot was taken: every row committed before is in the backup. */
  snapshotAt: string;
  source: 'pglite' | 'postgres';
  migrations: string[];
  /** schema.table -> rows */
  tables: Record<string, number>;
  files: BackupFile[];
  /** Bytes of database.jsonl.gz and of files/. */
  bytes: { database: number; files: number };
  /**
   * Set when database.jsonl.gz and every file under files/ are encrypted (BACKUP_KEY): each is
   * a 12-byte IV, the AES-256-GCM ciphertext and its 16-byte tag, with the key derived from
   * BACKUP_KEY by scrypt with this salt. Checksums and sizes are of the plain bytes.
   */
  encryption?: { cipher: 'aes-256-gcm'; kdf: 'scrypt'; salt: string };
}

/** The 32-byte key of a backup from the BACKUP_KEY passphrase and the backup's salt. */
const deriveKey = (secret: string, salt: string) =>
  scryptSync(secret, Buffer.from(salt, 'hex'), 32, { N: 1 << 15, r: 8, p: 1, maxmem: 64 << 20 });

function encrypt(key: Buffer, plain: Uint8Array): Buffer {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', key, iv);
  const body = Buffer.concat([c.update(plain), c.final()]);
  return Buffer.concat([iv, body, c.getAuthTag()]);
}

function decrypt(key: Buffer, sealed: Buffer, what: string): Buffer {
  const d = createDecipheriv('aes-256-gcm', key, sealed.subarray(0, 12));
  d.setAuthTag(sealed.subarray(sealed.length - 16));
  try {
    return Buffer.concat([d.update(sealed.subarray(12, sealed.length - 16)), d.final()]);
  } catch {
    throw new Error(`${what}: cannot decrypt (a wrong BACKUP_KEY, or the file was changed)`);
  }
}

/** The key to read a backup's bytes with: null when it is not encrypted. */
function readKey(manifest: Manifest, secret: string | undefined, backup: string): Buffer | null {
  if (!manifest.encryption) return null;
  if (!secret) throw new Error(`${backup} is encrypted: set BACKUP_KEY`);
  return deriveKey(secret, manifest.encryption.salt);
}

interface TableInfo {
  name: string;
  /** Columns written back (generated columns are computed again). */
  columns: string[];
  /** Identity or serial columns whose sequence is set after a restore. */
  sequenced: string[];
}

const quoteIdent = (s: string) => `"${s.replace(/"/g, '""')}"`;
const qualified = (t: string) =>
  t
    .split('.')
    .map((p) => quoteIdent(p))
    .join('.');

/** The tables of BACKUP_SCHEMAS in an order that does not matter (restore turns checks off). */
export async function backupTables(db: Queryable): Promise<TableInfo[]> {
  const { rows } = await db.query<{
    t: string;
    c: string;
    generated: boolean;
    sequenced: boolean;
  }>(
    `select n.nspname || '.' || c.relname as t, a.attname as c, a.attgenerated <> '' as generated,
            (a.attidentity <> '' or pg_get_serial_sequence(quote_ident(n.nspname) || '.' || quote_ident(c.relname), a.attname) is not null) as sequenced
     from pg_class c join pg_namespace n on n.oid = c.relnamespace
     join pg_attribute a on a.attrelid = c.oid and a.attnum > 0 and not a.attisdropped
     where c.relkind in ('r', 'p') and n.nspname = any ($1::text[])
     order by 1, a.attnum`,
    [BACKUP_SCHEMAS],
  );
  const tables = new Map<string, TableInfo>();
  for (const r of rows) {
    const t = tables.get(r.t) ?? { name: r.t, columns: [], sequenced: [] };
    if (!r.generated) t.columns.push(r.c);
    if (r.sequenced) t.sequenced.push(r.c);
    tables.set(r.t, t);
  }
  return [...tables.values()];
}

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

export interface BackupOptions {
  db: Db;
  blobs: BlobStore;
  /** The folder the backup folder is created in. */
  dir: string;
  /** Names the folder (default: now). */
  now?: Date;
  /** Rows read per query. */
  batch?: number;
  /** Encrypts the backup with a key derived from this passphrase (BACKUP_KEY). */
  secret?: string;
}

/** Writes one backup; answers its folder and manifest. */
export async function createBackup(
  opts: BackupOptions,
): Promise<{ path: string; manifest: Manifest }> {
  const now = opts.now ?? new Date();
  const name = `venue-${now.toISOString().replace(/[:.]/g, '-')}`;
  const target = path.join(opts.dir, name);
  const partial = `${target}.partial`;
  await rm(partial, { recursive: true, force: true });
  await mkdir(path.join(partial, 'files'), { recursive: true });
  const batch = opts.batch ?? 2000;

  const gzip = createGzip({ level: 6 });
  const out = createWriteStream(path.join(partial, 'database.jsonl.gz'));
  const written = pipeline(gzip, out);
  const write = (line: string) =>
    new Promise<void>((resolve, reject) =>
      gzip.write(line + '\n', (e) => (e ? reject(e) : resolve())),
    );

  const tables: Record<string, number> = {};
  const objects: { bucket: string; name: string }[] = [];
  let snapshotAt = '';
  let migrations: string[] = [];
  // One repeatable-read transaction: every table is read as of the same instant.
  await opts.db.transaction(
    async (tx) => {
      snapshotAt = (await tx.query<{ at: string }>(`select now()::text as at`)).rows[0]!.at;
      migrations = (
        await tx.query<{ version: string }>(
          `select version from supabase_migrations.schema_migrations order by version`,
        )
      ).rows.map((r) => r.version);
      for (const table of await backupTables(tx)) {
        let count = 0;
        // Keyset paging by ctid is not stable across versions; offset paging inside one
        // snapshot is exact, and each page is ordered by the table's physical order.
        for (let offset = 0; ; offset += batch) {
          const { rows } = await tx.query<{ r: Record<string, unknown> }>(
            `select to_jsonb(t) as r from ${qualified(table.name)} as t offset ${offset} limit ${batch}`,
          );
          for (const { r } of rows) {
            await write(JSON.stringify({ t: table.name, r }));
            if (table.name === 'storage.objects' && r['bucket_id'] && r['name'])
              objects.push({ bucket: String(r['bucket_id']), name: String(r['name']) });
          }
          count += rows.length;
          if (rows.length < batch) break;
        }
        tables[table.name] = count;
      }
    },
    'set transaction isolation level repeatable read, read only; set local statement_timeout = 0',
    undefined,
    0,
  );
  gzip.end();
  await written;

  const encryption = opts.secret
    ? {
        cipher: 'aes-256-gcm' as const,
        kdf: 'scrypt' as const,
        salt: randomBytes(16).toString('hex'),
      }
    : undefined;
  const sealKey = encryption && opts.secret ? deriveKey(opts.secret, encryption.salt) : null;
  const databaseFile = path.join(partial, 'database.jsonl.gz');
  const databaseBytes = (await stat(databaseFile)).size;
  if (sealKey) await writeFile(databaseFile, encrypt(sealKey, await readFile(databaseFile)));

  const files: BackupFile[] = [];
  let fileBytes = 0;
  for (const key of objects) {
    const blob = await opts.blobs.get(key);
    // A row whose bytes were never stored (an upload that failed) has nothing to keep.
    if (!blob) continue;
    const bytes = await readAll(blob.body);
    const file = path.join(partial, 'files', key.bucket, key.name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, sealKey ? encrypt(sealKey, bytes) : bytes);
    files.push({ ...key, size: bytes.byteLength, sha256: sha256(bytes) });
    fileBytes += bytes.byteLength;
  }

  const manifest: Manifest = {
    format: BACKUP_FORMAT,
    createdAt: now.toISOString(),
    snapshotAt,
    source: opts.db.kind,
    migrations,
    tables,
    files,
    bytes: { database: databaseBytes, files: fileBytes },
    ...(encryption ? { encryption } : {}),
  };
  await writeFile(path.join(partial, 'manifest.json'), JSON.stringify(manifest, null, 2) + '\n');
  await rename(partial, target);
  return { path: target, manifest };
}

/** Removes all but the newest `keep` backups in dir (folders named venue-<time>). */
export async function pruneBackups(dir: string, keep: number): Promise<string[]> {
  const names = (await readdir(dir).catch(() => [] as string[]))
    .filter((n) => /^venue-[0-9TZ-]+$/.test(n))
    .sort();
  const gone = names.slice(0, Math.max(0, names.length - keep));
  for (const n of gone) await rm(path.join(dir, n), { recursive: true, force: true });
  return gone;
}

export async function readManifest(backup: string): Promise<Manifest> {
  const m = JSON.parse(await readFile(path.join(backup, 'manifest.json'), 'utf8')) as Manifest;
  if (m.format !== BACKUP_FORMAT)
    throw new Error(`${backup}: backup format ${m.format} is not supported (${BACKUP_FORMAT} is)`);
  return m;
}

/** Whether the database holds a venue already (any user, event or booking). */
export async function hasVenueData(db: Queryable): Promise<boolean> {
  const { rows } = await db.query<{ t: string | null }>(
    `select to_regclass('auth.users')::text as t`,
  );
  if (!rows[0]?.t) return false;
  const users = await db.query<{ n: number }>(`select count(*)::int as n from auth.users`);
  return (users.rows[0]?.n ?? 0) > 0;
}

export interface RestoreOptions {
  /** A migrated database (prepareDatabase without seed); its rows are replaced. */
  db: Db;
  blobs: BlobStore;
  backup: string;
  batch?: number;
  /** BACKUP_KEY, for an encrypted backup. */
  secret?: string;
}

/** Writes the backup's rows and files into a migrated database and blob store. */
export async function restoreBackup(opts: RestoreOptions): Promise<Manifest> {
  const manifest = await readManifest(opts.backup);
  const key = readKey(manifest, opts.secret, opts.backup);
  const databaseFile = path.join(opts.backup, 'database.jsonl.gz');
  const database = key
    ? Readable.from([decrypt(key, await readFile(databaseFile), 'database.jsonl.gz')])
    : createReadStream(databaseFile);
  const batch = opts.batch ?? 500;
  await opts.db.transaction(
    async (tx) => {
      const known = new Set(
        (
          await tx.query<{ version: string }>(
            `select version from supabase_migrations.schema_migrations`,
          )
        ).rows.map((r) => r.version),
      );
      const missing = manifest.migrations.filter((v) => !known.has(v));
      if (missing.length)
        throw new Error(
          `the backup needs migrations this code does not have: ${missing.slice(0, 5).join(', ')}`,
        );
      const tables = new Map((await backupTables(tx)).map((t) => [t.name, t]));
      await tx.query(`set local session_replication_role = replica`);
      await tx.query(
        `truncate ${[...tables.keys()].map(qualified).join(', ')} restart identity cascade`,
      );
      let pending: { t: string; rows: unknown[] } | null = null;
      const flush = async () => {
        if (!pending || !pending.rows.length) return;
        const table = tables.get(pending.t);
        if (!table) throw new Error(`the backup has a table this database lacks: ${pending.t}`);
        const cols = table.columns.map(quoteIdent).join(', ');
        await tx.query(
          `insert into ${qualified(table.name)} (${cols}) overriding system value
           select ${cols} from jsonb_populate_recordset(null::${qualified(table.name)}, $1::jsonb)`,
          [JSON.stringify(pending.rows)],
        );
        pending = null;
      };
      const lines = createInterface({
        input: database.pipe(createGunzip()),
        crlfDelay: Infinity,
      });
      for await (const line of lines) {
        if (!line) continue;
        const { t, r } = JSON.parse(line) as { t: string; r: unknown };
        if (pending && pending.t !== t) await flush();
        pending ??= { t, rows: [] };
        pending.rows.push(r);
        if (pending.rows.length >= batch) await flush();
      }
      await flush();
      for (const table of tables.values())
        for (const col of table.sequenced)
          await tx.query(
            `select setval(pg_get_serial_sequence($1, $2), coalesce((select max(${quoteIdent(col)}) from ${qualified(table.name)}), 0) + 1, false)`,
            [qualified(table.name), col],
          );
    },
    'set local statement_timeout = 0',
    undefined,
    0,
  );
  for (const f of manifest.files) {
    const stored = await readFile(path.join(opts.backup, 'files', f.bucket, f.name));
    const bytes = key ? decrypt(key, stored, `${f.bucket}/${f.name}`) : stored;
    await opts.blobs.put({ bucket: f.bucket, name: f.name }, bytes, 'application/octet-stream');
  }
  return manifest;
}

/** Row counts of the backup's tables and each file's checksum, read back from a database and store. */
export async function verifyRestored(
  db: Queryable,
  blobs: BlobStore,
  manifest: Manifest,
): Promise<string[]> {
  const problems: string[] = [];
  for (const [t, n] of Object.entries(manifest.tables)) {
    const { rows } = await db.query<{ n: number }>(
      `select count(*)::int as n from ${qualified(t)}`,
    );
    if (rows[0]?.n !== n) problems.push(`${t}: ${rows[0]?.n} rows, the backup has ${n}`);
  }
  for (const f of manifest.files) {
    const blob = await blobs.get(f);
    if (!blob) {
      problems.push(`${f.bucket}/${f.name}: missing`);
      continue;
    }
    const sum = sha256(await readAll(blob.body));
    if (sum !== f.sha256) problems.push(`${f.bucket}/${f.name}: checksum differs`);
  }
  return problems;
}

/** Copies a backup folder to a second folder (the off-machine copy's simplest form). */
export async function copyBackup(from: string, toDir: string): Promise<string> {
  const dest = path.join(toDir, path.basename(from));
  const walk = async (src: string, dst: string): Promise<void> => {
    await mkdir(dst, { recursive: true });
    for (const e of await readdir(src, { withFileTypes: true })) {
      if (e.isDirectory()) await walk(path.join(src, e.name), path.join(dst, e.name));
      else await copyFile(path.join(src, e.name), path.join(dst, e.name));
    }
  };
  await walk(from, `${dest}.partial`);
  await rename(`${dest}.partial`, dest);
  return dest;
}

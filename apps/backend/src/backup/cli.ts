/**
 * `npm run backup` and `npm run restore -- <backup> [--force] [--verify]`, with the backend's
 * settings from the environment (DATA_DIR, DATABASE_URL, STORAGE_*, BACKUP_*).
 *
 * backup: when the backend of DATA_DIR is running (its keys.json names a URL that answers), it
 * asks it (POST /backup/v1/run with the service role key), so the venue keeps serving while the
 * backup is taken; otherwise it opens the database and the files itself.
 *
 * restore: into the database and storage the environment names, from a backup folder or from a
 * copy in the BACKUP_S3_* bucket (`s3:venue-<time>`, downloaded to a temporary folder first). It refuses a target that
 * already holds a venue (any user) unless --force, and a PGlite folder in use by a running
 * backend always. --verify restores into a throwaway in-memory database and store instead and
 * compares every table's row count and every file's SHA-256 with the backup's manifest.
 */
import { mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { appConfig, backupDirOf, loadEnv, REPO_ROOT, type Config } from '../config.js';
import { openPglite } from '../db/pglite.js';
import { openPostgres } from '../db/postgres.js';
import type { Db } from '../db/types.js';
import { prepareDatabase } from '../server.js';
import { openBlobStore } from '../storage/driver.js';
import { S3BlobStore } from '../storage/s3-store.js';
import {
  copyBackup,
  createBackup,
  hasVenueData,
  pruneBackups,
  readManifest,
  restoreBackup,
  verifyRestored,
} from './backup.js';
import { copyToS3, downloadBackup, listS3Backups } from './s3-copy.js';

const env = loadEnv();
const supabaseDir = env.supabaseDir ?? path.join(REPO_ROOT, 'supabase');
const config: Config = appConfig(
  { apiUrl: '', dataDir: env.dataDir, supabaseDir },
  env.config as Partial<Config>,
);
const say = (m: string) => console.log(`[backup] ${m}`);
const mb = (n: number) => `${(n / 1024 / 1024).toFixed(1)} MB`;

const openDb = async (dataDir: string | undefined): Promise<Db> => {
  if (env.databaseUrl)
    return openPostgres(env.databaseUrl, { statementTimeoutMs: { internal: 0 } });
  if (dataDir) await mkdir(dataDir, { recursive: true });
  return openPglite(dataDir ? path.join(dataDir, 'pglite') : undefined);
};

async function runningBackend(): Promise<{ url: string; serviceRoleKey: string } | null> {
  try {
    const keys = JSON.parse(await readFile(path.join(env.dataDir, 'keys.json'), 'utf8')) as {
      url: string;
      serviceRoleKey: string;
    };
    const res = await fetch(`${keys.url}/health`, { signal: AbortSignal.timeout(2000) });
    return res.status === 200 || res.status === 503 ? keys : null;
  } catch {
    return null;
  }
}

async function backup(): Promise<void> {
  const live = await runningBackend();
  if (live) {
    say(`asking the running backend at ${live.url}`);
    const res = await fetch(`${live.url}/backup/v1/run`, {
      method: 'POST',
      headers: { authorization: `Bearer ${live.serviceRoleKey}` },
    });
    const body = (await res.json()) as Record<string, unknown>;
    if (!res.ok) throw new Error(String(body['message'] ?? `HTTP ${res.status}`));
    const bytes = body['bytes'] as { database: number; files: number };
    say(`written ${String(body['path'])} in ${String(body['ms'])} ms`);
    say(`database ${mb(bytes.database)} (gzip), ${String(body['files'])} files ${mb(bytes.files)}`);
    if (body['copy']) say(`copied to ${String(body['copy'])}`);
    if (body['s3']) say(`copied to the backup bucket as ${String(body['s3'])}`);
    return;
  }
  const dir = backupDirOf(config);
  if (!dir) throw new Error('set BACKUP_DIR');
  const db = await openDb(env.dataDir);
  try {
    const started = performance.now();
    const made = await createBackup({
      db,
      blobs: openBlobStore(config),
      dir,
      ...(config.backupKey ? { secret: config.backupKey } : {}),
    });
    await pruneBackups(dir, config.backupKeep);
    say(`written ${made.path} in ${Math.round(performance.now() - started)} ms`);
    say(
      `database ${mb(made.manifest.bytes.database)} (gzip), ${made.manifest.files.length} files ${mb(made.manifest.bytes.files)}`,
    );
    if (config.backupCopyDir) {
      say(`copied to ${await copyBackup(made.path, config.backupCopyDir)}`);
      await pruneBackups(config.backupCopyDir, config.backupKeep);
    }
    if (config.backupS3) {
      const name = await copyToS3(new S3BlobStore(config.backupS3), made.path, config.backupKeep);
      say(`copied to the backup bucket as ${name}`);
    }
  } finally {
    await db.close();
  }
}

async function restore(args: string[]): Promise<void> {
  const force = args.includes('--force');
  const verify = args.includes('--verify');
  const source = args.find((a) => !a.startsWith('--'));
  if (!source)
    throw new Error(
      'usage: npm run restore -- <backup folder | s3:venue-<time>> [--force] [--verify]',
    );
  if (!source.startsWith('s3:')) return restoreFolder(path.resolve(source), force, verify);
  if (!config.backupS3) throw new Error(`${source}: set BACKUP_S3_BUCKET and its settings`);
  const store = new S3BlobStore(config.backupS3);
  const name = source.slice(3);
  if (name === '' || name === 'latest') {
    const newest = (await listS3Backups(store)).at(-1);
    if (!newest) throw new Error('the backup bucket holds no complete backup');
    return restoreFromS3(store, newest, force, verify);
  }
  return restoreFromS3(store, name, force, verify);
}

async function restoreFromS3(
  store: S3BlobStore,
  name: string,
  force: boolean,
  verify: boolean,
): Promise<void> {
  const tmp = await mkdtemp(path.join(os.tmpdir(), 'bistro-restore-'));
  try {
    say(`downloading ${name} from the backup bucket`);
    await restoreFolder(await downloadBackup(store, name, tmp), force, verify);
  } finally {
    await rm(tmp, { recursive: true, force: true });
  }
}

async function restoreFolder(backupPath: string, force: boolean, verify: boolean): Promise<void> {
  const manifest = await readManifest(backupPath);
  if (manifest.encryption && !config.backupKey)
    throw new Error(`${backupPath} is encrypted: set BACKUP_KEY`);
  const quiet = () => undefined;
  const db = verify ? await openPglite(undefined) : await openDb(env.dataDir);
  try {
    if (!verify && (await hasVenueData(db)) && !force)
      throw new Error(
        `the target already holds a venue (${env.databaseUrl ? 'DATABASE_URL' : env.dataDir}); ` +
          'restore into an empty one, or pass --force to replace it',
      );
    await prepareDatabase(db, {
      supabaseDir,
      seed: false,
      dataDir: verify ? undefined : env.dataDir,
      log: quiet,
      warn: (m) => console.warn(`[restore] ${m}`),
    });
    const blobs = verify ? openBlobStore({ dataDir: undefined }) : openBlobStore(config);
    const started = performance.now();
    await restoreBackup({
      db,
      blobs,
      backup: backupPath,
      ...(config.backupKey ? { secret: config.backupKey } : {}),
    });
    const problems = await verifyRestored(db, blobs, manifest);
    const rows = Object.values(manifest.tables).reduce((a, b) => a + b, 0);
    say(
      `${verify ? 'verified' : 'restored'} ${rows} rows in ${Object.keys(manifest.tables).length} tables and ${manifest.files.length} files in ${Math.round(performance.now() - started)} ms`,
    );
    if (problems.length) {
      for (const p of problems) console.error(`[restore] ${p}`);
      throw new Error(`${problems.length} difference(s) from the backup`);
    }
  } finally {
    await db.close();
  }
}

const [command, ...rest] = process.argv.slice(2);
try {
  if (command === 'backup') await backup();
  else if (command === 'restore') await restore(rest);
  else throw new Error('usage: cli.ts backup | restore <backup> [--force] [--verify]');
} catch (e) {
  console.error(`[${command ?? 'backup'}] ${e instanceof Error ? e.message : String(e)}`);
  process.exitCode = 1;
}

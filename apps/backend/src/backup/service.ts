/**
 * Backups inside a running backend: POST /backup/v1/run (service role key) and the scheduled
 * run every BACKUP_INTERVAL_MS. Both write to BACKUP_DIR, copy to BACKUP_COPY_DIR and to the
 * BACKUP_S3_* bucket when set, and keep the newest BACKUP_KEEP in each. One backup at a time; a
 * second request joins the first.
 */
import { readdir } from 'node:fs/promises';
import { Hono } from 'hono';
import { backupDirOf } from '../config.js';
import type { AppContext } from '../context.js';
import { blobStoreFor } from '../storage/driver.js';
import { S3BlobStore } from '../storage/s3-store.js';
import { copyBackup, createBackup, pruneBackups, readManifest, type Manifest } from './backup.js';
import { copyToS3 } from './s3-copy.js';
import path from 'node:path';

export interface BackupResult {
  path: string;
  copy: string | null;
  /** The backup's name in the BACKUP_S3_* bucket, when one is set. */
  s3: string | null;
  manifest: Manifest;
  ms: number;
}

export interface BackupService {
  run(): Promise<BackupResult>;
  /** Seconds since the newest backup in BACKUP_DIR was taken; null when there is none. */
  ageSeconds(): Promise<number | null>;
  routes: Hono;
  stop(): Promise<void>;
}

export function createBackupService(
  ctx: AppContext,
  warn: (m: string) => void = (m) => console.warn(`[backup] ${m}`),
): BackupService {
  const { config } = ctx;
  let running: Promise<BackupResult> | null = null;

  const once = async (): Promise<BackupResult> => {
    const dir = backupDirOf(config);
    if (!dir) throw new Error('no backup folder: set BACKUP_DIR (the database is in memory)');
    const started = performance.now();
    const made = await createBackup({
      db: ctx.db,
      blobs: blobStoreFor(config),
      dir,
      ...(config.backupKey ? { secret: config.backupKey } : {}),
    });
    await pruneBackups(dir, config.backupKeep);
    let copy: string | null = null;
    if (config.backupCopyDir) {
      copy = await copyBackup(made.path, config.backupCopyDir);
      await pruneBackups(config.backupCopyDir, config.backupKeep);
    }
    const s3 = config.backupS3
      ? await copyToS3(new S3BlobStore(config.backupS3), made.path, config.backupKeep)
      : null;
    return { path: made.path, copy, s3, manifest: made.manifest, ms: performance.now() - started };
  };
  const run = () => {
    running ??= once().finally(() => {
      running = null;
    });
    return running;
  };

  const ageSeconds = async (): Promise<number | null> => {
    const dir = backupDirOf(config);
    if (!dir) return null;
    const names = (await readdir(dir).catch(() => [] as string[]))
      .filter((n) => /^venue-[0-9TZ-]+$/.test(n))
      .sort();
    const newest = names.at(-1);
    if (!newest) return null;
    const m = await readManifest(path.join(dir, newest)).catch(() => null);
    return m ? (Date.now() - Date.parse(m.snapshotAt)) / 1000 : null;
  };

  const timer =
    config.backupIntervalMs > 0
      ? setInterval(() => {
          run().catch((e: unknown) =>
            warn(`scheduled backup failed: ${e instanceof Error ? e.message : String(e)}`),
          );
        }, config.backupIntervalMs)
      : null;
  timer?.unref();

  const routes = new Hono();
  routes.post('/run', async (c) => {
    const token = c.req.header('authorization')?.replace(/^Bearer /, '');
    if (!token || token !== ctx.serviceRoleKey)
      return c.json({ message: 'The service role key is required' }, 401);
    try {
      const r = await run();
      return c.json({
        path: r.path,
        copy: r.copy,
        s3: r.s3,
        ms: Math.round(r.ms),
        tables: r.manifest.tables,
        files: r.manifest.files.length,
        bytes: r.manifest.bytes,
      });
    } catch (e) {
      return c.json({ message: e instanceof Error ? e.message : String(e) }, 500);
    }
  });

  return {
    run,
    ageSeconds,
    routes,
    async stop() {
      if (timer) clearInterval(timer);
      await running?.catch(() => undefined);
    },
  };
}

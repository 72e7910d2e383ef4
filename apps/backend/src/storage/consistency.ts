/**
 * Keeping rows and bytes in step. The row (storage.objects, in Postgres) says an object exists;
 * the bytes live in the BlobStore, which takes no part in the transaction. The rules:
 *
 * - Every write of an object's bytes, and every removal of bytes, holds the object's
 *   transaction-scoped advisory lock (one per bucket/name), so a writer and a remover of the
 *   same name never interleave, in one process or across many sharing the database.
 * - Upload, copy, move: lock, write the row, write the bytes, commit. If anything fails once the
 *   bytes may have been written (the commit included), the bytes are removed again unless a
 *   committed row claims them (dropUnclaimed). A row therefore never commits without its bytes.
 * - Delete (and a move's source): the rows are deleted and committed first, then the bytes are
 *   removed under the lock, unless a new upload of that name has claimed them meanwhile.
 * - What a crash or an unreachable store leaves behind is bytes without a row, never the other
 *   way round: sweepOrphans removes those once they are older than the grace period.
 * - One gap remains: when a replacement (upsert, PUT) has written the new bytes and then its
 *   commit fails, the bytes stay (the old row claims that name) and the row keeps the old
 *   metadata until the next upload of that name.
 */
import type { Db, Queryable } from '../db/types.js';
import type { ObjectKey } from './models/objects.js';
import type { BlobStore } from './blobs.js';
import { pgArrayLiteral } from '../shared/pg-array.js';

const lockName = (k: ObjectKey) => `storage_object:${k.bucket}/${k.name}`;

/** Takes the objects' locks until the transaction ends (in name order: no deadlock). */
export async function lockObjects(tx: Queryable, ...keys: ObjectKey[]): Promise<void> {
  for (const name of [...new Set(keys.map(lockName))].sort())
    await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
}

/**
 * Removes the object's bytes unless a committed row claims them (and, with `before`, unless
 * they were written after it). Returns whether they were removed.
 */
export async function dropUnclaimed(
  db: Db,
  blobs: BlobStore,
  key: ObjectKey,
  before?: Date,
): Promise<boolean> {
  return db.transaction(async (tx) => {
    await lockObjects(tx, key);
    const r = await tx.query('select 1 from storage.objects where bucket_id = $1 and name = $2', [
      key.bucket,
      key.name,
    ]);
    if (r.rows.length) return false;
    if (before) {
      const h = await blobs.head(key);
      if (!h || h.lastModified >= before) return false;
    }
    await blobs.remove(key);
    return true;
  });
}

/**
 * dropUnclaimed for clean-up after the fact: a failure is logged, not raised (the request's
 * own outcome stands; the orphan sweep removes what is left).
 */
export async function tidyUp(
  db: Db,
  blobs: BlobStore,
  keys: ObjectKey[],
  log: (msg: string) => void = (m) => console.warn(`[storage] ${m}`),
): Promise<void> {
  for (const key of keys)
    await dropUnclaimed(db, blobs, key).catch((e: unknown) =>
      log(
        `could not remove the bytes of ${key.bucket}/${key.name} (left to the orphan sweep): ${
          (e as { detail?: string }).detail ?? String(e)
        }`,
      ),
    );
}

/**
 * Removes every stored object older than `graceMs` that no row claims. Returns how many
 * objects were looked at and how many removed.
 */
export async function sweepOrphans(
  db: Db,
  blobs: BlobStore,
  graceMs: number,
): Promise<{ checked: number; removed: number }> {
  const before = new Date(Date.now() - graceMs);
  let checked = 0;
  let removed = 0;
  let batch: ObjectKey[] = [];
  const flush = async () => {
    if (!batch.length) return;
    const claimed = await db.query<{ k: string }>(
      `select o.bucket_id || '/' || o.name as k from storage.objects o
       join unnest($1::text[], $2::text[]) as b(bucket_id, name)
         on o.bucket_id = b.bucket_id and o.name = b.name`,
      [pgArrayLiteral(batch.map((k) => k.bucket)), pgArrayLiteral(batch.map((k) => k.name))],
    );
    const have = new Set(claimed.rows.map((r) => r.k));
    for (const key of batch)
      if (!have.has(`${key.bucket}/${key.name}`) && (await dropUnclaimed(db, blobs, key, before)))
        removed++;
    batch = [];
  };
  for await (const b of blobs.list()) {
    checked++;
    if (b.lastModified >= before) continue;
    batch.push({ bucket: b.bucket, name: b.name });
    if (batch.length >= 500) await flush();
  }
  await flush();
  return { checked, removed };
}

/** Runs sweepOrphans every `intervalMs` (the timer does not keep the process alive). */
export function startOrphanSweep(
  db: Db,
  blobs: BlobStore,
  intervalMs: number,
  graceMs: number,
  log: (msg: string) => void = (m) => console.warn(`[storage] ${m}`),
): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    sweepOrphans(db, blobs, graceMs)
      .then((r) => {
        if (r.removed) log(`orphan sweep: removed ${r.removed} of ${r.checked} stored objects`);
      })
      .catch((e: unknown) =>
        log(`orphan sweep failed: ${(e as { detail?: string }).detail ?? String(e)}`),
      )
      .finally(() => {
        running = false;
      });
  }, intervalMs);
  timer.unref();
  return () => clearInterval(timer);
}

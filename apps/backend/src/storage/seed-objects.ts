/**
 * The seed's files: seed.sql names objects in storage.objects (the database decides what
 * exists) and supabase/seed-storage/<bucket>/<name> holds their bytes. At start-up every row
 * that has a file there but no bytes in the store gets them, with its size and ETag, so a fresh
 * database shows its pictures on any byte store; an object an admin removed has no row and
 * stays removed.
 */
import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { Queryable } from '../db/types.js';
import { pgArrayLiteral } from '../shared/pg-array.js';
import type { BlobStore } from './blobs.js';
import { isSafeBucketId, isSafeObjectName } from './blobs.js';
import { mimeOf, parseMetadata } from './service.js';

/** The files under `dir` as "<bucket>/<name>" keys. */
async function seedFiles(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((e) => e.isFile())
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .filter((key) => {
      const [bucket = '', ...rest] = key.split('/');
      return isSafeBucketId(bucket) && isSafeObjectName(rest.join('/'));
    });
}

/** Copies the missing bytes of the objects `dir` has files for; returns how many it wrote. */
export async function restoreSeedObjects(
  db: Queryable,
  blobs: BlobStore,
  dir: string,
): Promise<number> {
  if (!existsSync(dir)) return 0;
  const files = await seedFiles(dir);
  if (files.length === 0) return 0;
  const rows = await db.query<{ bucket_id: string; name: string; metadata: unknown }>(
    `select bucket_id, name, metadata from storage.objects
     where bucket_id || '/' || name = any($1::text[])`,
    [pgArrayLiteral(files)],
  );
  let written = 0;
  for (const row of rows.rows) {
    const key = { bucket: row.bucket_id, name: row.name };
    if (await blobs.head(key)) continue;
    const bytes = new Uint8Array(
      await readFile(path.join(dir, row.bucket_id, ...row.name.split('/'))),
    );
    const mime = mimeOf(parseMetadata(row.metadata));
    await blobs.put(key, bytes, mime);
    await db.query(
      `update storage.objects set metadata = coalesce(metadata, '{}'::jsonb) || $3::jsonb
       where bucket_id = $1 and name = $2`,
      [
        key.bucket,
        key.name,
        JSON.stringify({
          eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
          size: bytes.length,
          contentLength: bytes.length,
          mimetype: mime,
          lastModified: new Date().toISOString(),
          httpStatusCode: 200,
        }),
      ],
    );
    written++;
  }
  return written;
}

/** POST /object/move and POST /object/copy (supabase-js: bucketId, sourceKey, destination...). */
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import { mimeAllowed } from './content.js';
import { mimeNotSupported, objectNotFound, tooLarge } from './errors.js';
import type { BucketRow } from './models/buckets.js';
import { findObjectMetadata, insertObject, moveObject, type ObjectKey } from './models/objects.js';
import { checkKey, mimeOf, parseMetadata, readBody, type StorageService } from './service.js';

async function transferKeys(c: Context): Promise<{ from: ObjectKey; to: ObjectKey }> {
  const body = await readBody(c);
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
  const from = { bucket: str('bucketId'), name: str('sourceKey') };
  const to = { bucket: str('destinationBucket') || from.bucket, name: str('destinationKey') };
  checkKey(from);
  checkKey(to);
  return { from, to };
}

/** The source row as the caller sees it, checked against the destination bucket's rules. */
async function transferSource(
  s: StorageService,
  tx: Queryable,
  from: ObjectKey,
  dest: BucketRow,
): Promise<{ metadata: Record<string, unknown> | null; bytes: Uint8Array }> {
  const row = await findObjectMetadata(tx, from);
  const bytes = row ? await s.blobs.get(from.bucket, from.name) : null;
  if (!row || !bytes) throw objectNotFound();
  const metadata = parseMetadata(row.metadata);
  const mime = mimeOf(metadata);
  if (bytes.length > s.sizeLimit(dest)) throw tooLarge();
  if (!mimeAllowed(mime, dest.allowed_mime_types)) throw mimeNotSupported(mime);
  return { metadata, bytes };
}

// Moving needs UPDATE on the source row (the new name must pass the policy too); a taken
// destination is a 409, never an overwrite.
export const moveObjectRoute = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const { from, to } = await transferKeys(c);
  const dest = await s.bucket(to.bucket);
  await s.asCaller(c, who, async (tx) => {
    const { bytes } = await transferSource(s, tx, from, dest);
    if (!(await moveObject(tx, from, to))) throw objectNotFound();
    await s.blobs.put(to.bucket, to.name, bytes);
  });
  await s.blobs.remove(from.bucket, from.name);
  return c.json({ message: 'Successfully moved' });
};

// Copying needs SELECT on the source and INSERT (with x-upsert: true, also UPDATE) on the copy.
export const copyObjectRoute = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const { from, to } = await transferKeys(c);
  const dest = await s.bucket(to.bucket);
  const upsert = c.req.header('x-upsert') === 'true';
  const id = randomUUID();
  await s.asCaller(c, who, async (tx) => {
    const { metadata, bytes } = await transferSource(s, tx, from, dest);
    await insertObject(
      tx,
      {
        ...to,
        id,
        owner: who.userId,
        metadata: { ...metadata, lastModified: new Date().toISOString() },
      },
      upsert,
    );
    await s.blobs.put(to.bucket, to.name, bytes);
  });
  return c.json({ Id: id, Key: `${to.bucket}/${to.name}` });
};

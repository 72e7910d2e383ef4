/** POST /object/move and POST /object/copy (supabase-js: bucketId, sourceKey, destination...). */
import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import type { Queryable } from '../db/types.js';
import { mimeAllowed } from './content.js';
import { mimeNotSupported, objectNotFound, tooLarge } from './errors.js';
import type { BucketRow } from './models/buckets.js';
import { findObjectMetadata, insertObject, moveObject, type ObjectKey } from './models/objects.js';
import { checkKey, mimeOf, parseMetadata, readBody, type StorageService } from './service.js';
import { lockObjects, tidyUp } from './consistency.js';

async function transferKeys(c: Context): Promise<{ from: ObjectKey; to: ObjectKey }> {
  const body = await readBody(c);
  const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
  const from = { bucket: str('bucketId'), name: str('sourceKey') };
  const to = { bucket: str('destinationBucket') || from.bucket, name: str('destinationKey') };
  checkKey(from);
  checkKey(to);
  return { from, to };
}

const sameKey = (a: ObjectKey, b: ObjectKey) => a.bucket === b.bucket && a.name === b.name;

/** The source row as the caller sees it, checked against the destination bucket's rules. */
async function transferSource(
  s: StorageService,
  tx: Queryable,
  from: ObjectKey,
  dest: BucketRow,
): Promise<{ metadata: Record<string, unknown> | null }> {
  const row = await findObjectMetadata(tx, from);
  const stored = row ? await s.blobs.head(from) : null;
  if (!row || !stored) throw objectNotFound();
  const metadata = parseMetadata(row.metadata);
  const mime = mimeOf(metadata);
  if (stored.size > s.sizeLimit(dest)) throw tooLarge();
  if (!mimeAllowed(mime, dest.allowed_mime_types)) throw mimeNotSupported(mime);
  return { metadata };
}

/**
 * Runs the transaction that writes the destination's row and then its bytes; when it fails
 * once the bytes may have been copied, they are removed again (see consistency.ts).
 */
async function writeDestination(
  s: StorageService,
  to: ObjectKey,
  run: (copyBytes: () => Promise<void>) => Promise<void>,
): Promise<void> {
  let copying = false;
  try {
    await run(async () => {
      copying = true;
    });
  } catch (e) {
    if (copying) await tidyUp(s.db, s.blobs, [to]);
    throw e;
  }
}

// Moving needs UPDATE on the source row (the new name must pass the policy too); a taken
// destination is a 409, never an overwrite.
export const moveObjectRoute = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const { from, to } = await transferKeys(c);
  const dest = await s.bucket(to.bucket);
  await writeDestination(s, to, (copying) =>
    s.asCaller(c, who, async (tx) => {
      await lockObjects(tx, from, to);
      await transferSource(s, tx, from, dest);
      if (!(await moveObject(tx, from, to))) throw objectNotFound();
      await copying();
      if (!sameKey(from, to) && !(await s.blobs.copy(from, to))) throw objectNotFound();
    }),
  );
  // the source's row is gone (committed): now its bytes
  await tidyUp(s.db, s.blobs, [from]);
  return c.json({ message: 'Successfully moved' });
};

// Copying needs SELECT on the source and INSERT (with x-upsert: true, also UPDATE) on the copy.
export const copyObjectRoute = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const { from, to } = await transferKeys(c);
  const dest = await s.bucket(to.bucket);
  const upsert = c.req.header('x-upsert') === 'true';
  const id = randomUUID();
  await writeDestination(s, to, (copying) =>
    s.asCaller(c, who, async (tx) => {
      await lockObjects(tx, from, to);
      const { metadata } = await transferSource(s, tx, from, dest);
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
      await copying();
      if (!sameKey(from, to) && !(await s.blobs.copy(from, to))) throw objectNotFound();
    }),
  );
  return c.json({ Id: id, Key: `${to.bucket}/${to.name}` });
};

/** GET/POST /bucket, GET/PUT/DELETE /bucket/:id */
import type { Context } from 'hono';
import { isSafeBucketId } from './blobs.js';
import { bucketNotEmpty, bucketNotFound, invalidRequest } from './errors.js';
import {
  countObjects,
  deleteBucket,
  findBucket,
  insertBucket,
  listBuckets,
  updateBucket,
  type BucketFields,
  type BucketRow,
} from './models/buckets.js';
import { readBody, type StorageService } from './service.js';

const bucketJson = (b: BucketRow) => ({
  ...b,
  file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
});

const UNITS: Record<string, number> = { b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 };

/** A bucket's settings from a request body (snake_case or supabase-js's camelCase). */
function bucketFields(b: Record<string, unknown>): BucketFields {
  const limit = b['file_size_limit'] ?? b['fileSizeLimit'];
  let size: number | null = null;
  if (typeof limit === 'number') size = limit;
  else if (typeof limit === 'string' && limit) {
    const m = /^([0-9]+)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
    if (!m) throw invalidRequest('Invalid file_size_limit');
    size = Number(m[1]) * (UNITS[(m[2] ?? 'b').toLowerCase()] ?? 1);
  }
  const mimes = b['allowed_mime_types'] ?? b['allowedMimeTypes'];
  if (
    mimes !== undefined &&
    mimes !== null &&
    (!Array.isArray(mimes) ||
      !mimes.every((m) => typeof m === 'string' && /^[a-z0-9.+*-]+\/[a-z0-9.+*-]+$/i.test(m)))
  )
    throw invalidRequest('Invalid allowed_mime_types');
  return {
    public: b['public'] === true,
    size,
    mimes: (mimes as string[] | null | undefined) ?? null,
  };
}

export const getBuckets = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const rows = await s.asCaller(c, who, (tx) => listBuckets(tx));
  return c.json(rows.map(bucketJson));
};

export const getBucket = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const id = c.req.param('id') ?? '';
  if (!isSafeBucketId(id)) throw bucketNotFound();
  const b = await s.asCaller(c, who, (tx) => findBucket(tx, id));
  if (!b) throw bucketNotFound();
  return c.json(bucketJson(b));
};

export const createBucket = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const b = await readBody(c);
  const id = typeof b['id'] === 'string' ? b['id'] : typeof b['name'] === 'string' ? b['name'] : '';
  if (!isSafeBucketId(id)) throw invalidRequest('Bucket name invalid');
  const f = bucketFields(b);
  await s.asCaller(c, who, (tx) => insertBucket(tx, id, who.userId, f));
  return c.json({ name: id });
};

export const changeBucket = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const id = c.req.param('id') ?? '';
  const f = bucketFields(await readBody(c));
  const n = await s.asCaller(c, who, (tx) => updateBucket(tx, id, f));
  if (!n) throw bucketNotFound();
  return c.json({ message: 'Successfully updated' });
};

export const removeBucket = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const id = c.req.param('id') ?? '';
  const n = await s.asCaller(c, who, async (tx) => {
    if ((await countObjects(tx, id)) > 0) throw bucketNotEmpty();
    return deleteBucket(tx, id);
  });
  if (!n) throw bucketNotFound();
  return c.json({ message: 'Successfully deleted' });
};

/** GET/POST /bucket, GET/PUT/DELETE /bucket/:id */
import type { Context } from 'hono';
import { isSafeBucketId } from './blobs.js';
import { bucketNotEmpty, bucketNotFound, invalidFileSizeLimit, invalidRequest } from './errors.js';
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
import { deleteAllObjects } from './models/objects.js';
import { tidyUp } from './consistency.js';

const bucketJson = (b: BucketRow) => ({
  ...b,
  file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
});

/** Storage's units are decimal: 20MB is 20,000,000 bytes. */
const UNITS: Record<string, number> = { b: 1, kb: 1e3, mb: 1e6, gb: 1e9 };

/**
 * A size limit as Storage reads it: a number of bytes, or a string of a number (decimals
 * allowed) and a unit (`B`, `KB`, `MB`, `GB`, any case); anything else is its 400.
 */
export function parseFileSizeLimit(limit: unknown): number | null {
  if (limit === null) return null;
  if (typeof limit === 'number') {
    if (!Number.isFinite(limit) || limit < 0) throw invalidFileSizeLimit();
    return Math.floor(limit);
  }
  if (typeof limit !== 'string') throw invalidFileSizeLimit();
  const m = /^([0-9]+(?:\.[0-9]+)?)(gb|mb|kb|b)$/i.exec(limit.trim());
  if (!m) throw invalidFileSizeLimit();
  return Math.round(Number(m[1]) * (UNITS[(m[2] as string).toLowerCase()] as number));
}

/**
 * A bucket's settings from a request body (snake_case or supabase-js's camelCase); a setting
 * the body leaves out is undefined, so an update changes only what it names.
 */
function bucketFields(b: Record<string, unknown>): BucketFields {
  const f: BucketFields = {};
  if (b['public'] !== undefined) f.public = b['public'] === true;
  const limit = b['file_size_limit'] !== undefined ? b['file_size_limit'] : b['fileSizeLimit'];
  if (limit !== undefined) f.size = parseFileSizeLimit(limit);
  const mimes =
    b['allowed_mime_types'] !== undefined ? b['allowed_mime_types'] : b['allowedMimeTypes'];
  if (
    mimes !== undefined &&
    mimes !== null &&
    (!Array.isArray(mimes) ||
      !mimes.every((m) => typeof m === 'string' && /^[a-z0-9.+*-]+\/[a-z0-9.+*-]+$/i.test(m)))
  )
    throw invalidRequest('Invalid allowed_mime_types');
  if (mimes !== undefined) f.mimes = mimes as string[] | null;
  return f;
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

/** POST /bucket/:id/empty: removes every object of the bucket the caller may delete. */
export const emptyBucket = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const id = c.req.param('id') ?? '';
  if (!isSafeBucketId(id)) throw bucketNotFound();
  const names = await s.asCaller(c, who, async (tx) => {
    if (!(await findBucket(tx, id))) throw bucketNotFound();
    return deleteAllObjects(tx, id);
  });
  // the rows are gone (committed): now the bytes, unless a new upload has claimed a name
  await tidyUp(
    s.db,
    s.blobs,
    names.map((name) => ({ bucket: id, name })),
  );
  return c.json({ message: 'Successfully emptied' });
};

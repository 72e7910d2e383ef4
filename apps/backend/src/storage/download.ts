/** GET/HEAD /object/public/:bucket/*, /object/authenticated/:bucket/* and /object/:bucket/* */
import type { Context } from 'hono';
import type { Caller } from '../authz.js';
import { objectNotFound } from './errors.js';
import { RangeNotSatisfiable, type RangeSpec } from './blobs.js';
import { findObjectMetadata, findPublicObjectMetadata, type ObjectKey } from './models/objects.js';
import { mimeOf, objectKeyOf, parseMetadata, type StorageService } from './service.js';

/**
 * A Range header's single byte range ("bytes=a-b", "bytes=a-", "bytes=-n"). Anything else,
 * several ranges included, is ignored: the whole object is sent, as HTTP allows.
 */
export function parseRange(header: string | undefined): RangeSpec | undefined {
  const m = /^bytes=([0-9]{0,15})-([0-9]{0,15})$/.exec(header?.trim() ?? '');
  if (!m || (!m[1] && !m[2])) return undefined;
  if (!m[1]) return { suffix: Number(m[2]) };
  const first = Number(m[1]);
  if (!m[2]) return { first };
  const last = Number(m[2]);
  return last < first ? undefined : { first, last };
}

/**
 * The object's bytes (streamed from the store) with its stored type, cache policy and ETag;
 * never rendered as a page. A GET may ask for one byte range (206).
 */
export async function send(
  s: StorageService,
  c: Context,
  row: { metadata: unknown } | undefined,
  key: ObjectKey,
): Promise<Response> {
  if (!row) throw objectNotFound();
  const meta = parseMetadata(row.metadata);
  const etag = typeof meta?.['eTag'] === 'string' ? meta['eTag'] : undefined;
  const headers: Record<string, string> = {
    'content-type': mimeOf(meta),
    'cache-control': typeof meta?.['cacheControl'] === 'string' ? meta['cacheControl'] : 'no-cache',
    'content-security-policy': "default-src 'none'; sandbox",
    'accept-ranges': 'bytes',
  };
  if (etag) headers['etag'] = etag;
  if (c.req.query('download') !== undefined)
    headers['content-disposition'] =
      `attachment; filename="${encodeURIComponent(key.name.split('/').pop() ?? 'file')}"`;
  if (c.req.method === 'HEAD') {
    const h = await s.blobs.head(key);
    if (!h) throw objectNotFound();
    headers['content-length'] = String(h.size);
    return new Response(null, { status: 200, headers });
  }
  // If-Range: the range only while the object is still the one the client has part of
  const ifRange = c.req.header('if-range');
  const range = ifRange && ifRange !== etag ? undefined : parseRange(c.req.header('range'));
  let read;
  try {
    read = await s.blobs.get(key, range);
  } catch (e) {
    if (!(e instanceof RangeNotSatisfiable)) throw e;
    return c.json({ statusCode: '416', error: 'InvalidRange', message: e.message }, 416, {
      'content-range': `bytes */${e.size}`,
    });
  }
  if (!read) throw objectNotFound();
  if (!read.range) {
    headers['content-length'] = String(read.size);
    return new Response(read.body, { status: 200, headers });
  }
  const { start, end } = read.range;
  headers['content-length'] = String(end - start + 1);
  headers['content-range'] = `bytes ${start}-${end}/${read.size}`;
  return new Response(read.body, { status: 206, headers });
}

/**
 * A public bucket's object, by anyone, without a token, when the database says it is public
 * (a photo-wall file only once its photo is approved).
 */
export const publicObject = (s: StorageService) => async (c: Context) => {
  const key = objectKeyOf(c, 5); // /storage/v1/object/public/<bucket>/<name>
  const b = await s.bucket(key.bucket);
  if (!b.public) throw objectNotFound();
  return send(s, c, await findPublicObjectMetadata(s.db, key), key);
};

/**
 * Any bucket's object, as the caller's row-level security lets them read it; in a public bucket
 * also what its public URL serves (the same bytes, with a token).
 */
export const privateObject = (s: StorageService, prefixLen: number) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, prefixLen);
  return send(s, c, await readableObject(s, c, who, key), key);
};

/** The object's row if the caller may read it (row-level security, or its public URL). */
export async function readableObject(
  s: StorageService,
  c: Context,
  who: Caller,
  key: ObjectKey,
): Promise<{ metadata: unknown } | undefined> {
  return (
    (await s.asCaller(c, who, (tx) => findObjectMetadata(tx, key))) ??
    (await findPublicObjectMetadata(s.db, key))
  );
}

/**
 * GET /render/image/public/:bucket/* and /render/image/authenticated/:bucket/*: an image object,
 * resized and re-encoded on the way out (transform.ts), readable exactly when the object itself
 * is. Renders are kept in a small in-memory cache keyed by the object's ETag and the options.
 */
import type { Context } from 'hono';
import { objectNotFound } from './errors.js';
import { readAll } from './blobs.js';
import { findPublicObjectMetadata, type ObjectKey } from './models/objects.js';
import { mimeOf, objectKeyOf, parseMetadata, type StorageService } from './service.js';
import { readableObject } from './download.js';
import {
  outputType,
  parseTransform,
  renderImage,
  transformationsHeader,
  type TransformOptions,
} from './transform.js';

/** Bytes of rendered images kept in memory, newest last. */
const CACHE_BYTES = 48 * 1024 * 1024;
const cache = new Map<string, Uint8Array>();
let cached = 0;

function remember(key: string, bytes: Uint8Array): void {
  if (bytes.length > CACHE_BYTES / 8) return;
  cache.set(key, bytes);
  cached += bytes.length;
  for (const [k, v] of cache) {
    if (cached <= CACHE_BYTES) break;
    cache.delete(k);
    cached -= v.length;
  }
}

export async function renderResponse(
  s: StorageService,
  c: Context,
  opts: TransformOptions,
  row: { metadata: unknown } | undefined,
  key: ObjectKey,
  transformations = '',
): Promise<Response> {
  if (!row) throw objectNotFound();
  const meta = parseMetadata(row.metadata);
  const source = mimeOf(meta);
  const type = outputType(opts, source, c.req.header('accept') ?? '');
  const etag = typeof meta?.['eTag'] === 'string' ? meta['eTag'] : '';
  const cacheKey = JSON.stringify([key.bucket, key.name, etag, opts, type]);
  let bytes = cache.get(cacheKey);
  if (bytes) {
    cache.delete(cacheKey);
    cache.set(cacheKey, bytes);
  } else {
    const read = await s.blobs.get(key);
    if (!read) throw objectNotFound();
    bytes = await renderImage(await readAll(read.body), opts, type);
    remember(cacheKey, bytes);
  }
  const headers: Record<string, string> = {
    'content-type': type,
    'content-length': String(bytes.length),
    'cache-control': typeof meta?.['cacheControl'] === 'string' ? meta['cacheControl'] : 'no-cache',
    'content-security-policy': "default-src 'none'; sandbox",
    vary: 'Accept',
  };
  if (transformations) headers['x-transformations'] = transformations;
  if (c.req.query('download') !== undefined)
    headers['content-disposition'] =
      `attachment; filename="${encodeURIComponent(key.name.split('/').pop() ?? 'file')}"`;
  return new Response(c.req.method === 'HEAD' ? null : (bytes as Uint8Array<ArrayBuffer>), {
    status: 200,
    headers,
  });
}

/** A public bucket's image, by anyone, when its public URL would serve it. */
export const renderPublicImage = (s: StorageService) => async (c: Context) => {
  // the query string is checked first, as Supabase validates it before the handler runs
  const opts = parseTransform(c.req.query());
  const key = objectKeyOf(c, 6); // /storage/v1/render/image/public/<bucket>/<name>
  const b = await s.bucket(key.bucket);
  if (!b.public) throw objectNotFound();
  return renderResponse(
    s,
    c,
    opts,
    await findPublicObjectMetadata(s.db, key),
    key,
    transformationsHeader(c.req.query()),
  );
};

/** Any bucket's image, as the caller's row-level security lets them read it. */
export const renderAuthenticatedImage = (s: StorageService) => async (c: Context) => {
  const opts = parseTransform(c.req.query());
  const who = await s.caller(c);
  const key = objectKeyOf(c, 6); // /storage/v1/render/image/authenticated/<bucket>/<name>
  return renderResponse(
    s,
    c,
    opts,
    await readableObject(s, c, who, key),
    key,
    transformationsHeader(c.req.query()),
  );
};

/** GET/HEAD /object/public/:bucket/*, /object/authenticated/:bucket/* and /object/:bucket/* */
import type { Context } from 'hono';
import type { Caller } from '../authz.js';
import { objectNotFound } from './errors.js';
import { findObjectMetadata, findPublicObjectMetadata, type ObjectKey } from './models/objects.js';
import { mimeOf, objectKeyOf, parseMetadata, type StorageService } from './service.js';

/** The object's bytes with its stored type, cache policy and ETag; never rendered as a page. */
export async function send(
  s: StorageService,
  c: Context,
  row: { metadata: unknown } | undefined,
  key: ObjectKey,
): Promise<Response> {
  if (!row) throw objectNotFound();
  const bytes = await s.blobs.get(key.bucket, key.name);
  if (!bytes) throw objectNotFound();
  const meta = parseMetadata(row.metadata);
  const headers: Record<string, string> = {
    'content-type': mimeOf(meta),
    'content-length': String(bytes.length),
    'cache-control': typeof meta?.['cacheControl'] === 'string' ? meta['cacheControl'] : 'no-cache',
    'content-security-policy': "default-src 'none'; sandbox",
  };
  if (typeof meta?.['eTag'] === 'string') headers['etag'] = meta['eTag'];
  if (c.req.query('download') !== undefined)
    headers['content-disposition'] =
      `attachment; filename="${encodeURIComponent(key.name.split('/').pop() ?? 'file')}"`;
  return new Response(c.req.method === 'HEAD' ? null : new Blob([new Uint8Array(bytes)]), {
    status: 200,
    headers,
  });
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

/**
 * GET /object/info/:bucket/* (and /object/info/authenticated|public/...): one object's
 * details as Storage's info answers them, when the caller may read it.
 */
import type { Context } from 'hono';
import { objectNotFound } from './errors.js';
import { findObjectInfo } from './models/objects.js';
import { objectKeyOf, parseMetadata, type StorageService } from './service.js';

export const objectInfo = (s: StorageService, prefixLen: number) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, prefixLen);
  const row = await s.asCaller(c, who, (tx) => findObjectInfo(tx, key));
  if (!row) throw objectNotFound();
  const meta = parseMetadata(row.metadata) ?? {};
  const user = parseMetadata(row.user_metadata) ?? {};
  return c.json({
    id: row.id,
    name: row.name,
    version: row.version,
    bucket_id: row.bucket_id,
    size: typeof meta['size'] === 'number' ? meta['size'] : 0,
    content_type: typeof meta['mimetype'] === 'string' ? meta['mimetype'] : null,
    cache_control: typeof meta['cacheControl'] === 'string' ? meta['cacheControl'] : null,
    etag: typeof meta['eTag'] === 'string' ? meta['eTag'] : null,
    metadata: user,
    last_modified: row.updated_at,
    created_at: row.created_at,
  });
};

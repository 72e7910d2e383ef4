/** POST /object/list/:bucket: one folder level under a prefix, folders as name-only entries. */
import type { Context } from 'hono';
import { listObjects } from './models/objects.js';
import { readBody, type StorageService } from './service.js';

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);

export const listFolder = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const bucket = c.req.param('bucket') ?? '';
  const body = await readBody(c);
  const prefix = typeof body['prefix'] === 'string' ? body['prefix'].replace(/^\/+|\/+$/g, '') : '';
  const limit = Math.min(1000, Math.max(1, Number(body['limit'] ?? 100) || 100));
  const offset = Math.max(0, Number(body['offset'] ?? 0) || 0);
  const search = typeof body['search'] === 'string' ? body['search'] : '';
  const base = prefix ? `${prefix}/` : '';
  const rows = await s.asCaller(c, who, (tx) =>
    listObjects(tx, bucket, `${escapeLike(base)}${escapeLike(search)}%`),
  );
  const seen = new Set<string>();
  const items: Record<string, unknown>[] = [];
  for (const row of rows) {
    const rest = row.name.slice(base.length);
    const slash = rest.indexOf('/');
    if (slash >= 0) {
      const folder = rest.slice(0, slash);
      if (seen.has(folder)) continue;
      seen.add(folder);
      items.push({
        name: folder,
        id: null,
        updated_at: null,
        created_at: null,
        last_accessed_at: null,
        metadata: null,
      });
    } else {
      items.push({
        name: rest,
        id: row.id,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.updated_at,
        metadata: row.metadata,
      });
    }
  }
  return c.json(items.slice(offset, offset + limit));
};

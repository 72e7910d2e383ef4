/** POST /object/list/:bucket: one folder level under a prefix, folders as name-only entries. */
import type { Context } from 'hono';
import { invalidRequest } from './errors.js';
import { listObjects, listObjectsSorted, type ListedV2Row } from './models/objects.js';
import { parseMetadata, readBody, type StorageService } from './service.js';

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

type V2Entry = { kind: 'folder'; name: string; key: string } | { kind: 'object'; row: ListedV2Row };

const entryName = (e: V2Entry): string => (e.kind === 'folder' ? e.name : e.row.name);

/**
 * POST /object/list-v2/:bucket (supabase-js's listV2): names under a plain prefix, flat or, with
 * `with_delimiter`, one level deep with folders apart; sorted by name, created_at or updated_at;
 * pages of `limit` (default 1000) with an opaque `nextCursor` while `hasNext`.
 */
export const listFolderV2 = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const bucket = c.req.param('bucket') ?? '';
  const body = await readBody(c);
  const prefix = typeof body['prefix'] === 'string' ? body['prefix'].replace(/^\/+/, '') : '';
  const limit = Math.min(1000, Math.max(1, Math.floor(Number(body['limit'] ?? 1000)) || 1000));
  const delimiter = body['with_delimiter'] === true;
  const sortBy = (body['sortBy'] ?? {}) as Record<string, unknown>;
  const column =
    sortBy['column'] === 'created_at' || sortBy['column'] === 'updated_at'
      ? sortBy['column']
      : 'name';
  const desc = sortBy['order'] === 'desc';
  let after: string | null = null;
  if (typeof body['cursor'] === 'string' && body['cursor']) {
    try {
      after = Buffer.from(body['cursor'], 'base64url').toString('utf8');
    } catch {
      throw invalidRequest('Invalid cursor');
    }
  }
  const rows = await s.asCaller(c, who, (tx) =>
    listObjectsSorted(tx, bucket, `${escapeLike(prefix)}%`, column, desc),
  );
  const folders: V2Entry[] = [];
  const objects: V2Entry[] = [];
  const seen = new Set<string>();
  for (const row of rows) {
    const rest = row.name.slice(prefix.length);
    const slash = delimiter ? rest.indexOf('/') : -1;
    if (slash >= 0) {
      const key = prefix + rest.slice(0, slash);
      if (seen.has(key)) continue;
      seen.add(key);
      folders.push({ kind: 'folder', name: `${key}/`, key });
    } else objects.push({ kind: 'object', row });
  }
  folders.sort((a, b) => (desc ? -1 : 1) * entryName(a).localeCompare(entryName(b)));
  const all = [...folders, ...objects];
  let start = 0;
  if (after !== null) {
    const at = all.findIndex((e) => entryName(e) === after);
    start =
      at >= 0 ? at + 1 : all.findIndex((e) => (desc ? entryName(e) < after : entryName(e) > after));
    if (start < 0) start = all.length;
  }
  const page = all.slice(start, start + limit);
  const hasNext = start + limit < all.length;
  const last = page[page.length - 1];
  return c.json({
    hasNext,
    ...(hasNext && last
      ? { nextCursor: Buffer.from(entryName(last), 'utf8').toString('base64url') }
      : {}),
    folders: page
      .filter((e): e is Extract<V2Entry, { kind: 'folder' }> => e.kind === 'folder')
      .map((e) => ({ name: e.name, key: e.key })),
    objects: page
      .filter((e): e is Extract<V2Entry, { kind: 'object' }> => e.kind === 'object')
      .map(({ row }) => ({
        id: row.id,
        name: row.name,
        key: row.name,
        updated_at: row.updated_at,
        created_at: row.created_at,
        last_accessed_at: row.last_accessed_at,
        metadata: parseMetadata(row.metadata),
      })),
  });
};

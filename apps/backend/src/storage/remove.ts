/** DELETE /object/:bucket with { prefixes: [names] }: removes what the caller may delete. */
import type { Context } from 'hono';
import { isSafeObjectName } from './blobs.js';
import { invalidRequest } from './errors.js';
import { deleteObjects } from './models/objects.js';
import { readBody, type StorageService } from './service.js';
import { tidyUp } from './consistency.js';

export const removeObjects = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const bucket = c.req.param('bucket') ?? '';
  const prefixes = (await readBody(c))['prefixes'];
  if (
    !Array.isArray(prefixes) ||
    !prefixes.every((p) => typeof p === 'string') ||
    prefixes.length > 1000
  )
    throw invalidRequest('prefixes must be an array of object names');
  const names = (prefixes as string[]).filter(isSafeObjectName);
  const rows = await s.asCaller(c, who, (tx) => deleteObjects(tx, bucket, names));
  // the rows are gone (committed): now the bytes, unless a new upload has claimed the name
  await tidyUp(
    s.db,
    s.blobs,
    rows.map((row) => ({ bucket, name: row['name'] as string })),
  );
  return c.json(rows);
};

/** POST /object/:bucket/* (create) and PUT /object/:bucket/* (replace), raw or multipart. */
import type { Context } from 'hono';
import { createHash, randomUUID } from 'node:crypto';
import { readBounded } from './uploads.js';
import { checkedContent } from './content.js';
import { invalidRequest, objectNotFound, tooLarge } from './errors.js';
import { insertObject, replaceObject } from './models/objects.js';
import { objectKeyOf, type StorageService } from './service.js';
import { lockObjects, tidyUp } from './consistency.js';

interface Received {
  input: Uint8Array;
  declared: string | undefined;
  cacheControl: string;
}

/** The file and its declared type from the body (the form's first file when multipart). */
async function receive(c: Context, limit: number): Promise<Received> {
  let cacheControl = c.req.header('cache-control') ?? 'max-age=3600';
  const ct = c.req.header('content-type') ?? '';
  const multipart = ct.startsWith('multipart/form-data');
  // never hold more than the bucket takes (plus room for the form's own fields)
  const raw = await readBounded(c.req.raw.body, multipart ? limit + 64 * 1024 : limit);
  if (!raw) throw tooLarge();
  let input: Uint8Array;
  let declared: string | undefined;
  if (multipart) {
    let form: FormData;
    try {
      form = await new Request('http://storage.local/', {
        method: 'POST',
        headers: { 'content-type': ct },
        body: raw,
      }).formData();
    } catch {
      throw invalidRequest('Malformed multipart body');
    }
    const file = [...form.values()].find((v): v is File => typeof v !== 'string');
    if (!file) throw invalidRequest('No file in the form');
    input = new Uint8Array(await file.arrayBuffer());
    declared = file.type.toLowerCase() || undefined;
    const cc = form.get('cacheControl');
    if (typeof cc === 'string' && /^[0-9]{1,9}$/.test(cc)) cacheControl = `max-age=${cc}`;
  } else {
    input = raw;
    declared = ct.split(';')[0]?.trim().toLowerCase() || undefined;
  }
  if (/^[0-9]{1,9}$/.test(cacheControl)) cacheControl = `max-age=${cacheControl}`;
  if (!/^[a-z0-9=, -]{1,100}$/i.test(cacheControl)) cacheControl = 'max-age=3600';
  return { input, declared, cacheControl };
}

export const uploadObject = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, 4); // ['', 'storage', 'v1', 'object', bucket, ...]
  const b = await s.bucket(key.bucket);
  const limit = s.sizeLimit(b);
  const { input, declared, cacheControl } = await receive(c, limit);
  const { bytes, mime } = await checkedContent(b, limit, input, declared);
  const upsert = (c.req.header('x-upsert') ?? 'false') === 'true';
  const metadata = {
    eTag: `"${createHash('md5').update(bytes).digest('hex')}"`,
    size: bytes.length,
    mimetype: mime,
    cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: bytes.length,
    httpStatusCode: 200,
  };
  const id = randomUUID();
  // the row first (row-level security decides), then the bytes, then the commit; see
  // consistency.ts for what a failure on the way leaves behind
  let writing = false;
  try {
    await s.asCaller(c, who, async (tx) => {
      await lockObjects(tx, key);
      if (c.req.method === 'PUT' && !upsert) {
        if (!(await replaceObject(tx, key, who.userId, metadata))) throw objectNotFound();
      } else {
        await insertObject(tx, { ...key, id, owner: who.userId, metadata }, upsert);
      }
      writing = true;
      await s.blobs.put(key, bytes, mime);
    });
  } catch (e) {
    if (writing) await tidyUp(s.db, s.blobs, [key]);
    throw e;
  }
  return c.json({ Id: id, Key: `${key.bucket}/${key.name}` });
};

/** POST /object/:bucket/* (create) and PUT /object/:bucket/* (replace), raw or multipart. */
import type { Context } from 'hono';
import { createHash, randomUUID } from 'node:crypto';
import { readBounded } from './uploads.js';
import { checkedContent } from './content.js';
import { invalidRequest, objectNotFound, tooLarge } from './errors.js';
import { insertObject, replaceObject, type ObjectKey } from './models/objects.js';
import type { Caller } from '../authz.js';
import { objectKeyOf, type StorageService } from './service.js';
import { lockObjects, tidyUp } from './consistency.js';

interface Received {
  input: Uint8Array;
  declared: string | undefined;
  cacheControl: string;
  /** the uploader's own metadata (the form's `metadata` field or the `x-metadata` header) */
  userMetadata: Record<string, unknown> | null;
}

/** User metadata as JSON text: an object, or nothing. */
function metadataObject(text: string | null | undefined): Record<string, unknown> | null {
  if (!text) return null;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    throw invalidRequest('metadata must be a JSON object');
  }
  if (typeof v !== 'object' || v === null || Array.isArray(v))
    throw invalidRequest('metadata must be a JSON object');
  if (text.length > 8192) throw invalidRequest('metadata is too large');
  return v as Record<string, unknown>;
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
  let userMetadata: Record<string, unknown> | null = null;
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
    const meta = form.get('metadata');
    userMetadata = metadataObject(typeof meta === 'string' ? meta : null);
  } else {
    input = raw;
    declared = ct.split(';')[0]?.trim().toLowerCase() || undefined;
    const header = c.req.header('x-metadata');
    if (header) userMetadata = metadataObject(Buffer.from(header, 'base64').toString('utf8'));
  }
  if (/^[0-9]{1,9}$/.test(cacheControl)) cacheControl = `max-age=${cacheControl}`;
  if (!/^[a-z0-9=, -]{1,100}$/i.test(cacheControl)) cacheControl = 'max-age=3600';
  return { input, declared, cacheControl, userMetadata };
}

export interface StoreOptions {
  /** replace an object of that name (else 409 when there is one) */
  upsert: boolean;
  /** PUT without upsert: replace an existing object only (404 when there is none) */
  replaceOnly: boolean;
  /** the row's owner (the uploader, or who signed an upload URL) */
  owner: string | null;
}

/**
 * Receives the body and stores it at `key` as `who` (row-level security decides): the row,
 * then the bytes, then the commit (see consistency.ts for what a failure on the way leaves).
 */
export async function storeObject(
  s: StorageService,
  c: Context,
  who: Caller,
  key: ObjectKey,
  opts: StoreOptions,
): Promise<{ Id: string; Key: string }> {
  const b = await s.bucket(key.bucket);
  const limit = s.sizeLimit(b);
  const { input, declared, cacheControl, userMetadata } = await receive(c, limit);
  const { bytes, mime } = await checkedContent(b, limit, input, declared);
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
  let writing = false;
  try {
    await s.asCaller(c, who, async (tx) => {
      await lockObjects(tx, key);
      if (opts.replaceOnly) {
        if (!(await replaceObject(tx, key, opts.owner, metadata, userMetadata)))
          throw objectNotFound();
      } else {
        await insertObject(
          tx,
          { ...key, id, owner: opts.owner, metadata, userMetadata },
          opts.upsert,
        );
      }
      writing = true;
      await s.blobs.put(key, bytes, mime);
    });
  } catch (e) {
    if (writing) await tidyUp(s.db, s.blobs, [key]);
    throw e;
  }
  return { Id: id, Key: `${key.bucket}/${key.name}` };
}

export const uploadObject = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, 4); // ['', 'storage', 'v1', 'object', bucket, ...]
  const upsert = (c.req.header('x-upsert') ?? 'false') === 'true';
  return c.json(
    await storeObject(s, c, who, key, {
      upsert,
      replaceOnly: c.req.method === 'PUT' && !upsert,
      owner: who.userId,
    }),
  );
};

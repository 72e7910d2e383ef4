/** Supabase Storage-compatible API (buckets, upload, download, remove, list) at /storage/v1. */
import { Hono, type Context } from 'hono';
import path from 'node:path';
import { createHash, randomUUID } from 'node:crypto';
import { fileTypeFromBuffer } from 'file-type';
import type { AppContext } from '../context.js';
import { JwtError, resolveCaller, type Caller } from '../authz.js';
import { runAs } from '../db/run-as.js';
import { isPgError } from '../db/types.js';
import { ImageRejected, isUnsafeTarget, readBounded, reencodeImage } from './uploads.js';
import {
  FsBlobStore,
  MemoryBlobStore,
  isSafeBucketId,
  isSafeObjectName,
  type BlobStore,
} from './blobs.js';
import { pgArrayLiteral } from '../rest/pg-array.js';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

interface BucketRow {
  id: string;
  name: string;
  owner: string | null;
  public: boolean;
  file_size_limit: number | string | null;
  allowed_mime_types: string[] | null;
  created_at: string;
  updated_at: string;
}

const BUCKET_COLS = `id, name, owner::text, public, file_size_limit, allowed_mime_types,
  to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at`;

/** Binary formats file-type recognises: a declared type among these must match the bytes. */
const SNIFFABLE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic|heif)|application\/pdf|video\/|audio\/)/;

function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

function pgErrorToStorage(e: unknown, isUser: boolean): StorageError | null {
  if (!isPgError(e)) return null;
  if (e.code === '42501') return new StorageError(isUser ? 403 : 401, 'Unauthorized', e.message);
  // auth.require_live_user(): the token's user was deleted
  if (e.code === 'PT401') return new StorageError(403, 'Unauthorized', e.message);
  if (e.code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
  if (e.code === '23503') return new StorageError(404, 'Bucket not found', 'Bucket not found');
  if (e.code.startsWith('22') || e.code.startsWith('23') || e.code === 'P0001')
    return new StorageError(400, 'InvalidRequest', e.message);
  return null;
}

export function storageApp(ctx: AppContext): Hono {
  const app = new Hono();
  const { db, config } = ctx;
  const blobs: BlobStore = config.dataDir
    ? new FsBlobStore(path.join(config.dataDir, 'storage'))
    : new MemoryBlobStore();

  app.onError((err, c) => {
    if (err instanceof StorageError)
      return c.json(
        { statusCode: String(err.status), error: err.error, message: err.message },
        err.status as 400,
      );
    if (err instanceof JwtError)
      return c.json(
        {
          statusCode: '403',
          error: 'Unauthorized',
          message: err.expired ? 'jwt expired' : 'invalid signature',
        },
        400,
      );
    if (err instanceof RangeError)
      return c.json(
        {
          statusCode: '400',
          error: 'InvalidRequest',
          message: 'The JSON body is nested too deeply',
        },
        400,
      );
    console.error('[storage] unexpected error:', err);
    return c.json({ statusCode: '500', error: 'internal', message: 'Internal server error' }, 500);
  });

  // '..' and '.' segments (raw or %2e-encoded), backslashes and NULs in the target as sent:
  // the URL parser would resolve them before the routes see the path, so refuse them here.
  app.use('*', async (c, next) => {
    const incoming = (c.env as { incoming?: { url?: unknown } } | undefined)?.incoming;
    const target = typeof incoming?.url === 'string' ? incoming.url : new URL(c.req.url).pathname;
    if (isUnsafeTarget(target))
      throw new StorageError(400, 'InvalidKey', 'Invalid key: the path must not climb out');
    await next();
  });

  const caller = (c: Context): Promise<Caller> =>
    resolveCaller(ctx.keys, {
      authorization: c.req.header('authorization'),
      apikey: c.req.header('apikey'),
    });

  const reqInfo = (c: Context) => ({ method: c.req.method, path: new URL(c.req.url).pathname });

  /** Runs as the caller, translating Postgres errors into storage errors. */
  async function asCaller<T>(
    c: Context,
    who: Caller,
    fn: Parameters<typeof runAs<T>>[3],
  ): Promise<T> {
    try {
      return await runAs(db, who, reqInfo(c), fn);
    } catch (e) {
      throw pgErrorToStorage(e, who.isUser) ?? e;
    }
  }

  async function getBucket(id: string): Promise<BucketRow> {
    if (!isSafeBucketId(id)) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    const r = await db.query<BucketRow>(
      `select ${BUCKET_COLS} from storage.buckets where id = $1`,
      [id],
    );
    const b = r.rows[0];
    if (!b) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return b;
  }

  const objectName = (c: Context, prefixLen: number): { bucket: string; name: string } => {
    let decoded: string;
    try {
      decoded = decodeURIComponent(new URL(c.req.url).pathname);
    } catch {
      throw new StorageError(400, 'InvalidKey', 'Invalid key: malformed percent-encoding');
    }
    const p = decoded.split('/').slice(prefixLen);
    const bucket = p[0] ?? '';
    const name = p.slice(1).join('/');
    if (!isSafeBucketId(bucket)) throw new StorageError(400, 'InvalidKey', 'Invalid bucket name');
    if (!isSafeObjectName(name))
      throw new StorageError(400, 'InvalidKey', `Invalid key: ${name.slice(0, 100)}`);
    return { bucket, name };
  };

  // ---------------------------------------------------------------- buckets
  const bucketJson = (b: BucketRow) => ({
    ...b,
    file_size_limit: b.file_size_limit === null ? null : Number(b.file_size_limit),
  });

  app.get('/bucket', async (c) => {
    const who = await caller(c);
    const rows = await asCaller(c, who, (tx) =>
      tx.query<BucketRow>(`select ${BUCKET_COLS} from storage.buckets order by name`),
    );
    return c.json(rows.rows.map(bucketJson));
  });

  app.get('/bucket/:id', async (c) => {
    const who = await caller(c);
    const id = c.req.param('id');
    if (!isSafeBucketId(id)) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    const rows = await asCaller(c, who, (tx) =>
      tx.query<BucketRow>(`select ${BUCKET_COLS} from storage.buckets where id = $1`, [id]),
    );
    const b = rows.rows[0];
    if (!b) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return c.json(bucketJson(b));
  });

  const readJson = async (c: Context): Promise<Record<string, unknown>> => {
    try {
      const v = (await c.req.json()) as unknown;
      if (typeof v !== 'object' || v === null || Array.isArray(v)) throw new Error('not an object');
      return v as Record<string, unknown>;
    } catch {
      throw new StorageError(400, 'InvalidRequest', 'Body must be a JSON object');
    }
  };

  function bucketFields(b: Record<string, unknown>) {
    const limit = b['file_size_limit'] ?? b['fileSizeLimit'];
    let size: number | null = null;
    if (typeof limit === 'number') size = limit;
    else if (typeof limit === 'string' && limit) {
      const m = /^([0-9]+)\s*(b|kb|mb|gb)?$/i.exec(limit.trim());
      if (!m) throw new StorageError(400, 'InvalidRequest', 'Invalid file_size_limit');
      const unit = (m[2] ?? 'b').toLowerCase();
      size = Number(m[1]) * ({ b: 1, kb: 1024, mb: 1024 ** 2, gb: 1024 ** 3 }[unit] ?? 1);
    }
    const mimes = b['allowed_mime_types'] ?? b['allowedMimeTypes'];
    if (
      mimes !== undefined &&
      mimes !== null &&
      (!Array.isArray(mimes) ||
        !mimes.every((m) => typeof m === 'string' && /^[a-z0-9.+*-]+\/[a-z0-9.+*-]+$/i.test(m)))
    )
      throw new StorageError(400, 'InvalidRequest', 'Invalid allowed_mime_types');
    return {
      public: b['public'] === true,
      size,
      mimes: (mimes as string[] | null | undefined) ?? null,
    };
  }

  app.post('/bucket', async (c) => {
    const who = await caller(c);
    const b = await readJson(c);
    const id =
      typeof b['id'] === 'string' ? b['id'] : typeof b['name'] === 'string' ? b['name'] : '';
    if (!isSafeBucketId(id)) throw new StorageError(400, 'InvalidRequest', 'Bucket name invalid');
    const f = bucketFields(b);
    await asCaller(c, who, (tx) =>
      tx.query(
        `insert into storage.buckets (id, name, owner, public, file_size_limit, allowed_mime_types) values ($1, $1, $2::uuid, $3, $4, $5)`,
        [id, who.userId, f.public, f.size, f.mimes ? pgArrayLiteral(f.mimes) : null],
      ),
    );
    return c.json({ name: id });
  });

  app.put('/bucket/:id', async (c) => {
    const who = await caller(c);
    const id = c.req.param('id');
    const f = bucketFields(await readJson(c));
    const r = await asCaller(c, who, (tx) =>
      tx.query(
        `update storage.buckets set public = $2, file_size_limit = $3, allowed_mime_types = $4, updated_at = now() where id = $1`,
        [id, f.public, f.size, f.mimes ? pgArrayLiteral(f.mimes) : null],
      ),
    );
    if (!r.affectedRows) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return c.json({ message: 'Successfully updated' });
  });

  app.delete('/bucket/:id', async (c) => {
    const who = await caller(c);
    const id = c.req.param('id');
    const r = await asCaller(c, who, async (tx) => {
      const n = await tx.query<{ n: number }>(
        'select count(*)::int as n from storage.objects where bucket_id = $1',
        [id],
      );
      if ((n.rows[0]?.n ?? 0) > 0)
        throw new StorageError(
          409,
          'InvalidRequest',
          'The bucket you tried to delete is not empty',
        );
      return tx.query('delete from storage.buckets where id = $1', [id]);
    });
    if (!r.affectedRows) throw new StorageError(404, 'Bucket not found', 'Bucket not found');
    return c.json({ message: 'Successfully deleted' });
  });

  // ---------------------------------------------------------------- objects
  const tooLarge = () =>
    new StorageError(413, 'Payload too large', 'The object exceeded the maximum allowed size');

  /** The largest object the bucket takes (its own limit, never above the server's). */
  const sizeLimit = (b: BucketRow): number =>
    b.file_size_limit === null
      ? config.maxUploadBytes
      : Math.min(Number(b.file_size_limit), config.maxUploadBytes);

  /**
   * Checks an object's type against its bytes and the bucket, and re-encodes images without
   * their metadata. Returns the bytes to store and their type.
   */
  async function checkedContent(
    b: BucketRow,
    input: Uint8Array,
    declared: string | undefined,
  ): Promise<{ bytes: Uint8Array; mime: string }> {
    if (input.length > sizeLimit(b)) throw tooLarge();
    const sniffed = await fileTypeFromBuffer(input).catch(() => undefined);
    // A declared image (or other binary format) must be one by its bytes: a text file renamed
    // .png is refused, and a PNG labelled image/jpeg is stored as what it is.
    if (declared && (declared.startsWith('image/') || SNIFFABLE.test(declared))) {
      if (!sniffed || (declared.startsWith('image/') && !sniffed.mime.startsWith('image/')))
        throw new StorageError(
          415,
          'invalid_mime_type',
          `The file's content does not match its type ${declared}`,
        );
    }
    let mime = sniffed?.mime ?? declared ?? 'application/octet-stream';
    if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mime)) mime = 'application/octet-stream';
    if (!mimeAllowed(mime, b.allowed_mime_types))
      throw new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
    if (!mime.startsWith('image/')) return { bytes: input, mime };
    try {
      return { bytes: await reencodeImage(input, mime), mime };
    } catch (e) {
      if (!(e instanceof ImageRejected)) throw e;
      if (e.reason === 'too_many_pixels')
        throw new StorageError(413, 'Payload too large', e.message);
      throw new StorageError(415, 'invalid_mime_type', e.message);
    }
  }

  async function upload(c: Context, upsertDefault: boolean): Promise<Response> {
    const who = await caller(c);
    const { bucket, name } = objectName(c, 4); // ['', 'storage', 'v1', 'object', bucket, ...]
    const b = await getBucket(bucket);
    const limit = sizeLimit(b);
    let input: Uint8Array;
    let declared: string | undefined;
    let cacheControl = c.req.header('cache-control') ?? 'max-age=3600';
    const ct = c.req.header('content-type') ?? '';
    const multipart = ct.startsWith('multipart/form-data');
    // never hold more than the bucket takes (plus room for the form's own fields)
    const raw = await readBounded(c.req.raw.body, multipart ? limit + 64 * 1024 : limit);
    if (!raw) throw tooLarge();
    if (multipart) {
      let form: FormData;
      try {
        form = await new Request('http://storage.local/', {
          method: 'POST',
          headers: { 'content-type': ct },
          body: raw,
        }).formData();
      } catch {
        throw new StorageError(400, 'InvalidRequest', 'Malformed multipart body');
      }
      const file = [...form.values()].find((v): v is File => typeof v !== 'string');
      if (!file) throw new StorageError(400, 'InvalidRequest', 'No file in the form');
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
    const { bytes, mime } = await checkedContent(b, input, declared);
    const upsert = (c.req.header('x-upsert') ?? String(upsertDefault)) === 'true';
    const etag = `"${createHash('md5').update(bytes).digest('hex')}"`;
    const metadata = {
      eTag: etag,
      size: bytes.length,
      mimetype: mime,
      cacheControl,
      lastModified: new Date().toISOString(),
      contentLength: bytes.length,
      httpStatusCode: 200,
    };
    // No RETURNING: uploading needs only an INSERT (and, for upserts, UPDATE) policy, as on Supabase.
    const id = randomUUID();
    await asCaller(c, who, async (tx) => {
      if (c.req.method === 'PUT' && !upsert) {
        const r = await tx.query(
          `update storage.objects set metadata = $3::jsonb, updated_at = now(), owner = $4::uuid, owner_id = $5 where bucket_id = $1 and name = $2`,
          [bucket, name, JSON.stringify(metadata), who.userId, who.userId],
        );
        if (!r.affectedRows) throw new StorageError(404, 'not_found', 'Object not found');
      } else {
        await tx.query(
          `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) values ($6::uuid, $1, $2, $3::uuid, $4, $5::jsonb)` +
            (upsert
              ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
              : ''),
          [bucket, name, who.userId, who.userId, JSON.stringify(metadata), id],
        );
      }
      await blobs.put(bucket, name, bytes);
    });
    return c.json({ Id: id, Key: `${bucket}/${name}` });
  }

  // (registered before the upload route, which would otherwise match /object/list/<bucket>)
  app.post('/object/list/:bucket', async (c) => {
    const who = await caller(c);
    const bucket = c.req.param('bucket');
    const body = await readJson(c);
    const prefix =
      typeof body['prefix'] === 'string' ? body['prefix'].replace(/^\/+|\/+$/g, '') : '';
    const limit = Math.min(1000, Math.max(1, Number(body['limit'] ?? 100) || 100));
    const offset = Math.max(0, Number(body['offset'] ?? 0) || 0);
    const search = typeof body['search'] === 'string' ? body['search'] : '';
    const like = (s: string) => s.replace(/[\\%_]/g, (m) => `\\${m}`);
    const base = prefix ? `${prefix}/` : '';
    const r = await asCaller(c, who, (tx) =>
      tx.query<{
        name: string;
        id: string | null;
        metadata: unknown;
        created_at: string | null;
        updated_at: string | null;
      }>(
        `select name, id::text, metadata, to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at
         from storage.objects where bucket_id = $1 and name like $2 order by name limit 10000`,
        [bucket, `${like(base)}${like(search)}%`],
      ),
    );
    const seen = new Set<string>();
    const items: Record<string, unknown>[] = [];
    for (const row of r.rows) {
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
  });

  /** The source and destination of a move or copy (supabase-js: bucketId, sourceKey, ...). */
  async function transferKeys(c: Context) {
    const body = await readJson(c);
    const str = (k: string) => (typeof body[k] === 'string' ? (body[k] as string) : '');
    const from = { bucket: str('bucketId'), name: str('sourceKey') };
    const to = { bucket: str('destinationBucket') || from.bucket, name: str('destinationKey') };
    for (const k of [from, to]) {
      if (!isSafeBucketId(k.bucket))
        throw new StorageError(400, 'InvalidKey', 'Invalid bucket name');
      if (!isSafeObjectName(k.name))
        throw new StorageError(400, 'InvalidKey', `Invalid key: ${k.name.slice(0, 100)}`);
    }
    return { from, to };
  }

  /** The source row as the caller sees it, checked against the destination bucket's rules. */
  async function transferSource(
    tx: Parameters<Parameters<typeof runAs>[3]>[0],
    from: { bucket: string; name: string },
    dest: BucketRow,
  ): Promise<{ metadata: Record<string, unknown> | null; bytes: Uint8Array }> {
    const r = await tx.query<{ metadata: unknown }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [from.bucket, from.name],
    );
    const row = r.rows[0];
    const bytes = row ? await blobs.get(from.bucket, from.name) : null;
    if (!row || !bytes) throw new StorageError(404, 'not_found', 'Object not found');
    const metadata = (
      typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata
    ) as Record<string, unknown> | null;
    const mime =
      typeof metadata?.['mimetype'] === 'string'
        ? metadata['mimetype']
        : 'application/octet-stream';
    if (bytes.length > sizeLimit(dest)) throw tooLarge();
    if (!mimeAllowed(mime, dest.allowed_mime_types))
      throw new StorageError(415, 'invalid_mime_type', `mime type ${mime} is not supported`);
    return { metadata, bytes };
  }

  // Moving needs UPDATE on the source row (the new name must pass the policy too); a taken
  // destination is a 409, never an overwrite.
  app.post('/object/move', async (c) => {
    const who = await caller(c);
    const { from, to } = await transferKeys(c);
    const dest = await getBucket(to.bucket);
    await asCaller(c, who, async (tx) => {
      const { bytes } = await transferSource(tx, from, dest);
      const r = await tx.query(
        `update storage.objects set bucket_id = $3, name = $4, updated_at = now() where bucket_id = $1 and name = $2`,
        [from.bucket, from.name, to.bucket, to.name],
      );
      if (!r.affectedRows) throw new StorageError(404, 'not_found', 'Object not found');
      await blobs.put(to.bucket, to.name, bytes);
    });
    await blobs.remove(from.bucket, from.name);
    return c.json({ message: 'Successfully moved' });
  });

  // Copying needs SELECT on the source and INSERT (with x-upsert: true, also UPDATE) on the copy.
  app.post('/object/copy', async (c) => {
    const who = await caller(c);
    const { from, to } = await transferKeys(c);
    const dest = await getBucket(to.bucket);
    const upsert = c.req.header('x-upsert') === 'true';
    const id = randomUUID();
    await asCaller(c, who, async (tx) => {
      const { metadata, bytes } = await transferSource(tx, from, dest);
      await tx.query(
        `insert into storage.objects (id, bucket_id, name, owner, owner_id, metadata) values ($6::uuid, $1, $2, $3::uuid, $4, $5::jsonb)` +
          (upsert
            ? ` on conflict (bucket_id, name) do update set metadata = excluded.metadata, owner = excluded.owner, owner_id = excluded.owner_id, updated_at = now()`
            : ''),
        [
          to.bucket,
          to.name,
          who.userId,
          who.userId,
          JSON.stringify({ ...metadata, lastModified: new Date().toISOString() }),
          id,
        ],
      );
      await blobs.put(to.bucket, to.name, bytes);
    });
    return c.json({ Id: id, Key: `${to.bucket}/${to.name}` });
  });

  app.post('/object/:bucket/*', (c) => upload(c, false));
  app.put('/object/:bucket/*', (c) => upload(c, false));

  async function download(
    c: Context,
    row: { metadata: unknown } | undefined,
    bucket: string,
    name: string,
  ): Promise<Response> {
    if (!row) throw new StorageError(404, 'not_found', 'Object not found');
    const bytes = await blobs.get(bucket, name);
    if (!bytes) throw new StorageError(404, 'not_found', 'Object not found');
    const meta = (
      typeof row.metadata === 'string' ? JSON.parse(row.metadata) : row.metadata
    ) as Record<string, unknown> | null;
    const mime =
      typeof meta?.['mimetype'] === 'string' ? meta['mimetype'] : 'application/octet-stream';
    const headers: Record<string, string> = {
      'content-type': mime,
      'content-length': String(bytes.length),
      'cache-control':
        typeof meta?.['cacheControl'] === 'string' ? meta['cacheControl'] : 'no-cache',
      'content-security-policy': "default-src 'none'; sandbox",
    };
    if (typeof meta?.['eTag'] === 'string') headers['etag'] = meta['eTag'];
    if (c.req.query('download') !== undefined)
      headers['content-disposition'] =
        `attachment; filename="${encodeURIComponent(name.split('/').pop() ?? 'file')}"`;
    return new Response(c.req.method === 'HEAD' ? null : new Blob([new Uint8Array(bytes)]), {
      status: 200,
      headers,
    });
  }

  const publicGet = async (c: Context) => {
    const { bucket, name } = objectName(c, 5); // /storage/v1/object/public/<bucket>/<name>
    const b = await getBucket(bucket);
    if (!b.public) throw new StorageError(404, 'not_found', 'Object not found');
    const r = await db.query<{ metadata: unknown }>(
      'select metadata from storage.objects where bucket_id = $1 and name = $2',
      [bucket, name],
    );
    return download(c, r.rows[0], bucket, name);
  };
  app.get('/object/public/:bucket/*', publicGet);
  app.on('HEAD', '/object/public/:bucket/*', publicGet);

  const privateGet = (prefixLen: number) => async (c: Context) => {
    const who = await caller(c);
    const { bucket, name } = objectName(c, prefixLen);
    const r = await asCaller(c, who, (tx) =>
      tx.query<{ metadata: unknown }>(
        'select metadata from storage.objects where bucket_id = $1 and name = $2',
        [bucket, name],
      ),
    );
    return download(c, r.rows[0], bucket, name);
  };
  app.get('/object/authenticated/:bucket/*', privateGet(5));
  app.on('HEAD', '/object/authenticated/:bucket/*', privateGet(5));
  app.get('/object/:bucket/*', privateGet(4));
  app.on('HEAD', '/object/:bucket/*', privateGet(4));

  app.delete('/object/:bucket', async (c) => {
    const who = await caller(c);
    const bucket = c.req.param('bucket');
    const body = await readJson(c);
    const prefixes = body['prefixes'];
    if (
      !Array.isArray(prefixes) ||
      !prefixes.every((p) => typeof p === 'string') ||
      prefixes.length > 1000
    )
      throw new StorageError(400, 'InvalidRequest', 'prefixes must be an array of object names');
    const names = (prefixes as string[]).filter(isSafeObjectName);
    const r = await asCaller(c, who, (tx) =>
      tx.query<Record<string, unknown>>(
        `delete from storage.objects where bucket_id = $1 and name = any($2::text[])
         returning bucket_id, name, id::text, owner::text, metadata, to_json(created_at)#>>'{}' as created_at, to_json(updated_at)#>>'{}' as updated_at`,
        [bucket, pgArrayLiteral(names)],
      ),
    );
    for (const row of r.rows) await blobs.remove(bucket, row['name'] as string);
    return c.json(r.rows);
  });

  app.all('*', () => {
    throw new StorageError(404, 'not_found', 'Route not found');
  });
  return app;
}

/** What every storage endpoint shares: the caller, running as them, keys, buckets and bodies. */
import type { Context } from 'hono';
import type { AppContext } from '../context.js';
import type { Config } from '../config.js';
import type { Caller } from '../authz.js';
import type { Db, Queryable } from '../db/types.js';
import type { KeySet } from '../keys.js';
import { runAs } from '../db/run-as.js';
import { requestCaller } from '../shared/caller.js';
import { JsonBodyError, readJsonObject } from '../shared/json-body.js';
import { isSafeBucketId, isSafeObjectName, type BlobStore } from './blobs.js';
import {
  bucketNotFound,
  fromPgError,
  invalidKey,
  invalidObjectKey,
  invalidRequest,
} from './errors.js';
import { findBucket, type BucketRow } from './models/buckets.js';
import type { ObjectKey } from './models/objects.js';

export interface StorageService {
  db: Db;
  keys: KeySet;
  config: Config;
  blobs: BlobStore;
  caller(c: Context): Promise<Caller>;
  /** Runs fn in one transaction as the caller, translating Postgres errors into storage errors. */
  asCaller<T>(c: Context, who: Caller, fn: (tx: Queryable) => Promise<T>): Promise<T>;
  /** The bucket's settings (read past RLS: uploads and downloads check them for everyone). */
  bucket(id: string): Promise<BucketRow>;
  /** The largest object the bucket takes (its own limit, never above the server's). */
  sizeLimit(b: BucketRow): number;
}

export function storageService(ctx: AppContext, blobs: BlobStore): StorageService {
  const { db, config } = ctx;
  return {
    db,
    keys: ctx.keys,
    config,
    blobs,
    caller: (c) => requestCaller(c, ctx.keys),
    async asCaller(c, who, fn) {
      try {
        return await runAs(
          db,
          who,
          { method: c.req.method, path: new URL(c.req.url).pathname },
          fn,
        );
      } catch (e) {
        throw fromPgError(e, who.isUser) ?? e;
      }
    },
    async bucket(id) {
      if (!isSafeBucketId(id)) throw bucketNotFound();
      const b = await findBucket(db, id);
      if (!b) throw bucketNotFound();
      return b;
    },
    sizeLimit: (b) =>
      b.file_size_limit === null
        ? config.maxUploadBytes
        : Math.min(Number(b.file_size_limit), config.maxUploadBytes),
  };
}

/**
 * The bucket and object name in the request path after `prefixLen` segments, percent-decoded
 * and checked (e.g. 4 for /storage/v1/object/<bucket>/<name>).
 */
export function objectKeyOf(c: Context, prefixLen: number): ObjectKey {
  let decoded: string;
  try {
    decoded = decodeURIComponent(new URL(c.req.url).pathname);
  } catch {
    throw invalidKey('Invalid key: malformed percent-encoding');
  }
  const p = decoded.split('/').slice(prefixLen);
  const bucket = p[0] ?? '';
  const name = p.slice(1).join('/');
  checkKey({ bucket, name });
  return { bucket, name };
}

export function checkKey(k: ObjectKey): void {
  if (!isSafeBucketId(k.bucket)) throw invalidKey('Invalid bucket name');
  if (!isSafeObjectName(k.name)) throw invalidObjectKey(k.name);
}

/** The request body as a JSON object; anything else is Storage's 400. */
export async function readBody(c: Context): Promise<Record<string, unknown>> {
  try {
    return await readJsonObject(c);
  } catch (e) {
    if (e instanceof JsonBodyError) throw invalidRequest('Body must be a JSON object');
    throw e;
  }
}

/** An object's stored metadata (jsonb comes back parsed from node-postgres, as text from PGlite). */
export function parseMetadata(raw: unknown): Record<string, unknown> | null {
  return (typeof raw === 'string' ? JSON.parse(raw) : raw) as Record<string, unknown> | null;
}

export function mimeOf(meta: Record<string, unknown> | null): string {
  return typeof meta?.['mimetype'] === 'string' ? meta['mimetype'] : 'application/octet-stream';
}

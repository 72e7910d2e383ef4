/** Supabase Storage-compatible API at /storage/v1: the route table and the error answers. */
import { Hono, type Context } from 'hono';
import type { AppContext } from '../context.js';
import { JwtError } from '../authz.js';
import type { BlobStore } from './blobs.js';
import { blobStoreFor, storageSettings } from './driver.js';
import { startOrphanSweep } from './consistency.js';
import { isUnsafeTarget } from './uploads.js';
import { StorageBackendError, StorageError, invalidKey, routeNotFound } from './errors.js';
import { storageService, type StorageService } from './service.js';
import {
  changeBucket,
  createBucket,
  emptyBucket,
  getBucket,
  getBuckets,
  removeBucket,
} from './buckets.js';
import { objectInfo } from './info.js';
import { signUpload, uploadSigned } from './signed-upload.js';
import { uploadObject } from './upload.js';
import { listFolder, listFolderV2 } from './list.js';
import { copyObjectRoute, moveObjectRoute } from './transfer.js';
import { privateObject, publicObject } from './download.js';
import { removeObjects } from './remove.js';
import { signObject, signObjects, signedObject, signedRender } from './sign.js';
import { renderAuthenticatedImage, renderPublicImage } from './render.js';

type Method = 'GET' | 'HEAD' | 'POST' | 'PUT' | 'DELETE';
type Route = [Method[], string, (s: StorageService) => (c: Context) => Promise<Response>];

/**
 * In matching order: the fixed routes under /object (list, move, copy, sign, upload/sign, info,
 * public, authenticated) come before the upload and download routes, which would otherwise take
 * them as bucket names.
 */
const ROUTES: Route[] = [
  [['GET'], '/bucket', getBuckets],
  [['GET'], '/bucket/:id', getBucket],
  [['POST'], '/bucket', createBucket],
  [['POST'], '/bucket/:id/empty', emptyBucket],
  [['PUT'], '/bucket/:id', changeBucket],
  [['DELETE'], '/bucket/:id', removeBucket],
  [['POST'], '/object/list/:bucket', listFolder],
  [['POST'], '/object/list-v2/:bucket', listFolderV2],
  [['POST'], '/object/move', moveObjectRoute],
  [['POST'], '/object/copy', copyObjectRoute],
  [['POST'], '/object/upload/sign/:bucket/*', signUpload],
  [['PUT'], '/object/upload/sign/:bucket/*', uploadSigned],
  [['GET'], '/object/info/:bucket/*', (s) => objectInfo(s, 5)],
  // (a trailing /* also matches nothing at all: the batch route goes first)
  [['POST'], '/object/sign/:bucket', signObjects],
  [['POST'], '/object/sign/:bucket/*', signObject],
  [['GET', 'HEAD'], '/object/sign/:bucket/*', signedObject],
  [['GET', 'HEAD'], '/object/public/:bucket/*', publicObject],
  [['GET', 'HEAD'], '/object/authenticated/:bucket/*', (s) => privateObject(s, 5)],
  [['POST', 'PUT'], '/object/:bucket/*', uploadObject],
  [['GET', 'HEAD'], '/object/:bucket/*', (s) => privateObject(s, 4)],
  [['DELETE'], '/object/:bucket', removeObjects],
  [['GET', 'HEAD'], '/render/image/public/:bucket/*', renderPublicImage],
  [['GET', 'HEAD'], '/render/image/authenticated/:bucket/*', renderAuthenticatedImage],
  [['GET', 'HEAD'], '/render/image/sign/:bucket/*', signedRender],
];

/**
 * The first path segments under /object that name a Storage route, never a bucket: a request
 * under one of them that no route above takes is Storage's 404, not an upload or download in a
 * bucket of that name (Storage's own router matches these fixed paths first as well).
 */
const RESERVED_OBJECT_SEGMENTS = new Set([
  'list',
  'list-v2',
  'move',
  'copy',
  'sign',
  'upload',
  'info',
  'public',
  'authenticated',
]);

/**
 * With an orphan sweep interval set, removes bytes that no row claims in the background
 * (consistency.ts) until the returned stop is called; null when the sweep is off.
 */
export function startStorageSweep(ctx: AppContext): (() => void) | null {
  const settings = storageSettings(ctx.config);
  if (settings.orphanSweepIntervalMs <= 0) return null;
  return startOrphanSweep(
    ctx.db,
    blobStoreFor(ctx.config),
    settings.orphanSweepIntervalMs,
    settings.orphanGraceMs,
  );
}

/** The storage API over the byte store the config names (storage/settings.ts). */
export function storageApp(ctx: AppContext): Hono {
  const app = new Hono();
  const blobs: BlobStore = blobStoreFor(ctx.config);
  const service = storageService(ctx, blobs);

  app.onError((err, c) => {
    if (err instanceof StorageBackendError) console.error(`[storage] ${err.detail}`);
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
    if (isUnsafeTarget(target)) throw invalidKey('Invalid key: the path must not climb out');
    await next();
  });

  // before the routes: a reserved /object/<segment>/... that no fixed route below matches
  const fixed = ROUTES.filter(([, r]) => !r.startsWith('/object/:bucket'));
  const byBucket = ROUTES.filter(([, r]) => r.startsWith('/object/:bucket'));
  for (const [methods, route, handler] of fixed) app.on(methods, route, handler(service));
  app.all('/object/:segment/*', async (c, next) => {
    if (RESERVED_OBJECT_SEGMENTS.has(c.req.param('segment') ?? '')) throw routeNotFound();
    await next();
  });
  for (const [methods, route, handler] of byBucket) app.on(methods, route, handler(service));
  app.all('*', () => {
    throw routeNotFound();
  });
  return app;
}

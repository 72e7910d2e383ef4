/**
 * Signed URLs: POST /object/sign/:bucket/* ({ expiresIn }) and POST /object/sign/:bucket
 * ({ expiresIn, paths }) hand out time-limited links to objects the caller may read;
 * GET /object/sign/:bucket/*?token= serves them without any other credential (for <img> tags
 * that cannot send a token, e.g. an admin reviewing a photo that is not public yet).
 */
import type { Context } from 'hono';
import type { Caller } from '../authz.js';
import { StorageError, invalidRequest, objectNotFound } from './errors.js';
import { findObjectMetadata, type ObjectKey } from './models/objects.js';
import { readableObject, send } from './download.js';
import { parseTransform, transformationsHeader } from './transform.js';
import { renderResponse } from './render.js';
import { checkKey, objectKeyOf, readBody, type StorageService } from './service.js';

/** The longest a signed URL may live: one year. */
const MAX_EXPIRES_IN = 365 * 24 * 3600;

function expiresIn(body: Record<string, unknown>): number {
  const v = body['expiresIn'];
  if (typeof v !== 'number' || !Number.isInteger(v) || v < 1 || v > MAX_EXPIRES_IN)
    throw invalidRequest(`expiresIn must be a whole number of seconds from 1 to ${MAX_EXPIRES_IN}`);
  return v;
}

const objectPath = (key: ObjectKey) => `${key.bucket}/${key.name}`;

/**
 * The transformation a signing request names (`transform`, as supabase-js sends it), as the
 * query string a render URL would carry; refused with Storage's 400 like a render URL's.
 */
function transformQuery(body: Record<string, unknown>): string | null {
  const t = body['transform'];
  if (t === undefined || t === null) return null;
  if (typeof t !== 'object' || Array.isArray(t))
    throw invalidRequest('transform must be an object');
  const q: Record<string, string> = {};
  for (const k of ['width', 'height', 'resize', 'format', 'quality'])
    if ((t as Record<string, unknown>)[k] !== undefined)
      q[k] = String((t as Record<string, unknown>)[k]);
  parseTransform(q); // refuses what a render URL would refuse
  return Object.keys(q).length ? new URLSearchParams(q).toString() : null;
}

async function signedPath(
  s: StorageService,
  c: Context,
  who: Caller,
  key: ObjectKey,
  seconds: number,
  transform: string | null = null,
): Promise<string> {
  if (!(await readableObject(s, c, who, key))) throw objectNotFound();
  // no role claim: the token is never accepted as an API key or session; the signer is named so
  // that a photo-wall link serves only while the signer may still read the file
  const signer = who.isUser && who.userId ? who.userId : null;
  const anonymous = who.claims['is_anonymous'] === true;
  // a transformation is part of what is signed: the link renders exactly that, as Supabase's
  const token = await s.keys.sign(
    {
      url: objectPath(key),
      signer,
      anonymous,
      ...(transform ? { transformations: transform } : {}),
    },
    seconds,
  );
  return transform
    ? `/render/image/sign/${objectPath(key)}?token=${token}`
    : `/object/sign/${objectPath(key)}?token=${token}`;
}

export const signObject = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, 5); // /storage/v1/object/sign/<bucket>/<name>
  const body = await readBody(c);
  const seconds = expiresIn(body);
  const transform = transformQuery(body);
  return c.json({ signedURL: await signedPath(s, c, who, key, seconds, transform) });
};

export const signObjects = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const bucket = c.req.param('bucket') ?? '';
  const body = await readBody(c);
  const seconds = expiresIn(body);
  const paths = body['paths'];
  if (
    !Array.isArray(paths) ||
    paths.length > 1000 ||
    !paths.every((p): p is string => typeof p === 'string')
  )
    throw invalidRequest('paths must be an array of object names');
  const out: { path: string; signedURL: string | null; error: string | null }[] = [];
  for (const name of paths) {
    try {
      checkKey({ bucket, name });
      out.push({
        path: name,
        signedURL: await signedPath(s, c, who, { bucket, name }, seconds),
        error: null,
      });
    } catch (e) {
      if (!(e instanceof StorageError)) throw e;
      out.push({
        path: name,
        signedURL: null,
        error: 'Either the object does not exist or you do not have access to it',
      });
    }
  }
  return c.json(out);
};

const PHOTO_WALL = 'photo-wall';

/**
 * A photo-wall file is public only while an approved photo shows it, so a link signed while it
 * was approved must stop serving once it is taken down: it serves while the photo is approved,
 * or while its signer may still read the file (the uploader, an admin reviewing it).
 */
async function photoStillReadable(
  s: StorageService,
  name: string,
  claims: Record<string, unknown>,
): Promise<boolean> {
  const signer = typeof claims['signer'] === 'string' ? claims['signer'] : null;
  const member = signer !== null && claims['anonymous'] !== true;
  const r = await s.db.query<{ ok: boolean }>(
    `select private.photo_object_approved($1)
        or ($3::boolean and starts_with($1, $2 || '/'))
        or ($3::boolean and private.has_role($2::uuid, 'admin'::public.app_role)) as ok`,
    [name, signer ?? '00000000-0000-0000-0000-000000000000', member],
  );
  return r.rows[0]?.ok === true;
}

/** The claims of a signed link's token for `key`; Storage's 400 when it is not one. */
async function signedClaims(
  s: StorageService,
  c: Context,
  key: ObjectKey,
): Promise<Record<string, unknown>> {
  const token = c.req.query('token');
  if (!token)
    throw new StorageError(400, 'InvalidJWT', 'querystring must have required property token');
  let claims: Record<string, unknown>;
  try {
    claims = await s.keys.verify(token);
  } catch (e) {
    const expired = (e as { code?: string }).code === 'ERR_JWT_EXPIRED';
    throw new StorageError(400, 'InvalidJWT', expired ? 'jwt expired' : 'invalid signature');
  }
  if (claims['url'] !== objectPath(key) || claims['upload'] !== undefined)
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature');
  if (key.bucket === PHOTO_WALL && !(await photoStillReadable(s, key.name, claims)))
    throw objectNotFound();
  return claims;
}

export const signedObject = (s: StorageService) => async (c: Context) => {
  const key = objectKeyOf(c, 5);
  const claims = await signedClaims(s, c, key);
  // a link signed with a transformation serves only the rendered image, never the original
  if (typeof claims['transformations'] === 'string')
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature');
  return send(s, c, await findObjectMetadata(s.db, key), key);
};

/** GET /render/image/sign/:bucket/*?token=: the image rendered as the token's transformation. */
export const signedRender = (s: StorageService) => async (c: Context) => {
  const key = objectKeyOf(c, 6); // /storage/v1/render/image/sign/<bucket>/<name>
  const claims = await signedClaims(s, c, key);
  const signed = typeof claims['transformations'] === 'string' ? claims['transformations'] : '';
  const q = Object.fromEntries(new URLSearchParams(signed));
  return renderResponse(
    s,
    c,
    parseTransform(q),
    await findObjectMetadata(s.db, key),
    key,
    transformationsHeader(q),
  );
};

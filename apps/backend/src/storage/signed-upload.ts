/**
 * Signed upload URLs: POST /object/upload/sign/:bucket/* hands out a link that lets anyone
 * holding it upload that one object for two hours (supabase-js's createSignedUploadUrl);
 * PUT /object/upload/sign/:bucket/*?token= uploads through it (uploadToSignedUrl). Whether the
 * signer may create (or, with `x-upsert: true`, replace) the object is checked when signing,
 * and the upload runs as the signer again, so row-level security decides both times.
 */
import type { Context } from 'hono';
import type { Caller } from '../authz.js';
import { StorageError } from './errors.js';
import { insertObject, type ObjectKey } from './models/objects.js';
import { objectKeyOf, type StorageService } from './service.js';
import { storeObject } from './upload.js';

/** How long a signed upload URL works, as on Supabase: two hours. */
export const SIGNED_UPLOAD_SECONDS = 2 * 3600;

const objectPath = (key: ObjectKey) => `${key.bucket}/${key.name}`;

/** Thrown inside the signing transaction to roll back the trial insert. */
class TrialDone extends Error {}

/** The claims of a caller that an upload token carries (not its expiry or issue time). */
function callerClaims(who: Caller): Record<string, unknown> {
  const { exp: _exp, iat: _iat, nbf: _nbf, ...rest } = who.claims;
  return rest;
}

export const signUpload = (s: StorageService) => async (c: Context) => {
  const who = await s.caller(c);
  const key = objectKeyOf(c, 6); // /storage/v1/object/upload/sign/<bucket>/<name>
  await s.bucket(key.bucket);
  const upsert = (c.req.header('x-upsert') ?? 'false') === 'true';
  // the insert the upload will make, tried as the caller and rolled back
  try {
    await s.asCaller(c, who, async (tx) => {
      await insertObject(
        tx,
        { ...key, id: crypto.randomUUID(), owner: who.userId, metadata: {} },
        upsert,
      );
      throw new TrialDone();
    });
  } catch (e) {
    if (!(e instanceof TrialDone)) throw e;
  }
  // no role claim at the top: the token is never accepted as an API key or session
  const token = await s.keys.sign(
    { url: objectPath(key), upload: true, upsert, owner: who.userId, as: callerClaims(who) },
    SIGNED_UPLOAD_SECONDS,
  );
  return c.json({ url: `/object/upload/sign/${objectPath(key)}?token=${token}`, token });
};

export const uploadSigned = (s: StorageService) => async (c: Context) => {
  const key = objectKeyOf(c, 6);
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
  const as = claims['as'];
  if (claims['url'] !== objectPath(key) || claims['upload'] !== true || typeof as !== 'object')
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature');
  const signerClaims = as as Record<string, unknown>;
  const role = signerClaims['role'];
  if (role !== 'anon' && role !== 'authenticated' && role !== 'service_role')
    throw new StorageError(400, 'InvalidSignature', 'The url does not match the signature');
  const userId = typeof signerClaims['sub'] === 'string' ? signerClaims['sub'] : null;
  const signer: Caller = {
    role,
    claims: signerClaims,
    isUser: userId !== null,
    userId,
    token: null,
  };
  const owner = typeof claims['owner'] === 'string' ? claims['owner'] : null;
  const upsert = claims['upsert'] === true;
  const stored = await storeObject(s, c, signer, key, { upsert, replaceOnly: false, owner });
  return c.json(stored);
};

/** Storage API errors in Supabase Storage's shape: { statusCode, error, message }. */
import { isPgError } from '../db/types.js';

export class StorageError extends Error {
  constructor(
    readonly status: number,
    readonly error: string,
    message: string,
  ) {
    super(message);
  }
}

export const bucketNotFound = () => new StorageError(404, 'Bucket not found', 'Bucket not found');
export const objectNotFound = () => new StorageError(404, 'not_found', 'Object not found');
export const routeNotFound = () => new StorageError(404, 'not_found', 'Route not found');
export const invalidKey = (message: string) => new StorageError(400, 'InvalidKey', message);
export const invalidRequest = (message: string) => new StorageError(400, 'InvalidRequest', message);
export const invalidFileSizeLimit = () =>
  invalidRequest('Invalid file size format, hint: use 20GB / 20MB / 30KB / 3B');
export const bucketNotEmpty = () =>
  new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty');
export const tooLarge = (message = 'The object exceeded the maximum allowed size') =>
  new StorageError(413, 'Payload too large', message);
export const invalidMimeType = (message: string) =>
  new StorageError(415, 'invalid_mime_type', message);
export const mimeNotSupported = (mime: string) =>
  invalidMimeType(`mime type ${mime} is not supported`);
/**
 * The byte store (an S3-compatible service) failed, refused or did not answer in time. The
 * client gets a 500 with a short reason; the details go to the server log.
 */
export class StorageBackendError extends StorageError {
  constructor(
    message: string,
    readonly detail: string,
  ) {
    super(500, 'internal', message);
  }
}

export const invalidObjectKey = (name: string) => invalidKey(`Invalid key: ${name.slice(0, 100)}`);

/** A Postgres error raised while running as the caller, as Storage reports it (null: not one). */
export function fromPgError(e: unknown, isUser: boolean): StorageError | null {
  if (!isPgError(e)) return null;
  if (e.code === '42501') return new StorageError(isUser ? 403 : 401, 'Unauthorized', e.message);
  // auth.require_live_user(): the token's user was deleted
  if (e.code === 'PT401') return new StorageError(403, 'Unauthorized', e.message);
  if (e.code === '23505') return new StorageError(409, 'Duplicate', 'The resource already exists');
  if (e.code === '23503') return bucketNotFound();
  if (e.code.startsWith('22') || e.code.startsWith('23') || e.code === 'P0001')
    return invalidRequest(e.message);
  return null;
}

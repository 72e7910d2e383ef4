import { DataError } from './errors';
import { getStorage } from './supabase-client';

export type ImageBucket = 'photo-wall' | 'event-images';

/** Photo and event-image uploads accept image files only (image/* types). */
export function isImageFile(file: Pick<File, 'type'>): boolean {
  return /^image\//i.test(file.type);
}

/** The original extension of a file name, lower-case ("IMG_1.JPG" -> "jpg"), else from its type. */
export function fileExtension(file: Pick<File, 'name' | 'type'>): string {
  const match = /\.([a-z0-9]{1,10})$/i.exec(file.name);
  if (match?.[1]) return match[1].toLowerCase();
  const subtype = file.type.split('/')[1]?.split(/[+;]/)[0];
  return subtype ? subtype.toLowerCase() : 'bin';
}

/**
 * The stored object name: the user id, a timestamp and the original extension
 * ("<user id>/<timestamp>.<ext>"). The user id is a folder because the storage policies only
 * let a member write names that start with their own id.
 */
export function storedImageName(
  userId: string,
  file: Pick<File, 'name' | 'type'>,
  now: number = Date.now(),
): string {
  return `${userId}/${now}.${fileExtension(file)}`;
}

function isBucketNotFound(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { message, statusCode, error: kind } = error as Record<string, unknown>;
  return (
    [message, kind].some((m) => typeof m === 'string' && /bucket not found/i.test(m)) ||
    (statusCode === '404' && typeof message === 'string' && /bucket/i.test(message))
  );
}

/**
 * Uploads an image and returns its public URL. A bucket-not-found error is
 * recovered by creating the (public) bucket and trying once more.
 */
export async function uploadImage(
  bucket: ImageBucket,
  userId: string,
  file: File,
): Promise<{ path: string; publicUrl: string }> {
  if (!isImageFile(file)) {
    throw new DataError({ code: 'not_an_image', message: 'Please choose an image file.' });
  }
  const storage = await getStorage();
  const path = storedImageName(userId, file);
  const upload = () =>
    storage.from(bucket).upload(path, file, { contentType: file.type, upsert: false });
  let { error } = await upload();
  if (error && isBucketNotFound(error)) {
    const created = await storage.createBucket(bucket, { public: true });
    if (created.error) console.warn(`Could not create the ${bucket} bucket`, created.error);
    ({ error } = await upload());
  }
  if (error) throw new DataError({ message: error.message, code: 'storage_error' });
  const { data } = storage.from(bucket).getPublicUrl(path);
  return { path, publicUrl: data.publicUrl };
}

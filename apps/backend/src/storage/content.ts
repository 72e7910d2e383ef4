/** Checks an object's bytes against its declared type and its bucket's rules. */
import { fileTypeFromBuffer } from 'file-type';
import { ImageRejected, reencodeImage } from './uploads.js';
import { invalidMimeType, mimeNotSupported, tooLarge } from './errors.js';
import type { BucketRow } from './models/buckets.js';

/** Binary formats file-type recognises: a declared type among these must match the bytes. */
const SNIFFABLE =
  /^(image\/(png|jpeg|gif|webp|avif|bmp|tiff|heic|heif)|application\/pdf|video\/|audio\/)/;

export function mimeAllowed(mime: string, allowed: string[] | null): boolean {
  if (!allowed || allowed.length === 0) return true;
  return allowed.some((a) => a === mime || (a.endsWith('/*') && mime.startsWith(a.slice(0, -1))));
}

/**
 * Checks an object's type against its bytes and the bucket, and re-encodes images without
 * their metadata. Returns the bytes to store and their type.
 */
export async function checkedContent(
  b: BucketRow,
  limit: number,
  input: Uint8Array,
  declared: string | undefined,
): Promise<{ bytes: Uint8Array; mime: string }> {
  if (input.length > limit) throw tooLarge();
  const sniffed = await fileTypeFromBuffer(input).catch(() => undefined);
  // A declared image (or other binary format) must be one by its bytes: a text file renamed
  // .png is refused, and a PNG labelled image/jpeg is stored as what it is.
  if (declared && (declared.startsWith('image/') || SNIFFABLE.test(declared))) {
    if (!sniffed || (declared.startsWith('image/') && !sniffed.mime.startsWith('image/')))
      throw invalidMimeType(`The file's content does not match its type ${declared}`);
  }
  let mime = sniffed?.mime ?? declared ?? 'application/octet-stream';
  if (!/^[a-z0-9.+-]+\/[a-z0-9.+-]+$/i.test(mime)) mime = 'application/octet-stream';
  if (!mimeAllowed(mime, b.allowed_mime_types)) throw mimeNotSupported(mime);
  if (!mime.startsWith('image/')) return { bytes: input, mime };
  try {
    return { bytes: await reencodeImage(input, mime), mime };
  } catch (e) {
    if (!(e instanceof ImageRejected)) throw e;
    if (e.reason === 'too_many_pixels') throw tooLarge(e.message);
    throw invalidMimeType(e.message);
  }
}

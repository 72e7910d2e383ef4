/**
 * Upload safety: reading a request body without holding more than the bucket allows, refusing
 * request targets that try to climb out of a bucket, and re-encoding images so that the stored
 * copy carries no EXIF/XMP/IPTC/ICC metadata (a guest's GPS position never leaks).
 */
import sharp from 'sharp';

/**
 * Reads a body, keeping at most `cap` bytes. A longer body is still read to its end (and
 * discarded) so the client gets the 413 answer instead of a reset connection; its length is
 * bounded by the app-wide upload limit (Content-Length is checked, chunked bodies are cut off
 * there). Returns null when the body was longer than `cap`.
 */
export async function readBounded(
  body: ReadableStream<Uint8Array> | null,
  cap: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!body) return new Uint8Array(0);
  const chunks: Uint8Array[] = [];
  let size = 0;
  let over = false;
  const reader = body.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.length;
    if (size > cap) {
      over = true;
      chunks.length = 0; // drop what was kept; keep draining
    } else chunks.push(value);
  }
  if (over) return null;
  const out = new Uint8Array(size);
  let at = 0;
  for (const ch of chunks) {
    out.set(ch, at);
    at += ch.length;
  }
  return out;
}

/**
 * A request target (as the client sent it, before URL normalisation) that holds a '.' or '..'
 * segment, raw or percent-encoded, a backslash (raw or %5C) or an encoded NUL. The URL parser
 * would silently resolve the dot segments, so they are refused before it gets a say.
 */
export function isUnsafeTarget(target: string): boolean {
  const q = target.indexOf('?');
  const p = q >= 0 ? target.slice(0, q) : target;
  return /(?:^|\/)(?:\.|%2e){1,2}(?:\/|$)/i.test(p) || /\\|%5c|%00/i.test(p);
}

/** Image formats stored re-encoded, each kept in its own format. */
const ENCODERS: Record<string, (img: sharp.Sharp) => sharp.Sharp> = {
  'image/jpeg': (img) => img.jpeg({ quality: 90 }),
  'image/png': (img) => img.png(),
  'image/webp': (img) => img.webp({ quality: 90 }),
  'image/gif': (img) => img.gif(),
  'image/avif': (img) => img.avif(),
  'image/tiff': (img) => img.tiff(),
};

/**
 * The longest side of a stored still image: a larger upload is scaled down to it (pages ask the
 * render endpoint for the sizes they show).
 */
export const MAX_STORED_SIDE = 2560;

/** Largest image accepted, in pixels (a 48 MP phone photo fits; a decompression bomb doesn't). */
export const MAX_IMAGE_PIXELS = 64 * 1024 * 1024;

export class ImageRejected extends Error {
  constructor(
    readonly reason: 'unsupported' | 'unreadable' | 'too_many_pixels',
    message: string,
  ) {
    super(message);
  }
}

/**
 * Re-encodes an image in its own format without any metadata: the EXIF orientation is applied
 * to the pixels first (so photos are not turned sideways), a still image is scaled down to
 * MAX_STORED_SIDE, then EXIF, XMP, IPTC and the ICC
 * profile are left out (pixels are converted to sRGB). Animated GIF and WebP keep their frames.
 * Throws ImageRejected for formats that cannot be cleaned, for bytes that do not decode, and
 * for images over MAX_IMAGE_PIXELS.
 */
export async function reencodeImage(bytes: Uint8Array, mime: string): Promise<Uint8Array> {
  const encode = ENCODERS[mime];
  if (!encode) throw new ImageRejected('unsupported', `Images of type ${mime} are not accepted`);
  const opts = { animated: true, limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' } as const;
  try {
    const meta = await sharp(bytes, opts).metadata();
    let img = sharp(bytes, opts);
    if ((meta.pages ?? 1) <= 1)
      img = img.rotate().resize({
        width: MAX_STORED_SIDE,
        height: MAX_STORED_SIDE,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const out = await encode(img).toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (e) {
    const msg = e instanceof Error ? e.message : String(e);
    if (/pixel limit/i.test(msg))
      throw new ImageRejected(
        'too_many_pixels',
        `The image has more than ${MAX_IMAGE_PIXELS} pixels`,
      );
    throw new ImageRejected('unreadable', 'The file is not a readable image');
  }
}

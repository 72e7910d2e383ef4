/**
 * Image transformations as Supabase Storage renders them (GET /render/image/...): width, height,
 * resize (cover, contain, fill), format (origin, avif) and quality (20-100). A value outside
 * those is refused with the 400 Supabase gives for a query string that fails its schema (the
 * option's path and the rule it broke); an option Supabase does not know is ignored, as there.
 * Without a format the image is sent as WebP to a browser that accepts it, else in its own
 * format; an image is never enlarged.
 */
import sharp from 'sharp';
import { StorageError } from './errors.js';
import { MAX_IMAGE_PIXELS } from './uploads.js';

export interface TransformOptions {
  width?: number;
  height?: number;
  resize: 'cover' | 'contain' | 'fill';
  format?: 'origin' | 'avif';
  quality: number;
}

/** The largest side a transformation renders; a larger width or height is served at this. */
export const MAX_TRANSFORM_SIDE = 2500;
/** The quality when none is asked for (Supabase's default). */
export const DEFAULT_QUALITY = 80;

/** Fastify's answer to a query string that fails the route's schema. */
export const invalidQuery = (message: string) =>
  new StorageError(400, 'Error', `querystring/${message}`);

function integer(
  q: Record<string, string | undefined>,
  name: string,
  min: number,
  max?: number,
): number | undefined {
  const raw = q[name];
  if (raw === undefined) return undefined;
  // query values are coerced as JSON Schema integers: optional sign, digits, nothing else
  if (!/^[+-]?[0-9]+$/.test(raw.trim())) throw invalidQuery(`${name} must be integer`);
  const n = Number(raw);
  if (n < min) throw invalidQuery(`${name} must be >= ${min}`);
  if (max !== undefined && n > max) throw invalidQuery(`${name} must be <= ${max}`);
  return n;
}

function oneOf<T extends string>(
  q: Record<string, string | undefined>,
  name: string,
  allowed: readonly T[],
): T | undefined {
  const raw = q[name];
  if (raw === undefined) return undefined;
  if (!(allowed as readonly string[]).includes(raw))
    throw invalidQuery(`${name} must be equal to one of the allowed values`);
  return raw as T;
}

/** The transformation a query string asks for; throws Supabase's 400 for a value it refuses. */
export function parseTransform(q: Record<string, string | undefined>): TransformOptions {
  const width = integer(q, 'width', 0);
  const height = integer(q, 'height', 0);
  const resize = oneOf(q, 'resize', ['cover', 'contain', 'fill'] as const) ?? 'cover';
  const format = oneOf(q, 'format', ['origin', 'avif'] as const);
  const quality = integer(q, 'quality', 20, 100) ?? DEFAULT_QUALITY;
  const side = (n: number | undefined) => (n ? Math.min(n, MAX_TRANSFORM_SIDE) : undefined);
  return {
    ...(side(width) ? { width: side(width) } : {}),
    ...(side(height) ? { height: side(height) } : {}),
    resize,
    ...(format ? { format } : {}),
    quality,
  };
}

/** The type a transformed image is sent in: avif or the original when asked, else WebP if accepted. */
export function outputType(opts: TransformOptions, sourceType: string, accept: string): string {
  if (opts.format === 'avif') return 'image/avif';
  if (opts.format === 'origin') return sourceType;
  return /image\/webp/i.test(accept) ? 'image/webp' : sourceType;
}

const FIT = { cover: 'cover', contain: 'inside', fill: 'fill' } as const;

/** Renders the transformation; throws a 400 when the bytes are not an image sharp can read. */
export async function renderImage(
  bytes: Uint8Array,
  opts: TransformOptions,
  type: string,
): Promise<Uint8Array> {
  try {
    let img = sharp(bytes, { limitInputPixels: MAX_IMAGE_PIXELS, failOn: 'error' }).rotate();
    if (opts.width || opts.height)
      img = img.resize({
        ...(opts.width ? { width: opts.width } : {}),
        ...(opts.height ? { height: opts.height } : {}),
        fit: FIT[opts.resize],
        withoutEnlargement: true,
      });
    const q = opts.quality;
    if (type === 'image/webp') img = img.webp({ quality: q });
    else if (type === 'image/avif') img = img.avif({ quality: Math.max(20, q - 30) });
    else if (type === 'image/jpeg') img = img.jpeg({ quality: q, mozjpeg: true });
    else if (type === 'image/png') img = img.png({ compressionLevel: 9 });
    else if (type === 'image/gif') img = img.gif();
    else
      throw new StorageError(400, 'InvalidRequest', `Images of type ${type} cannot be transformed`);
    const out = await img.toBuffer();
    return new Uint8Array(out.buffer, out.byteOffset, out.byteLength);
  } catch (e) {
    if (e instanceof StorageError) throw e;
    throw new StorageError(
      400,
      'InvalidRequest',
      'The object is not an image that can be transformed',
    );
  }
}

const RESIZING = { cover: 'fill', contain: 'fit', fill: 'force' } as const;

/**
 * What Storage reports in `x-transformations` for a render (its imgproxy options): height,
 * width and the resizing type when a side is given, the format and the quality when asked.
 */
export function transformationsHeader(q: Record<string, string | undefined>): string {
  const opts = parseTransform(q);
  const parts: string[] = [];
  if (opts.height) parts.push(`height:${opts.height}`);
  if (opts.width) parts.push(`width:${opts.width}`);
  if (opts.height || opts.width) parts.push(`resizing_type:${RESIZING[opts.resize]}`);
  if (opts.format && opts.format !== 'origin') parts.push(`format:${opts.format}`);
  if (q['quality'] !== undefined) parts.push(`quality:${opts.quality}`);
  return parts.join(',');
}

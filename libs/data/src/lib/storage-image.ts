import { isSupabaseConfigured, storageApiUrl } from './supabase-client';

/** What an <img> needs to load the right size of a stored image. */
export interface ImageSources {
  src: string;
  /** Present for a public storage image: the same picture at each width, rendered by storage. */
  srcSet?: string;
}

export interface ImageSizes {
  /** The widths offered, in pixels, smallest first. */
  widths: readonly number[];
  /** Width over height of the box the image fills (it is cropped to it). */
  aspect: number;
  /** 20-100 (storage's default is 80). */
  quality?: number;
}

/** An event or photo card: phone to desktop, 16:9 (or 1:1 for photos), at 1x and 2x. */
export const CARD_WIDTHS = [320, 480, 640, 960, 1280] as const;

const PUBLIC_OBJECT = /\/storage\/v1\/object\/public\/([^/?#]+)\/([^?#]+)$/;

/**
 * The public render URL of a stored image at a size, as storage-js's
 * `getPublicUrl(path, { transform })` writes it (same path, same parameter order), built here so
 * the page need not load the storage client to show an image.
 */
export function renderUrl(
  bucket: string,
  path: string,
  t: { width: number; height: number; quality: number },
): string {
  const query = `width=${t.width}&height=${t.height}&resize=cover&quality=${t.quality}`;
  return encodeURI(`${storageApiUrl()}/render/image/public/${bucket}/${path}?${query}`);
}

/**
 * The sources of an image from stored data. A public storage URL, on whatever host it was
 * written with, is answered by this site's storage API at every width asked for (WebP where
 * the browser takes it); any other plain http(s) URL is used as it is; anything else (another
 * scheme, a relative path) gives undefined and is never put into an `src`.
 */
export function imageSources(
  url: string | null | undefined,
  sizes: ImageSizes,
): ImageSources | undefined {
  if (!url) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(url.trim());
  } catch {
    return undefined;
  }
  if (parsed.protocol !== 'https:' && parsed.protocol !== 'http:') return undefined;
  const m = PUBLIC_OBJECT.exec(parsed.pathname);
  if (!m?.[1] || !m[2] || sizes.widths.length === 0 || !isSupabaseConfigured())
    return { src: parsed.href };
  let bucket: string;
  let path: string;
  try {
    bucket = decodeURIComponent(m[1]);
    path = decodeURI(m[2]);
  } catch {
    return { src: parsed.href };
  }
  const quality = sizes.quality ?? 70;
  const at = (width: number) =>
    renderUrl(bucket, path, { width, height: Math.round(width / sizes.aspect), quality });
  const widths = [...sizes.widths].sort((a, b) => a - b);
  const middle = widths[Math.floor((widths.length - 1) / 2)] ?? widths[0]!;
  return { src: at(middle), srcSet: widths.map((w) => `${at(w)} ${w}w`).join(', ') };
}

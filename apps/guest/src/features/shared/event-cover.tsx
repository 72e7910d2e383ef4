import type { ReactNode } from 'react';
import { CARD_WIDTHS, imageSources } from '@bistro/data';
import { CoverImage } from './styles';

/**
 * An event's image at the size the page shows it: the storage API renders each width of the
 * srcset (WebP where the browser takes it); width and height give the box its 16:9 shape before
 * the image arrives, so nothing moves when it loads. Below the fold it loads lazily; `priority`
 * is for the one image a page opens with. Without a usable image, `fallback`.
 */
export function EventCover({
  url,
  fallback = null,
  sizes = '(min-width: 1200px) 380px, (min-width: 700px) 45vw, 100vw',
  priority = false,
  alt = '',
}: {
  url: string | null;
  fallback?: ReactNode;
  sizes?: string;
  priority?: boolean;
  alt?: string;
}) {
  const src = imageSources(url, { widths: CARD_WIDTHS, aspect: 16 / 9 });
  if (!src) return fallback;
  return (
    <CoverImage
      src={src.src}
      srcSet={src.srcSet}
      sizes={src.srcSet ? sizes : undefined}
      width={1280}
      height={720}
      alt={alt}
      loading={priority ? 'eager' : 'lazy'}
      fetchPriority={priority ? 'high' : 'auto'}
      decoding="async"
    />
  );
}

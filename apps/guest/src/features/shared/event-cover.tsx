import type { ReactNode } from 'react';
import { safeImageUrl } from '@bistro/ui';
import { CoverImage } from './styles';

/** An event's featured image when it has a plain http(s) one, else `fallback`. */
export function EventCover({ url, fallback = null }: { url: string | null; fallback?: ReactNode }) {
  const src = safeImageUrl(url);
  return src ? <CoverImage src={src} alt="" loading="lazy" /> : fallback;
}

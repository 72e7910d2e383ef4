/**
 * An image address from stored data, or undefined when it is not a plain http(s) URL.
 * Photo and event image URLs are written by members and admins: a `javascript:`, `data:` or
 * other scheme (or a relative path into the app) is never put into an `src`.
 */
export function safeImageUrl(url: string | null | undefined): string | undefined {
  if (!url) return undefined;
  try {
    const parsed = new URL(url.trim());
    return parsed.protocol === 'https:' || parsed.protocol === 'http:' ? parsed.href : undefined;
  } catch {
    return undefined;
  }
}

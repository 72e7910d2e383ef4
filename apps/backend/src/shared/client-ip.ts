import type { Context } from 'hono';

/**
 * The client's IP address: the first X-Forwarded-For entry when the backend runs behind a
 * reverse proxy it trusts (TRUST_PROXY=true), else the socket's peer address. Without that
 * trust the header is ignored, since any client can send it.
 */
export function clientIp(c: Context, trustProxy: boolean): string {
  const fwd = c.req.header('x-forwarded-for');
  if (fwd && trustProxy) return fwd.split(',')[0]?.trim() || 'unknown';
  const env = c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined;
  return env?.incoming?.socket?.remoteAddress ?? 'unknown';
}

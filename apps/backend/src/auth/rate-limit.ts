/** Fixed-window counters and the auth API's per-address limit. */
import type { Context } from 'hono';
import type { Config } from '../context.js';
import { overRequestRateLimit } from './errors.js';
import { clientIp } from './request.js';

/** A fixed-window counter keyed by e.g. "token:ip:email" (GoTrue default: 30 per 5 minutes). */
export class RateLimiter {
  private readonly hits = new Map<string, { count: number; resetAt: number }>();

  constructor(
    private readonly max: number,
    private readonly windowMs: number,
  ) {}

  /** Counts one hit; returns false when the key is over its limit. */
  take(key: string, now = Date.now()): boolean {
    const entry = this.hits.get(key);
    if (!entry || entry.resetAt <= now) {
      this.hits.set(key, { count: 1, resetAt: now + this.windowMs });
      if (this.hits.size > 10_000) this.sweep(now);
      return true;
    }
    entry.count++;
    return entry.count <= this.max;
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

export interface AuthLimiter {
  /** Counts a request of `action` for this IP and e-mail; 429 when over `Config.rateLimit`. */
  perAddress(c: Context, action: string, email: string): void;
}

export function createAuthLimiter(config: Config): AuthLimiter {
  const perAddress = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  return {
    perAddress(c, action, email) {
      if (!perAddress.take(`${action}:${clientIp(c, config)}:${email.toLowerCase()}`))
        throw overRequestRateLimit();
    },
  };
}

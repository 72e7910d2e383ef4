/** Fixed-window counters and the auth API's limits (per address, per client IP, per recipient). */
import type { Context } from 'hono';
import type { Config } from '../config.js';
import { overEmailSendRateLimit, overRequestRateLimit } from './errors.js';
import { resolveRateLimits, type IpAction, type LimitRule } from './rate-limit-settings.js';
import { clientIp } from '../shared/client-ip.js';
import type { Queryable } from '../db/types.js';

/**
 * Fixed-window counters in the database (backend.rate_limits), keyed by e.g.
 * "addr:token:<ip>:<email>" (GoTrue default: 30 per 5 minutes). Every process serving one
 * database counts into the same rows, so N processes (or machines) still allow `max` hits per
 * window, not N times `max`. Each hit is one atomic upsert, so concurrent hits from several
 * processes are all counted. The database's clock decides the windows: machines whose clocks
 * differ still agree. PGlite runs the same statements (one code path, tested on both).
 */
export class RateLimiter {
  constructor(
    private readonly db: Queryable,
    /** Prefix of this limiter's keys; limiters with different rules must differ here. */
    private readonly name: string,
    private readonly max: number,
    private readonly windowMs: number,
    private readonly sweeper: Sweeper,
  ) {}

  /**
   * Counts one hit; resolves false when the key is over its limit. Inside a transaction pass
   * its `tx`: the count then commits (or rolls back) with it, and the request does not wait
   * for a second connection while holding one (PGlite has only one; a pool can run dry).
   */
  async take(key: string, q: Queryable = this.db): Promise<boolean> {
    this.sweeper.maybeSweep();
    const r = await q.query<{ count: number }>(
      `insert into backend.rate_limits as r (key, count, reset_at)
       values ($1, 1, now() + make_interval(secs => $2::float8 / 1000))
       on conflict (key) do update set
         count = case when r.reset_at <= now() then 1 else r.count + 1 end,
         reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
       returning count`,
      [`${this.name}:${key}`, this.windowMs],
    );
    return (r.rows[0]?.count ?? 1) <= this.max;
  }

  /** Takes back one hit counted by `take` (in the same window). */
  async untake(key: string): Promise<void> {
    await this.db.query(
      `update backend.rate_limits set count = count - 1
       where key = $1 and reset_at > now() and count > 0`,
      [`${this.name}:${key}`],
    );
  }
}

/** Deletes expired windows at most once a minute per process, off the request's path. */
export class Sweeper {
  private last = Date.now();

  constructor(
    private readonly db: Queryable,
    private readonly everyMs = 60_000,
  ) {}

  maybeSweep(): void {
    const now = Date.now();
    if (now - this.last < this.everyMs) return;
    this.last = now;
    this.db
      .query(`delete from backend.rate_limits where reset_at <= now()`)
      .catch((e: unknown) =>
        console.warn(`[auth] rate limit sweep failed: ${e instanceof Error ? e.message : e}`),
      );
  }
}

export interface AuthLimiter {
  /** Counts a request of `action` for this IP and e-mail; 429 when over `Config.rateLimit`. */
  perAddress(c: Context, action: string, email: string): Promise<void>;
  /** Counts a request of `action` for this IP; 429 when over its per-IP limit. */
  perIp(c: Context, action: IpAction): Promise<void>;
  /**
   * Counts an attempt of `action` for this IP as a failure up front, so guesses sent at the
   * same time are all counted; 429 when the IP is over its limit. Resolves with the function
   * that takes the attempt back once it has turned out not to be a failure. `key` counts for
   * something else than the client IP (a user id, say), under the same rule.
   */
  attempt(c: Context, action: IpAction, key?: string): Promise<() => Promise<void>>;
  /**
   * Counts an auth mail to `recipient`; 429 over_email_send_rate_limit when over its limit.
   * Called inside a transaction, pass its `tx` (see RateLimiter.take).
   */
  mail(recipient: string, tx?: Queryable): Promise<void>;
}

export function createAuthLimiter(db: Queryable, config: Config): AuthLimiter {
  const limits = resolveRateLimits(config.authRateLimits);
  const sweeper = new Sweeper(db);
  const limiter = (name: string, rule: LimitRule) =>
    new RateLimiter(db, name, rule.max, rule.windowMs, sweeper);
  const perAddress = limiter('addr', config.rateLimit);
  const perIp = new Map<IpAction, RateLimiter>();
  for (const [action, rule] of Object.entries(limits.perIp) as [IpAction, LimitRule][])
    perIp.set(action, limiter(`ip:${action}`, rule));
  const ipLimiter = (action: IpAction) => perIp.get(action) as RateLimiter;
  const mails = limiter('mail', limits.mailsPerRecipient);
  return {
    async perAddress(c, action, email) {
      const key = `${action}:${clientIp(c, config.trustProxy)}:${email.toLowerCase()}`;
      if (!(await perAddress.take(key))) throw overRequestRateLimit();
    },
    async perIp(c, action) {
      if (!(await ipLimiter(action).take(clientIp(c, config.trustProxy))))
        throw overRequestRateLimit();
    },
    async attempt(c, action, key) {
      const ip = key ?? clientIp(c, config.trustProxy);
      const limiter = ipLimiter(action);
      if (!(await limiter.take(ip))) throw overRequestRateLimit();
      let settled = false;
      return async () => {
        if (settled) return;
        settled = true;
        await limiter.untake(ip);
      };
    },
    async mail(recipient, tx) {
      if (!(await mails.take(recipient.toLowerCase(), tx))) throw overEmailSendRateLimit();
    },
  };
}

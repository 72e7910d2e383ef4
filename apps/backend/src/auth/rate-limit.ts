/** Fixed-window counters and the auth API's limits (per address, per client IP, per recipient). */
import type { Context } from 'hono';
import type { Config } from '../context.js';
import { overEmailSendRateLimit, overRequestRateLimit } from './errors.js';
import { clientIp } from '../shared/client-ip.js';

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

  /** Takes back one hit counted by `take` (in the same window). */
  untake(key: string, now = Date.now()): void {
    const entry = this.hits.get(key);
    if (entry && entry.resetAt > now && entry.count > 0) entry.count--;
  }

  private sweep(now: number): void {
    for (const [k, v] of this.hits) if (v.resetAt <= now) this.hits.delete(k);
  }
}

export interface LimitRule {
  max: number;
  windowMs: number;
}

/** What the per-IP limits count. */
export type IpAction =
  /** failed password sign-ins (password spraying across many addresses) */
  | 'signIn'
  /** sign-up requests (each can mail an address) */
  | 'signUp'
  /** failed link-token verifications (POST /verify with token_hash or a bare token) */
  | 'verify'
  /** failed 6-digit code verifications (POST /verify with email and token) */
  | 'otp'
  /** password recovery requests */
  | 'recover'
  /** confirmation resend requests */
  | 'resend'
  /** magic link / e-mail OTP requests (POST /otp; each can mail an address) */
  | 'magicLink'
  /** anonymous sign-ins (each makes a user) */
  | 'anonymous';

export interface AuthRateLimits {
  /** Per client IP, whatever the address, per action. */
  perIp: Record<IpAction, LimitRule>;
  /** Auth mails (confirmation, recovery) per recipient address. */
  mailsPerRecipient: LimitRule;
}

/** `Config.authRateLimits`: replaces single rules of AUTH_RATE_LIMITS. */
export interface AuthRateLimitsOverride {
  perIp?: Partial<Record<IpAction, LimitRule>>;
  mailsPerRecipient?: LimitRule;
}

const FIVE_MINUTES = 5 * 60_000;

/**
 * The defaults, GoTrue's: 30 sign-ins/sign-ups and 30 verifications per IP in 5 minutes, 30
 * anonymous sign-ins per IP an hour; mails
 * to one address a few per hour. The per-address limit (per action, IP and e-mail) is
 * `Config.rateLimit`.
 */
export const AUTH_RATE_LIMITS: AuthRateLimits = {
  perIp: {
    signIn: { max: 30, windowMs: FIVE_MINUTES },
    signUp: { max: 30, windowMs: FIVE_MINUTES },
    verify: { max: 30, windowMs: FIVE_MINUTES },
    otp: { max: 30, windowMs: FIVE_MINUTES },
    recover: { max: 30, windowMs: FIVE_MINUTES },
    resend: { max: 30, windowMs: FIVE_MINUTES },
    magicLink: { max: 30, windowMs: FIVE_MINUTES },
    anonymous: { max: 30, windowMs: 60 * 60_000 },
  },
  mailsPerRecipient: { max: 4, windowMs: 60 * 60_000 },
};

export function resolveRateLimits(o: AuthRateLimitsOverride | undefined): AuthRateLimits {
  return {
    perIp: { ...AUTH_RATE_LIMITS.perIp, ...o?.perIp },
    mailsPerRecipient: o?.mailsPerRecipient ?? AUTH_RATE_LIMITS.mailsPerRecipient,
  };
}

export interface AuthLimiter {
  /** Counts a request of `action` for this IP and e-mail; 429 when over `Config.rateLimit`. */
  perAddress(c: Context, action: string, email: string): void;
  /** Counts a request of `action` for this IP; 429 when over its per-IP limit. */
  perIp(c: Context, action: IpAction): void;
  /**
   * Counts an attempt of `action` for this IP as a failure up front, so guesses sent at the
   * same time are all counted; 429 when the IP is over its limit. Returns the function that
   * takes the attempt back once it has turned out not to be a failure.
   */
  attempt(c: Context, action: IpAction): () => void;
  /** Counts an auth mail to `recipient`; 429 over_email_send_rate_limit when over its limit. */
  mail(recipient: string): void;
}

export function createAuthLimiter(config: Config): AuthLimiter {
  const limits = resolveRateLimits(config.authRateLimits);
  const perAddress = new RateLimiter(config.rateLimit.max, config.rateLimit.windowMs);
  const perIp = new Map<IpAction, RateLimiter>();
  for (const [action, rule] of Object.entries(limits.perIp) as [IpAction, LimitRule][])
    perIp.set(action, new RateLimiter(rule.max, rule.windowMs));
  const ipLimiter = (action: IpAction) => perIp.get(action) as RateLimiter;
  const mails = new RateLimiter(limits.mailsPerRecipient.max, limits.mailsPerRecipient.windowMs);
  return {
    perAddress(c, action, email) {
      if (!perAddress.take(`${action}:${clientIp(c, config.trustProxy)}:${email.toLowerCase()}`))
        throw overRequestRateLimit();
    },
    perIp(c, action) {
      if (!ipLimiter(action).take(clientIp(c, config.trustProxy))) throw overRequestRateLimit();
    },
    attempt(c, action) {
      const ip = clientIp(c, config.trustProxy);
      const limiter = ipLimiter(action);
      if (!limiter.take(ip)) throw overRequestRateLimit();
      let settled = false;
      return () => {
        if (!settled) limiter.untake(ip);
        settled = true;
      };
    },
    mail(recipient) {
      if (!mails.take(recipient.toLowerCase())) throw overEmailSendRateLimit();
    },
  };
}

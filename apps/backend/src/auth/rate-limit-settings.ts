/**
 * The auth API's limits per client IP and per recipient, with GoTrue's defaults; config.ts reads
 * overrides of them from AUTH_RATE_LIMITS, auth/rate-limit.ts counts against them.
 */
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
  | 'anonymous'
  /**
   * wrong reauthentication nonces on PUT /user (a 6-digit code), counted per IP and per user
   * (whatever the IP)
   */
  | 'reauthenticate'
  /** wrong MFA codes (POST /factors/:id/verify), counted per IP and per user (whatever the IP) */
  | 'mfaVerify';

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
    reauthenticate: { max: 10, windowMs: FIVE_MINUTES },
    mfaVerify: { max: 15, windowMs: FIVE_MINUTES },
  },
  mailsPerRecipient: { max: 4, windowMs: 60 * 60_000 },
};

export function resolveRateLimits(o: AuthRateLimitsOverride | undefined): AuthRateLimits {
  return {
    perIp: { ...AUTH_RATE_LIMITS.perIp, ...o?.perIp },
    mailsPerRecipient: o?.mailsPerRecipient ?? AUTH_RATE_LIMITS.mailsPerRecipient,
  };
}

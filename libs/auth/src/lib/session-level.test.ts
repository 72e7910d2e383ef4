import { describe, expect, it } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { needsSecondFactor, sessionAal } from './session-level';

const token = (claims: Record<string, unknown>) =>
  `x.${btoa(JSON.stringify(claims)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')}.y`;

const session = (aal: string | undefined, factors: { status: string }[] = []): Session =>
  ({
    access_token: token(aal ? { sub: 'u', aal } : { sub: 'u' }),
    user: {
      id: 'u',
      factors: factors.map((f, i) => ({ id: `f${i}`, factor_type: 'totp', ...f })),
    },
  }) as unknown as Session;

describe('the session level', () => {
  it('reads aal from the access token', () => {
    expect(sessionAal(session('aal1'))).toBe('aal1');
    expect(sessionAal(session('aal2'))).toBe('aal2');
    expect(sessionAal(session(undefined))).toBeNull();
    expect(sessionAal(null)).toBeNull();
  });

  it('a code is due only for a password-only session of an account with a verified authenticator', () => {
    expect(needsSecondFactor(session('aal1', [{ status: 'verified' }]))).toBe(true);
    expect(needsSecondFactor(session('aal2', [{ status: 'verified' }]))).toBe(false);
    expect(needsSecondFactor(session('aal1', [{ status: 'unverified' }]))).toBe(false);
    expect(needsSecondFactor(session('aal1'))).toBe(false);
    expect(needsSecondFactor(null)).toBe(false);
  });
});

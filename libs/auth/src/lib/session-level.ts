import type { Session } from '@supabase/supabase-js';

/** The assurance level the session's access token states (aal1: password only, aal2: with a code). */
export function sessionAal(session: Session | null): 'aal1' | 'aal2' | null {
  const part = session?.access_token?.split('.')[1];
  if (!part) return null;
  try {
    const json = atob(part.replace(/-/g, '+').replace(/_/g, '/'));
    const aal = (JSON.parse(json) as { aal?: unknown }).aal;
    return aal === 'aal1' || aal === 'aal2' ? aal : null;
  } catch {
    return null;
  }
}

/** The session was opened with the password only, and the account has an authenticator. */
export function needsSecondFactor(session: Session | null): boolean {
  if (!session) return false;
  const verified = (session.user.factors ?? []).some(
    (f) => f.factor_type === 'totp' && f.status === 'verified',
  );
  return verified && sessionAal(session) !== 'aal2';
}

import { loadAuth } from './auth-store';

/**
 * Two-step sign-in with an authenticator app (TOTP): enrolment from the profile, the code
 * after the password at sign-in, and removal. Each call resolves to the server's error (or
 * null); a thrown failure (network, no backend) is returned as an error too.
 */

type Outcome<T> = { data: T; error: null } | { data: null; error: unknown };

const unexpected = { message: '' };

async function attempt<T>(run: () => Promise<Outcome<T>>): Promise<Outcome<T>> {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    return { data: null, error: unexpected };
  }
}

export interface TotpFactor {
  id: string;
  name: string;
  createdAt: string;
}

/** The verified authenticator of the signed-in account, if any. */
export function authenticatorOf(): Promise<Outcome<TotpFactor | null>> {
  return attempt(async () => {
    const { data, error } = await (await loadAuth()).mfa.listFactors();
    if (error) return { data: null, error };
    const f = data.totp[0];
    return {
      data: f ? { id: f.id, name: f.friendly_name ?? '', createdAt: f.created_at } : null,
      error: null,
    };
  });
}

export interface TotpEnrolment {
  factorId: string;
  /** the otpauth:// URI an authenticator app reads from the QR code */
  uri: string;
  /** the same secret, to type in when the camera cannot be used */
  secret: string;
}

/**
 * Starts adding an authenticator: a new secret, shown as a QR code. An enrolment left
 * unfinished before is dropped first, so only one is ever pending.
 */
export function startTotpEnrolment(issuer: string): Promise<Outcome<TotpEnrolment>> {
  return attempt(async () => {
    const auth = await loadAuth();
    const listed = await auth.mfa.listFactors();
    if (listed.error) return { data: null, error: listed.error };
    for (const f of listed.data.all)
      if (f.status === 'unverified') {
        const { error } = await auth.mfa.unenroll({ factorId: f.id });
        if (error) return { data: null, error };
      }
    const { data, error } = await auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'Authenticator app',
      issuer,
    });
    if (error) return { data: null, error };
    return {
      data: { factorId: data.id, uri: data.totp.uri, secret: data.totp.secret },
      error: null,
    };
  });
}

/** Finishes an enrolment (or a sign-in) with a code from the app: the session is then aal2. */
export function confirmTotp(factorId: string, code: string): Promise<Outcome<true>> {
  return attempt(async () => {
    const { error } = await (
      await loadAuth()
    ).mfa.challengeAndVerify({ factorId, code: code.replace(/\s+/g, '') });
    return error ? { data: null, error } : { data: true, error: null };
  });
}

/** The second step of a sign-in: the code from the account's authenticator. */
export function verifySecondFactor(code: string): Promise<Outcome<true>> {
  return attempt(async () => {
    const factor = await authenticatorOf();
    if (factor.error) return { data: null, error: factor.error };
    if (!factor.data) return { data: null, error: { message: 'No authenticator is set up.' } };
    return confirmTotp(factor.data.id, code);
  });
}

/** Removes the authenticator (the session must have been completed with a code). */
export function removeAuthenticator(factorId: string): Promise<Outcome<true>> {
  return attempt(async () => {
    const { error } = await (await loadAuth()).mfa.unenroll({ factorId });
    return error ? { data: null, error } : { data: true, error: null };
  });
}

/** What a failed code or enrolment call tells the person (toast / inline text). */
export function secondFactorFailed(error: unknown): string {
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'mfa_verification_failed')
    return 'That code is not right. Check the app and enter the current code.';
  if (code === 'mfa_challenge_expired') return 'The code took too long. Enter the current code.';
  if (code === 'over_request_rate_limit')
    return 'Too many wrong codes. Wait a few minutes, then try again.';
  if (code === 'insufficient_aal')
    return 'Sign in again with your authenticator code to change this.';
  const message = (error as { message?: unknown } | null)?.message;
  return typeof message === 'string' && message
    ? message
    : 'An unexpected error occurred. Please try again.';
}

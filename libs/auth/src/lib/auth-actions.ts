import { loadAuth } from './auth-store';

/**
 * The auth calls (sign in, sign up, resend, reset, update). Each resolves to the server's error (or
 * null); a thrown failure (network, no backend) is returned as an error too, so
 * callers map everything to a toast in one place (auth-messages.ts).
 */
type Result = { error: unknown; needsVerification?: boolean };

/** A failure with no server message: the toasts then say 'An unexpected error occurred…'. */
const unexpected = { message: '' };

async function attempt(run: () => Promise<{ error: unknown }>): Promise<Result> {
  try {
    return await run();
  } catch (error) {
    console.error(error);
    return { error: unexpected };
  }
}

const siteRoot = () => `${window.location.origin}/`;

/**
 * Where the confirmation link lands: the page the visitor was sent to /auth
 * from (a path on this site, as returnPath checked it), else the home page.
 */
const confirmTarget = (returnTo?: string | null) =>
  returnTo ? `${window.location.origin}${returnTo}` : siteRoot();

export function signInWithPassword(email: string, password: string): Promise<Result> {
  return attempt(async () => (await loadAuth()).signInWithPassword({ email, password }));
}

export async function signUp(input: {
  email: string;
  password: string;
  firstName: string;
  lastName: string;
  /** Optional, YYYY-MM-DD: set once, it unlocks the birthday treat. */
  birthday?: string | null;
  /** The page to come back to once the e-mail is confirmed. */
  returnTo?: string | null;
}): Promise<Result> {
  try {
    const { data, error } = await (
      await loadAuth()
    ).signUp({
      email: input.email,
      password: input.password,
      options: {
        data: {
          first_name: input.firstName,
          last_name: input.lastName,
          ...(input.birthday ? { birthday: input.birthday } : {}),
        },
        emailRedirectTo: confirmTarget(input.returnTo),
      },
    });
    return { error, needsVerification: !error && !data.session };
  } catch (error) {
    console.error(error);
    return { error: unexpected };
  }
}

export function resendSignUpEmail(email: string, returnTo?: string | null): Promise<Result> {
  return attempt(async () =>
    (await loadAuth()).resend({
      type: 'signup',
      email,
      options: { emailRedirectTo: confirmTarget(returnTo) },
    }),
  );
}

export function requestPasswordReset(email: string): Promise<Result> {
  return attempt(async () =>
    (await loadAuth()).resetPasswordForEmail(email, {
      redirectTo: `${window.location.origin}/auth?reset=1`,
    }),
  );
}

export function updatePassword(password: string): Promise<Result> {
  return attempt(async () => (await loadAuth()).updateUser({ password }));
}

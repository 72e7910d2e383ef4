import type { ToastInput } from '@bistro/ui';

/**
 * The auth screens' toasts, in one place. Each takes what the auth
 * server answered and returns the toast to show.
 */
export const UNEXPECTED = 'An unexpected error occurred. Please try again.';

function messageOf(error: unknown): string | undefined {
  if (error && typeof error === 'object' && 'message' in error) {
    const message = (error as { message: unknown }).message;
    return typeof message === 'string' && message.trim() ? message : undefined;
  }
  return undefined;
}

export function signInFailed(error: unknown): ToastInput {
  const message = messageOf(error);
  return {
    title: 'Sign in failed',
    description:
      message === 'Invalid login credentials'
        ? 'Invalid email or password. Please check your credentials and try again.'
        : (message ?? UNEXPECTED),
    variant: 'destructive',
  };
}

export function signUpFailed(error: unknown): ToastInput {
  const message = messageOf(error);
  if (message?.toLowerCase().includes('already registered')) {
    return {
      title: 'Account exists',
      description: 'An account with this email already exists. Please sign in instead.',
      variant: 'destructive',
    };
  }
  return { title: 'Sign up failed', description: message ?? UNEXPECTED, variant: 'destructive' };
}

export function resetFailed(error: unknown): ToastInput {
  return {
    title: 'Reset failed',
    description: messageOf(error) ?? 'Could not send reset email. Please try again.',
    variant: 'destructive',
  };
}

export function updateFailed(error: unknown): ToastInput {
  return {
    title: 'Update failed',
    description: messageOf(error) ?? 'Could not update password.',
    variant: 'destructive',
  };
}

export const resendFailed: ToastInput = {
  title: 'Resend failed',
  description: 'Could not resend verification email. Please try again.',
  variant: 'destructive',
};

export const weakPassword: ToastInput = {
  title: 'Weak password',
  description: 'Password must be at least 6 characters.',
  variant: 'destructive',
};

export const passwordsDoNotMatch: ToastInput = {
  title: 'Passwords do not match',
  description: 'Please ensure both password fields match.',
  variant: 'destructive',
};

export const MIN_PASSWORD_LENGTH = 6;

/** The reset form's checks: length first, then the match. Null when the new password is acceptable. */
export function newPasswordProblem(password: string, confirm: string): ToastInput | null {
  if (password.length < MIN_PASSWORD_LENGTH) return weakPassword;
  if (password !== confirm) return passwordsDoNotMatch;
  return null;
}

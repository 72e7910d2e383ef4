// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  newPasswordProblem,
  resetFailed,
  signInFailed,
  signUpFailed,
  updateFailed,
  UNEXPECTED,
} from './auth-messages';

describe('auth messages', () => {
  it('maps the server sign-in message as the spec writes it', () => {
    expect(signInFailed({ message: 'Invalid login credentials' })).toMatchObject({
      title: 'Sign in failed',
      description: 'Invalid email or password. Please check your credentials and try again.',
    });
    expect(signInFailed({ message: 'Email not confirmed' }).description).toBe(
      'Email not confirmed',
    );
    expect(signInFailed(new TypeError('')).description).toBe(UNEXPECTED);
    expect(signInFailed(undefined).description).toBe(UNEXPECTED);
  });

  it('recognises an existing account on sign-up', () => {
    expect(signUpFailed({ message: 'User already registered' })).toMatchObject({
      title: 'Account exists',
      description: 'An account with this email already exists. Please sign in instead.',
    });
    expect(signUpFailed({ message: 'Signup requires a valid password' })).toMatchObject({
      title: 'Sign up failed',
      description: 'Signup requires a valid password',
    });
  });

  it('falls back to the spec texts when the server says nothing', () => {
    expect(resetFailed({})).toMatchObject({
      title: 'Reset failed',
      description: 'Could not send reset email. Please try again.',
    });
    expect(updateFailed(null)).toMatchObject({
      title: 'Update failed',
      description: 'Could not update password.',
    });
    expect(
      updateFailed({ message: 'New password should be different from the old password.' })
        .description,
    ).toBe('New password should be different from the old password.');
  });

  it('checks length before the match', () => {
    expect(newPasswordProblem('12345', '12345')?.title).toBe('Weak password');
    expect(newPasswordProblem('12345', '99999')?.title).toBe('Weak password');
    expect(newPasswordProblem('123456', '123457')?.title).toBe('Passwords do not match');
    expect(newPasswordProblem('123456', '123456')).toBeNull();
  });
});

import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { ResetPasswordForm } from './reset-password-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';

describe('the password rule at the field', () => {
  it('describes the sign-up password and the new password with the 6-character rule', () => {
    render(
      <MemoryRouter>
        <SignUpForm onVerify={() => undefined} />
        <ResetPasswordForm />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription('At least 6 characters.');
    expect(screen.getByLabelText('New password')).toHaveAccessibleDescription(
      'At least 6 characters.',
    );
    expect(screen.getByLabelText('Confirm new password')).not.toHaveAccessibleDescription();
  });

  it('does not put the rule under the sign-in password', () => {
    render(
      <MemoryRouter>
        <SignInForm />
      </MemoryRouter>,
    );
    expect(screen.getByLabelText('Password')).not.toHaveAccessibleDescription();
  });
});

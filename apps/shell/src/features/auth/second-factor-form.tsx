import styled from 'styled-components';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError, Heading, Muted, dismissToasts, toast } from '@bistro/ui';
import { secondFactorFailed, signOut, verifySecondFactor } from '@bistro/auth';
import { RequiredField, SubmitButton } from './auth-fields';
import { LinkButton } from './auth-styles';

const AuthTitle = styled(Heading)`
  font-size: 1.75rem;
`;

interface Values {
  code: string;
}

/**
 * The second step of signing in to an account with an authenticator app: the 6-digit code
 * the app shows now. Once it is right the session is complete and the page moves on.
 */
export function SecondFactorForm() {
  const { register, handleSubmit, formState, setFocus } = useForm<Values>();
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async ({ code }: Values) => {
    setFormError(null);
    const { error } = await verifySecondFactor(code);
    if (error) {
      const message = secondFactorFailed(error);
      setFormError(message);
      toast({ title: 'Sign in failed', description: message, variant: 'destructive' });
      setFocus('code');
      return;
    }
    dismissToasts();
    toast({
      title: 'Welcome back!',
      description: 'You have signed in successfully.',
      variant: 'success',
    });
  };

  return (
    <>
      <AuthTitle as="h1">Enter your code</AuthTitle>
      <Muted>Open your authenticator app and enter the 6-digit code it shows for this site.</Muted>
      <form onSubmit={handleSubmit(onSubmit)} aria-label="Enter your code">
        <RequiredField
          id="signin-totp"
          label="Authenticator code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]{6,7}"
          maxLength={7}
          autoFocus
          registration={register('code', { required: true })}
        />
        {formError ? (
          <FieldError role="alert" id="signin-totp-error">
            {formError}
          </FieldError>
        ) : null}
        <SubmitButton busy={formState.isSubmitting} label="Verify" busyLabel="Verifying…" />
      </form>
      <LinkButton type="button" onClick={() => void signOut()}>
        Sign in with another account
      </LinkButton>
    </>
  );
}

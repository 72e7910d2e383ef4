import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { FieldError, dismissToasts, toast } from '@bistro/ui';
import { signInFailed, signInWithPassword, useAuthStore } from '@bistro/auth';
import { EmailField, PasswordField, SubmitButton } from './auth-fields';
import { LinkButton } from './auth-styles';
import { ForgotPasswordDialog } from './forgot-password-dialog';

interface Values {
  email: string;
  password: string;
}

export function SignInForm() {
  const { register, handleSubmit, formState, getValues } = useForm<Values>();
  const [forgotOpen, setForgotOpen] = useState(false);
  // what went wrong, said above the button it came from (the toast may be off screen or closed)
  const [formError, setFormError] = useState<string | null>(null);

  const onSubmit = async ({ email, password }: Values) => {
    setFormError(null);
    const { error } = await signInWithPassword(email.trim(), password);
    if (error) {
      const message = signInFailed(error);
      setFormError(message.description ?? message.title);
      toast(message);
      return;
    }
    // an account with an authenticator: the page asks for the code next, and welcomes after it
    if (useAuthStore.getState().secondFactorDue) return;
    // What the page said before (e.g. "Authentication Required") no longer applies.
    dismissToasts();
    toast({
      title: 'Welcome back!',
      description: 'You have signed in successfully.',
      variant: 'success',
    });
  };

  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} noValidate={false} aria-label="Sign In">
        <EmailField id="signin-email" registration={register('email', { required: true })} />
        <PasswordField
          id="signin-password"
          autoComplete="current-password"
          registration={register('password', { required: true })}
        />
        {formError ? (
          <FieldError role="alert" id="signin-error">
            {formError}
          </FieldError>
        ) : null}
        <SubmitButton busy={formState.isSubmitting} label="Sign In" busyLabel="Signing in…" />
      </form>
      <LinkButton type="button" onClick={() => setForgotOpen(true)}>
        Forgot password?
      </LinkButton>
      <ForgotPasswordDialog
        open={forgotOpen}
        onOpenChange={setForgotOpen}
        initialEmail={getValues('email') ?? ''}
      />
    </>
  );
}

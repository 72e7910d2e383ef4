import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Field, Input, Label, toast } from '@bistro/ui';
import { signInFailed, signInWithPassword } from '@bistro/auth';
import { FullWidth, LinkButton } from './auth-styles';
import { ForgotPasswordDialog } from './forgot-password-dialog';

interface Values {
  email: string;
  password: string;
}

export function SignInForm() {
  const { register, handleSubmit, formState, getValues } = useForm<Values>();
  const [forgotOpen, setForgotOpen] = useState(false);

  const onSubmit = async ({ email, password }: Values) => {
    const { error } = await signInWithPassword(email.trim(), password);
    if (error) {
      toast(signInFailed(error));
      return;
    }
    toast({
      title: 'Welcome back!',
      description: 'You have signed in successfully.',
      variant: 'success',
    });
  };

  return (
    <>
      <form onSubmit={handleSubmit(onSubmit)} noValidate={false} aria-label="Sign In">
        <Field>
          <Label htmlFor="signin-email">Email</Label>
          <Input
            id="signin-email"
            type="email"
            autoComplete="email"
            required
            {...register('email', { required: true })}
          />
        </Field>
        <Field>
          <Label htmlFor="signin-password">Password</Label>
          <Input
            id="signin-password"
            type="password"
            autoComplete="current-password"
            required
            {...register('password', { required: true })}
          />
        </Field>
        <FullWidth>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Signing in…' : 'Sign In'}
          </Button>
        </FullWidth>
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

import { useForm } from 'react-hook-form';
import { Button, Field, Input, Label, toast } from '@bistro/ui';
import { signUp, signUpFailed } from '@bistro/auth';
import { FullWidth, NameRow } from './auth-styles';

interface Values {
  firstName: string;
  lastName: string;
  email: string;
  password: string;
}

export function SignUpForm({ onVerify }: { onVerify: (email: string) => void }) {
  const { register, handleSubmit, formState } = useForm<Values>();

  const onSubmit = async (values: Values) => {
    const email = values.email.trim();
    const { error, needsVerification } = await signUp({
      email,
      password: values.password,
      firstName: values.firstName.trim(),
      lastName: values.lastName.trim(),
    });
    if (error) {
      toast(signUpFailed(error));
      return;
    }
    toast({
      title: 'Account created!',
      description: 'Please check your email to verify your account.',
      variant: 'success',
    });
    if (needsVerification) onVerify(email);
  };

  return (
    <form onSubmit={handleSubmit(onSubmit)} aria-label="Sign Up">
      <NameRow>
        <Field>
          <Label htmlFor="signup-first-name">First name</Label>
          <Input
            id="signup-first-name"
            autoComplete="given-name"
            required
            {...register('firstName', { required: true })}
          />
        </Field>
        <Field>
          <Label htmlFor="signup-last-name">Last name</Label>
          <Input
            id="signup-last-name"
            autoComplete="family-name"
            required
            {...register('lastName', { required: true })}
          />
        </Field>
      </NameRow>
      <Field>
        <Label htmlFor="signup-email">Email</Label>
        <Input
          id="signup-email"
          type="email"
          autoComplete="email"
          required
          {...register('email', { required: true })}
        />
      </Field>
      <Field>
        <Label htmlFor="signup-password">Password</Label>
        <Input
          id="signup-password"
          type="password"
          autoComplete="new-password"
          required
          {...register('password', { required: true })}
        />
      </Field>
      <FullWidth>
        <Button type="submit" disabled={formState.isSubmitting}>
          {formState.isSubmitting ? 'Creating account…' : 'Sign Up'}
        </Button>
      </FullWidth>
    </form>
  );
}

import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button, Field, Heading, Input, Label, Muted, toast } from '@bistro/ui';
import {
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  updateFailed,
  updatePassword,
  useAuthStore,
} from '@bistro/auth';
import { FullWidth } from './auth-styles';

interface Values {
  password: string;
  confirm: string;
}

/** Reset mode (/auth?reset=1): reached from the e-mailed link, which signs the user in for recovery. */
export function ResetPasswordForm() {
  const { register, handleSubmit, formState } = useForm<Values>();
  const status = useAuthStore((s) => s.status);
  const navigate = useNavigate();

  const onSubmit = async ({ password, confirm }: Values) => {
    const problem = newPasswordProblem(password, confirm);
    if (problem) {
      toast(problem);
      return;
    }
    const { error } = await updatePassword(password);
    if (error) {
      toast(updateFailed(error));
      return;
    }
    toast({
      title: 'Password updated',
      description: 'Your password has been changed.',
      variant: 'success',
    });
    navigate('/', { replace: true });
  };

  return (
    <>
      <Heading as="h1" style={{ fontSize: '1.75rem' }}>
        Set a new password
      </Heading>
      {status === 'signedOut' ? (
        <Muted role="alert">
          Open the reset link from your email on this device to set a new password. Links expire
          after an hour.
        </Muted>
      ) : (
        <Muted>Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</Muted>
      )}
      <form onSubmit={handleSubmit(onSubmit)} aria-label="Set a new password">
        <Field>
          <Label htmlFor="new-password">New password</Label>
          <Input
            id="new-password"
            type="password"
            autoComplete="new-password"
            required
            {...register('password', { required: true })}
          />
        </Field>
        <Field>
          <Label htmlFor="confirm-password">Confirm new password</Label>
          <Input
            id="confirm-password"
            type="password"
            autoComplete="new-password"
            required
            {...register('confirm', { required: true })}
          />
        </Field>
        <FullWidth>
          <Button type="submit" disabled={formState.isSubmitting || status !== 'signedIn'}>
            {formState.isSubmitting ? 'Updating…' : 'Update password'}
          </Button>
        </FullWidth>
      </form>
    </>
  );
}

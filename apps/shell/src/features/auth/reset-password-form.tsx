import styled from 'styled-components';
import { useForm } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Heading, Muted, toast } from '@bistro/ui';
import {
  MIN_PASSWORD_LENGTH,
  newPasswordProblem,
  updateFailed,
  updatePassword,
  useAuthStore,
} from '@bistro/auth';
import { PasswordField, SubmitButton, NEW_PASSWORD_HINT } from './auth-fields';

const AuthTitle = styled(Heading)`
  font-size: 1.75rem;
`;

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
    // the recovery is over: the new password is the account's
    useAuthStore.setState({ recovery: false });
    toast({
      title: 'Password updated',
      description: 'Your password has been changed.',
      variant: 'success',
    });
    navigate('/', { replace: true });
  };

  return (
    <>
      <AuthTitle as="h1">Set a new password</AuthTitle>
      {status === 'signedOut' ? (
        <Muted role="alert">
          Open the reset link from your email on this device to set a new password. Links expire
          after an hour.
        </Muted>
      ) : (
        <Muted>Choose a new password of at least {MIN_PASSWORD_LENGTH} characters.</Muted>
      )}
      <form onSubmit={handleSubmit(onSubmit)} aria-label="Set a new password">
        <PasswordField
          id="new-password"
          label="New password"
          autoComplete="new-password"
          registration={register('password', { required: true })}
          hint={NEW_PASSWORD_HINT}
        />
        <PasswordField
          id="confirm-password"
          label="Confirm new password"
          autoComplete="new-password"
          registration={register('confirm', { required: true })}
        />
        <SubmitButton
          busy={formState.isSubmitting}
          disabled={status !== 'signedIn'}
          label="Update password"
          busyLabel="Updating…"
        />
      </form>
    </>
  );
}

import styled from 'styled-components';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Button, Dialog, DialogClose, Field, Input, Label, Row, toast } from '@bistro/ui';
import { requestPasswordReset, resetFailed } from '@bistro/auth';

const DialogActions = styled(Row)`
  justify-content: flex-end;
`;

export function ForgotPasswordDialog({
  open,
  onOpenChange,
  initialEmail,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  initialEmail: string;
}) {
  const { register, handleSubmit, formState, reset } = useForm<{ email: string }>();
  useEffect(() => {
    if (open) reset({ email: initialEmail });
  }, [open, initialEmail, reset]);

  const onSubmit = async ({ email }: { email: string }) => {
    const { error } = await requestPasswordReset(email.trim());
    if (error) {
      toast(resetFailed(error));
      return;
    }
    toast({
      title: 'Email sent',
      description: 'Check your inbox for a link to reset your password.',
      variant: 'success',
    });
    onOpenChange(false);
  };

  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Reset your password"
      description="Enter your account's email and we'll send you a link to choose a new password."
    >
      <form onSubmit={handleSubmit(onSubmit)}>
        <Field>
          <Label htmlFor="reset-email">Email</Label>
          <Input
            id="reset-email"
            type="email"
            autoComplete="email"
            required
            {...register('email', { required: true })}
          />
        </Field>
        <DialogActions>
          <DialogClose asChild>
            <Button type="button" $variant="ghost">
              Cancel
            </Button>
          </DialogClose>
          <Button type="submit" disabled={formState.isSubmitting}>
            {formState.isSubmitting ? 'Sending…' : 'Send reset link'}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

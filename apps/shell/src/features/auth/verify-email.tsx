import styled from 'styled-components';
import { useState } from 'react';
import { Button, Heading, Muted, Stack, toast } from '@bistro/ui';
import { resendFailed, resendSignUpEmail } from '@bistro/auth';
import { LinkButton } from './auth-styles';

const VerifyTitle = styled(Heading)`
  font-size: 1.5rem;
`;

const EmailAddress = styled.strong`
  overflow-wrap: anywhere;
`;

export function VerifyEmail({
  email,
  onBack,
  returnTo,
}: {
  email: string;
  onBack: () => void;
  returnTo?: string | null;
}) {
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    const { error } = await resendSignUpEmail(email, returnTo);
    setSending(false);
    if (error) {
      toast(resendFailed);
      return;
    }
    toast({
      title: 'Email sent',
      description: `We sent a new verification link to ${email}.`,
      variant: 'success',
    });
  };
  return (
    <Stack $gap={3} role="status">
      <VerifyTitle as="h2">Verify your email</VerifyTitle>
      <Muted>
        We sent a verification link to <EmailAddress>{email}</EmailAddress>. Open it to activate
        your account, then sign in.
      </Muted>
      <Button type="button" onClick={() => void resend()} disabled={sending}>
        {sending ? 'Sending…' : 'Resend verification email'}
      </Button>
      <LinkButton type="button" onClick={onBack}>
        Back to Sign In
      </LinkButton>
    </Stack>
  );
}

import { useCallback, useEffect, useState } from 'react';
import styled from 'styled-components';
import {
  Button,
  Card,
  ErrorState,
  Field,
  FieldError,
  Input,
  Label,
  LoadingState,
  Muted,
  QrCode,
  Stack,
  theme,
  toast,
} from '@bistro/ui';
import {
  authenticatorOf,
  confirmTotp,
  removeAuthenticator,
  secondFactorFailed,
  startTotpEnrolment,
  type TotpEnrolment,
  type TotpFactor,
} from '@bistro/auth';
import { useVenue } from '@bistro/data';
import { CardTitle } from '../shared/styles';

const Qr = styled(QrCode)`
  width: min(220px, 100%);
  margin: 0 auto;
`;

const Secret = styled.code`
  display: block;
  overflow-wrap: anywhere;
  font-size: 0.9rem;
  padding: ${theme.space(2)};
  border-radius: ${theme.radii.sm};
  background: ${theme.colors.surfaceRaised};
`;

type Loaded =
  { state: 'loading' } | { state: 'error' } | { state: 'ready'; factor: TotpFactor | null };

/**
 * Two-step sign-in for staff: an authenticator app (TOTP) added from the profile with a QR
 * code; from then on, signing in asks for the app's code after the password. The venue may
 * require it for admin actions (Venue tab).
 */
export function AuthenticatorCard() {
  const { data: venue } = useVenue();
  const [loaded, setLoaded] = useState<Loaded>({ state: 'loading' });
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setLoaded({ state: 'loading' });
    const { data, error: failed } = await authenticatorOf();
    setLoaded(failed ? { state: 'error' } : { state: 'ready', factor: data ?? null });
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  const start = async () => {
    setBusy(true);
    setError(null);
    const { data, error: failed } = await startTotpEnrolment(venue?.shortName || 'Bistro');
    setBusy(false);
    if (failed) {
      toast({
        title: 'Could not start',
        description: secondFactorFailed(failed),
        variant: 'destructive',
      });
      return;
    }
    setCode('');
    setEnrolment(data);
  };

  const confirm = async () => {
    if (!enrolment) return;
    setBusy(true);
    setError(null);
    const { error: failed } = await confirmTotp(enrolment.factorId, code);
    setBusy(false);
    if (failed) {
      setError(secondFactorFailed(failed));
      return;
    }
    setEnrolment(null);
    toast({
      title: 'Authenticator added',
      description: 'Signing in now asks for a code from your app.',
      variant: 'success',
    });
    await load();
  };

  const remove = async (factorId: string) => {
    setBusy(true);
    const { error: failed } = await removeAuthenticator(factorId);
    setBusy(false);
    if (failed) {
      toast({
        title: 'Could not remove it',
        description: secondFactorFailed(failed),
        variant: 'destructive',
      });
      return;
    }
    toast({ title: 'Authenticator removed', description: 'Signing in needs only your password.' });
    await load();
  };

  return (
    <Card as="section" aria-labelledby="authenticator-title">
      <CardTitle as="h2" id="authenticator-title">
        Two-step sign-in
      </CardTitle>
      {loaded.state === 'loading' ? (
        <LoadingState label="Loading your sign-in settings…" />
      ) : loaded.state === 'error' ? (
        <ErrorState
          title="Could not load your sign-in settings"
          message="Please try again."
          onRetry={() => void load()}
        />
      ) : loaded.factor ? (
        <Stack $gap={3}>
          <Muted>
            An authenticator app is set up (added{' '}
            {new Date(loaded.factor.createdAt).toLocaleDateString()}). Signing in asks for its code
            after your password.
          </Muted>
          <Button
            type="button"
            $variant="danger"
            disabled={busy}
            onClick={() => void remove((loaded.factor as TotpFactor).id)}
          >
            {busy ? 'Removing…' : 'Remove authenticator'}
          </Button>
        </Stack>
      ) : enrolment ? (
        <form
          aria-label="Set up authenticator"
          onSubmit={(e) => {
            e.preventDefault();
            void confirm();
          }}
        >
          <Stack $gap={3}>
            <Muted>
              Scan this code with your authenticator app (Google Authenticator, 1Password, Authy…),
              then enter the 6-digit code it shows.
            </Muted>
            <Qr value={enrolment.uri} label="QR code for your authenticator app" />
            <Muted style={{ margin: 0 }}>No camera? Enter this key in the app instead:</Muted>
            <Secret data-testid="totp-secret">{enrolment.secret}</Secret>
            <Field>
              <Label htmlFor="totp-code">Code from the app</Label>
              <Input
                id="totp-code"
                inputMode="numeric"
                autoComplete="one-time-code"
                pattern="[0-9 ]{6,7}"
                maxLength={7}
                required
                value={code}
                onChange={(e) => setCode(e.target.value)}
                aria-describedby={error ? 'totp-code-error' : undefined}
              />
              {error ? (
                <FieldError role="alert" id="totp-code-error">
                  {error}
                </FieldError>
              ) : null}
            </Field>
            <Button type="submit" disabled={busy}>
              {busy ? 'Checking…' : 'Confirm code'}
            </Button>
            <Button type="button" $variant="ghost" onClick={() => setEnrolment(null)}>
              Cancel
            </Button>
          </Stack>
        </form>
      ) : (
        <Stack $gap={3}>
          <Muted>
            Add an authenticator app so that signing in also needs a code from your phone.
          </Muted>
          <Button type="button" disabled={busy} onClick={() => void start()}>
            {busy ? 'Starting…' : 'Set up authenticator'}
          </Button>
        </Stack>
      )}
    </Card>
  );
}

import { useState } from 'react';
import { Link, Navigate, useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import {
  Button,
  Heading,
  LoadingState,
  Muted,
  Page,
  Tabs,
  TabsContent,
  TabsList,
  TabsTrigger,
} from '@bistro/ui';
import styled from 'styled-components';
import { useVenue } from '@bistro/data';
import { preloadAuth, returnPath, signInReason, useAuthStore } from '@bistro/auth';
import { AuthCard, Reason } from './auth-styles';
import { ResetPasswordForm } from './reset-password-form';
import { SecondFactorForm } from './second-factor-form';
import { SignInForm } from './sign-in-form';
import { SignUpForm } from './sign-up-form';
import { VerifyEmail } from './verify-email';

const AuthTitle = styled(Heading)`
  font-size: 1.75rem;
`;

const PrivacyNote = styled(Muted)`
  margin-top: 24px;
  font-size: 0.9rem;
`;

const HomeButton = styled(Button)`
  width: 100%;
`;

/** The venue's name on a line of its own, its height kept while the record loads. */
const VenueName = styled.span`
  display: block;
`;

/**
 * /auth: Sign In and Sign Up tabs, forgot password, reset mode (?reset=1) and
 * verify-email state. A visitor sent here from a members' page is told why, and
 * goes back to that page once signed in; everyone else goes home.
 */
export function AuthPage() {
  const [params] = useSearchParams();
  const from = returnPath(useLocation().state);
  const reason = signInReason(from);
  const resetMode = params.get('reset') === '1';
  const status = useAuthStore((s) => s.status);
  const secondFactorDue = useAuthStore((s) => s.secondFactorDue);
  const [tab, setTab] = useState<'signin' | 'signup'>('signin');
  const [verifyEmail, setVerifyEmail] = useState<string | null>(null);
  const navigate = useNavigate();
  const { data: venue } = useVenue();

  if (!resetMode && status === 'signedIn' && !secondFactorDue)
    return <Navigate to={from ?? '/'} replace />;

  return (
    <Page>
      {/* The auth code loads once the visitor starts on a form, before they submit it. */}
      <AuthCard onFocusCapture={preloadAuth} onPointerDownCapture={preloadAuth}>
        {resetMode ? (
          <ResetPasswordForm />
        ) : status === 'loading' ? (
          <LoadingState />
        ) : status === 'signedIn' && secondFactorDue ? (
          <SecondFactorForm />
        ) : verifyEmail ? (
          <VerifyEmail
            email={verifyEmail}
            returnTo={from}
            onBack={() => {
              setVerifyEmail(null);
              setTab('signin');
            }}
          />
        ) : (
          <>
            <AuthTitle as="h1" elementtiming="auth-card">
              Welcome to <VenueName>{venue?.shortName ?? '\u00a0'}</VenueName>
            </AuthTitle>
            {reason ? <Reason role="status">{reason}</Reason> : null}
            <Muted>
              Sign in or create an account to book events, redeem offers and join the lounge.
            </Muted>
            <Tabs value={tab} onValueChange={(v) => setTab(v as 'signin' | 'signup')}>
              <TabsList aria-label="Sign in or sign up">
                <TabsTrigger value="signin">Sign In</TabsTrigger>
                <TabsTrigger value="signup">Sign Up</TabsTrigger>
              </TabsList>
              <TabsContent value="signin">
                <SignInForm />
              </TabsContent>
              <TabsContent value="signup">
                <SignUpForm onVerify={setVerifyEmail} returnTo={from} />
              </TabsContent>
            </Tabs>
          </>
        )}
        <PrivacyNote>
          By continuing you agree to our <Link to="/privacy">privacy policy</Link>.
        </PrivacyNote>
        <HomeButton type="button" $variant="ghost" onClick={() => navigate('/')}>
          Back to Home
        </HomeButton>
      </AuthCard>
    </Page>
  );
}

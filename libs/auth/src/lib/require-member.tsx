import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router-dom';
import { LoadingState } from '@bistro/ui';
import { authRedirectState } from './auth-redirect';
import { useAuthStore } from './auth-store';

/**
 * Members-only pages: while the session is being looked up it shows a loading
 * state; a visitor is sent to /auth (replacing the history entry, so Back does
 * not bounce them here again), which brings them back here after sign-in.
 */
export function RequireMember({
  children,
  loadingLabel = 'Loading…',
}: {
  children: ReactNode;
  loadingLabel?: string;
}) {
  const status = useAuthStore((s) => s.status);
  const location = useLocation();
  if (status === 'loading') return <LoadingState label={loadingLabel} />;
  if (status === 'signedOut')
    return (
      <Navigate to="/auth" replace state={authRedirectState(location.pathname + location.search)} />
    );
  return <>{children}</>;
}

import type { ReactNode } from 'react';
import { LoadingState } from '@bistro/ui';
import { RedirectToAuth } from './redirect-to-auth';
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
  if (status === 'loading') return <LoadingState label={loadingLabel} />;
  if (status === 'signedOut') return <RedirectToAuth />;
  return <>{children}</>;
}

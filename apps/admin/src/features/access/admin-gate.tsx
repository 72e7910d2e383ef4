import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorState, LoadingState, toast } from '@bistro/ui';
import { RedirectToAuth, useAuthStore, useUserId } from '@bistro/auth';
import { adminLoadFailed, useAdminAccess } from '@bistro/data';

export type AdminAccess = 'checking' | 'visitor' | 'admin' | 'denied' | 'unknown';

/**
 * Who may see the dashboard. The shell's store says isAdmin once its role
 * lookup is done; until then (and for a user it says is not an admin) the gate
 * asks the database itself, so it never turns an admin away on a lookup that
 * has not finished.
 */
export function useAdminAccessState(): { access: AdminAccess; retry: () => void } {
  const status = useAuthStore((s) => s.status);
  const userId = useUserId();
  const storeAdmin = useAuthStore((s) => s.isAdmin);
  const roleLoading = useAuthStore((s) => s.roleLoading);
  const check = useAdminAccess(status === 'signedIn' && !storeAdmin ? userId : null);

  if (status === 'loading') return { access: 'checking', retry: () => undefined };
  if (status === 'signedOut' || !userId) return { access: 'visitor', retry: () => undefined };
  if (storeAdmin) return { access: 'admin', retry: () => undefined };
  const retry = () => void check.refetch();
  if (roleLoading || check.isPending) return { access: 'checking', retry };
  if (check.isError) return { access: 'unknown', retry };
  return { access: check.data ? 'admin' : 'denied', retry };
}

function Denied() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({
      title: 'Access Denied',
      description: 'Admin privileges required',
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [navigate]);
  return <LoadingState label="Access Denied" />;
}

/** No session -> /auth; a member without the admin role -> 'Access Denied' and home. */
export function AdminGate({ children }: { children: ReactNode }) {
  const { access, retry } = useAdminAccessState();
  switch (access) {
    case 'checking':
      return <LoadingState label="Checking admin access…" />;
    case 'visitor':
      return <RedirectToAuth />;
    case 'denied':
      return <Denied />;
    case 'unknown':
      return (
        <ErrorState
          title={adminLoadFailed.title}
          message={adminLoadFailed.description ?? ''}
          onRetry={retry}
        />
      );
    case 'admin':
      return <>{children}</>;
  }
}

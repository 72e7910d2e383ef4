import { useEffect, useRef, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { ErrorState, LoadingState, toast } from '@bistro/ui';
import { RedirectToAuth, useAuthStore, useUserId } from '@bistro/auth';
import { adminLoadFailed, useDoorAccess } from '@bistro/data';

export type DoorAccess = 'checking' | 'visitor' | 'allowed' | 'denied' | 'unknown';

/**
 * Who may open the door: staff and admins. The shell's store answers at once when its role
 * lookup said so; otherwise the database is asked. Offline, a member the store has not
 * cleared still gets the page (the list on the device is theirs alone, and every scan is
 * decided again by the server when it is sent).
 */
export function useDoorAccessState(): { access: DoorAccess; retry: () => void } {
  const status = useAuthStore((s) => s.status);
  const userId = useUserId();
  const storeAllows = useAuthStore((s) => s.isAdmin || s.isStaff);
  const check = useDoorAccess(status === 'signedIn' && !storeAllows ? userId : null);
  if (status === 'loading') return { access: 'checking', retry: () => undefined };
  if (status === 'signedOut' || !userId) return { access: 'visitor', retry: () => undefined };
  if (storeAllows) return { access: 'allowed', retry: () => undefined };
  const retry = () => void check.refetch();
  if (check.isPending) return { access: 'checking', retry };
  if (check.isError) {
    const offline = typeof navigator !== 'undefined' && navigator.onLine === false;
    return { access: offline ? 'allowed' : 'unknown', retry };
  }
  return { access: check.data ? 'allowed' : 'denied', retry };
}

function Denied() {
  const navigate = useNavigate();
  const done = useRef(false);
  useEffect(() => {
    if (done.current) return;
    done.current = true;
    toast({
      title: 'Access Denied',
      description: 'Staff or admin privileges required',
      variant: 'destructive',
    });
    navigate('/', { replace: true });
  }, [navigate]);
  return <LoadingState label="Access Denied" />;
}

/** No session -> /auth; a member who is neither staff nor admin -> 'Access Denied' and home. */
export function DoorGate({ children }: { children: ReactNode }) {
  const { access, retry } = useDoorAccessState();
  switch (access) {
    case 'checking':
      return <LoadingState label="Checking door access…" />;
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
    case 'allowed':
      return <>{children}</>;
  }
}

import type { ReactNode } from 'react';
import { ErrorState, Heading, LoadingState, Muted, Page } from '@bistro/ui';
import { RedirectToAuth, useAuthStore, useUserId } from '@bistro/auth';
import { useHoldsStaffRole } from '@bistro/data';
import { TableRequestsPanel } from './table-requests-panel';
import { GuestListPanel } from '../guest-lists/guest-lists-panel';

/**
 * Who may open the host stand: staff and admins (the database decides what each may read and
 * do; this only keeps the page from members who would see nothing).
 */
export function StaffGate({ children }: { children: ReactNode }) {
  const status = useAuthStore((s) => s.status);
  const userId = useUserId();
  const staff = useHoldsStaffRole(status === 'signedIn' ? (userId ?? null) : null);
  if (status === 'loading') return <LoadingState label="Checking staff access…" />;
  if (status === 'signedOut' || !userId) return <RedirectToAuth />;
  if (staff.isPending) return <LoadingState label="Checking staff access…" />;
  if (staff.isError)
    return (
      <ErrorState
        title="Could not check your access"
        message="Please try again."
        onRetry={() => void staff.refetch()}
      />
    );
  if (!staff.data)
    return (
      <Page data-area="admin">
        <Heading>Host stand</Heading>
        <Muted>The host stand is for the venue's staff.</Muted>
      </Page>
    );
  return <>{children}</>;
}

/**
 * The host stand (/host-stand, staff and admins, phone and tablet): tonight's table requests to
 * confirm or decline with tonight's committed minimum, and tonight's guest list to add names to.
 */
export function HostStand() {
  return (
    <Page data-area="admin" data-route="/host-stand">
      <Heading>Host stand</Heading>
      <Muted>Tonight's VIP tables and guest list.</Muted>
      <TableRequestsPanel />
      <div style={{ marginTop: 40 }}>
        <GuestListPanel admin={false} tonightOnly />
      </div>
    </Page>
  );
}

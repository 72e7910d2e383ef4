import { Bell } from 'lucide-react';
import { Badge, Card, Muted } from '@bistro/ui';
import { TabSection } from '../shared/ui';

/** Notifications is a Coming Soon placeholder: nothing is sent from here yet. */
export function NotificationsTab() {
  return (
    <TabSection
      headingId="notifications-heading"
      title="Notifications"
      aside={<Badge $tone="accent">Coming Soon</Badge>}
    >
      <Card>
        <Bell aria-hidden="true" />
        <h3>Coming Soon</h3>
        <Muted>
          Broadcast announcements to members will live here. Booking decisions are already e-mailed
          to guests automatically.
        </Muted>
      </Card>
    </TabSection>
  );
}

import { Bell } from 'lucide-react';
import { Badge, Card, Muted } from '@bistro/ui';
import { SectionHead } from '../shared/ui';

/** Spec: Notifications is a Coming Soon placeholder. */
export function NotificationsTab() {
  return (
    <section aria-labelledby="notifications-heading">
      <SectionHead>
        <h2 id="notifications-heading">Notifications</h2>
        <Badge $tone="accent">Coming Soon</Badge>
      </SectionHead>
      <Card>
        <Bell aria-hidden="true" />
        <h3>Coming Soon</h3>
        <Muted>
          Broadcast announcements to members will live here. Booking decisions are already e-mailed
          to guests automatically.
        </Muted>
      </Card>
    </section>
  );
}

import { Link } from 'react-router-dom';
import { Heading, Muted, Page } from '@bistro/ui';
import { TableRequestsPanel } from './table-requests-panel';
import { GuestListPanel } from '../guest-lists/guest-lists-panel';

/**
 * The host stand (/host-stand, staff and admins, phone and tablet): tonight's table requests to
 * confirm or decline with tonight's committed minimum, and tonight's guest list to add names to.
 */
export function HostStand() {
  return (
    <Page data-area="admin" data-route="/host-stand">
      <Heading>Host stand</Heading>
      <Muted>
        Tonight's VIP tables and guest list. <Link to="/door">Open the door</Link> to check guests
        in.
      </Muted>
      <TableRequestsPanel />
      <div style={{ marginTop: 40 }}>
        <GuestListPanel admin={false} tonightOnly />
      </div>
    </Page>
  );
}

import { TabSection } from '../shared/ui';
import { TableRequestsPanel } from './table-requests-panel';
import { LoungeSetupPanel } from './lounge-setup';

/** VIP tables (admin ?tab=vip): the requests to confirm, then the lounge's setup. */
export function VipTablesTab() {
  return (
    <TabSection headingId="vip-tables-title" title="VIP Tables">
      <TableRequestsPanel />
      <div style={{ marginTop: 40 }}>
        <LoungeSetupPanel />
      </div>
    </TabSection>
  );
}

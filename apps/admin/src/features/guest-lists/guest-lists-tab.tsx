import { TabSection } from '../shared/ui';
import { GuestListPanel, PromotersPanel } from './guest-lists-panel';

/** Guest lists (admin ?tab=guestlists): a night's list and close time, promoters and their report. */
export function GuestListsTab() {
  return (
    <TabSection headingId="guest-lists-title" title="Guest Lists">
      <GuestListPanel admin tonightOnly={false} />
      <div style={{ marginTop: 40 }}>
        <PromotersPanel />
      </div>
    </TabSection>
  );
}

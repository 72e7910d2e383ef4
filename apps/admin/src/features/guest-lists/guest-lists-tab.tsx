import { GuestListPanel, PromotersPanel } from './guest-lists-panel';

/** Guest lists (admin ?tab=guestlists): a night's list and close time, promoters and their report. */
export function GuestListsTab() {
  return (
    <>
      <GuestListPanel admin tonightOnly={false} />
      <div style={{ marginTop: 40 }}>
        <PromotersPanel />
      </div>
    </>
  );
}

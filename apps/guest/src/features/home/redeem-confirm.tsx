import styled from 'styled-components';
import { Button, Dialog, Muted, theme } from '@bistro/ui';
import type { OfferRow } from '@bistro/data';

const PassNote = styled(Muted)`
  margin: 0;
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: flex-end;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(4)};
`;

/**
 * Asked before an offer is redeemed: a redemption is used once, so the member redeems it
 * at the table, in front of the server, not by a stray tap.
 */
export function RedeemConfirm({
  offer,
  onConfirm,
  onCancel,
}: {
  offer: OfferRow | null;
  onConfirm: (offer: OfferRow) => void;
  onCancel: () => void;
}) {
  return (
    <Dialog
      open={offer !== null}
      onOpenChange={(open) => {
        if (!open) onCancel();
      }}
      title={offer ? `Redeem ${offer.title}?` : 'Redeem this offer?'}
      description="Show this to your server now? It can be used once."
    >
      <PassNote>Once redeemed, the pass stays on this page under Show Pass.</PassNote>
      <Actions>
        <Button type="button" $variant="ghost" onClick={onCancel}>
          Not Now
        </Button>
        <Button type="button" onClick={() => offer && onConfirm(offer)}>
          Redeem Now
        </Button>
      </Actions>
    </Dialog>
  );
}

import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Dialog, DialogClose, theme } from '@bistro/ui';
import { formatWallClock, venueWallClock, type OfferRow, type Redemption } from '@bistro/data';
import { passCode, redemptionTime } from './pass-format';

const DoneButton = styled(Button)`
  width: 100%;
`;

const Body = styled.div`
  flex: 1;
  display: flex;
  flex-direction: column;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(4)};
  text-align: center;
  overflow-wrap: anywhere;
`;

const Discount = styled.p`
  margin: 0;
  font-family: ${theme.font.display};
  font-size: 2.5rem;
  color: ${theme.colors.accent};
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  gap: ${theme.space(3)};
  dt {
    color: ${theme.colors.textMuted};
    font-size: 0.9rem;
    text-transform: uppercase;
    letter-spacing: 0.08em;
  }
  dd {
    margin: ${theme.space(1)} 0 0;
    font-size: 1.3rem;
    font-weight: 700;
  }
`;

const Code = styled.dd`
  && {
    font-family: ui-monospace, SFMono-Regular, Menlo, Consolas, monospace;
    font-size: 2.4rem;
    letter-spacing: 0.12em;
    color: ${theme.colors.accent};
  }
`;

const Clock = styled.p`
  margin: 0;
  color: ${theme.colors.textMuted};
  font-variant-numeric: tabular-nums;
`;

/** The time now, to the second: a moving clock shows staff the pass is live, not a screenshot. */
function LiveClock() {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 1000);
    return () => window.clearInterval(timer);
  }, []);
  return <Clock aria-hidden>Now {formatWallClock(venueWallClock(now), 'h:mm:ss a')}</Clock>;
}

/**
 * The pass a member shows their server after redeeming an offer: full screen,
 * with the offer, the member's name, when it was redeemed and its code.
 */
export function OfferPass({
  offer,
  redemption,
  memberName,
  onClose,
}: {
  offer: Pick<OfferRow, 'title' | 'discount_percentage'>;
  redemption: Redemption;
  memberName: string;
  onClose: () => void;
}) {
  return (
    <Dialog
      open
      fullScreen
      onOpenChange={(open) => !open && onClose()}
      title={offer.title}
      description="Show this to your server to claim your discount."
    >
      <Body>
        {offer.discount_percentage ? <Discount>{offer.discount_percentage}% off</Discount> : null}
        <Facts>
          <div>
            <dt>Member</dt>
            <dd>{memberName}</dd>
          </div>
          <div>
            <dt>Redeemed</dt>
            <dd>
              <time dateTime={redemption.redeemed_at}>
                {redemptionTime(redemption.redeemed_at)}
              </time>
            </dd>
          </div>
          <div>
            <dt>Code</dt>
            <Code data-testid="pass-code">{passCode(redemption.id)}</Code>
          </div>
        </Facts>
        <LiveClock />
      </Body>
      <DialogClose asChild>
        <DoneButton type="button">Done</DoneButton>
      </DialogClose>
    </Dialog>
  );
}

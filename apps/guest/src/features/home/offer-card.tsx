import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { Button, Card, Muted, Row, theme, Badge } from '@bistro/ui';
import { businessDate, formatValidity, lastNightBefore, type OfferRow } from '@bistro/data';
import { CardTitle } from '../shared/styles';

const OfferHeader = styled(Row)`
  justify-content: space-between;
`;

const OfferTitle = styled(CardTitle)`
  margin-top: 12px;
`;

const Validity = styled(Muted)`
  font-size: 0.85rem;
`;

const OfferAction = styled(Button)`
  width: 100%;
`;

const Discount = styled.span`
  font-family: ${theme.font.display};
  font-size: 1.6rem;
  color: ${theme.colors.accent};
`;

/** An offer about bottle service leads to the VIP table request. */
const BOTTLE_SERVICE = /bottle service/i;

/**
 * One offer with its redeem button, which reads Redeemed (disabled) once
 * redeemed; then Show Pass opens the pass for the server again.
 */
export function OfferCard({
  offer,
  redeemed,
  redeeming,
  onRedeem,
  onShowPass,
}: {
  offer: OfferRow;
  redeemed: boolean;
  redeeming: boolean;
  onRedeem: (offer: OfferRow) => void;
  onShowPass: (offer: OfferRow) => void;
}) {
  return (
    <Card as="article" aria-label={offer.title}>
      <OfferHeader $gap={2}>
        <Badge $solid $tone={offer.offer_type === 'surprise' ? 'primary' : 'accent'}>
          {offer.offer_type === 'surprise'
            ? 'Surprise'
            : offer.offer_type === 'vip'
              ? 'VIP'
              : offer.offer_type === 'birthday'
                ? 'Birthday'
                : 'App Exclusive'}
        </Badge>
        {offer.discount_percentage ? <Discount>{offer.discount_percentage}% off</Discount> : null}
      </OfferHeader>
      <OfferTitle>{offer.title}</OfferTitle>
      {offer.description ? <Muted>{offer.description}</Muted> : null}
      {BOTTLE_SERVICE.test(`${offer.title} ${offer.description ?? ''}`) ? (
        <Link to="/tables">Request a VIP table with bottle service</Link>
      ) : null}
      {offer.valid_until ? (
        <Validity>{formatValidity(lastNightBefore(offer.valid_until), businessDate())}</Validity>
      ) : null}
      <OfferAction
        type="button"
        $variant={redeemed ? 'ghost' : 'primary'}
        disabled={redeemed || redeeming}
        onClick={() => onRedeem(offer)}
      >
        {redeemed ? 'Redeemed' : redeeming ? 'Redeeming…' : 'Redeem'}
      </OfferAction>
      {redeemed ? (
        <OfferAction type="button" $variant="accent" onClick={() => onShowPass(offer)}>
          Show Pass
        </OfferAction>
      ) : null}
    </Card>
  );
}

import styled from 'styled-components';
import { Link } from 'react-router-dom';
import { Clock, CreditCard, UtensilsCrossed } from 'lucide-react';
import { Card, Heading, Muted, Row, theme } from '@bistro/ui';
import { businessDate, useMenu, useVenue } from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { CardHeading, Grid, InfoLine } from '../shared/styles';
import { MenuImage } from './menu-image';
import { MenuList } from './menu-list';

const MenuFrame = styled(Card)`
  padding: 12px;
`;

const InfoGrid = styled(Grid)`
  margin-top: 24px;
`;

const PaymentList = styled.ul`
  margin: 8px 0 0;
  padding-left: 20px;
`;

export const acceptedPayments = ['Visa', 'Mastercard', 'American Express', 'Cash'] as const;

/**
 * Order (/order and /scanner): the menu image, how to order, accepted
 * payments, the hours, then the full menu with its filters. The menu refreshes
 * every minute, so a price change or an 86 reaches the tables.
 */
export function OrderPage({ route }: { route: '/order' | '/scanner' }) {
  const { data: venue } = useVenue();
  const menu = useMenu({ live: true });
  const tonight = businessDate();
  return (
    <GuestPage route={route}>
      <Heading>Our Menu</Heading>
      <Muted>Fresh from the bistro kitchen and the lounge bar.</Muted>
      <MenuFrame>
        <MenuImage
          venueName={venue?.shortName ?? 'Our'}
          sections={menu.data}
          tonight={tonight}
          uploadedUrl={venue?.menuImageUrl}
        />
      </MenuFrame>
      <InfoGrid>
        <Card>
          <Row $gap={2}>
            <UtensilsCrossed aria-hidden color={theme.colors.accent} />
            <CardHeading as="h2">How to order</CardHeading>
          </Row>
          <InfoLine>
            Ready to order? Let your server know at your table, or order with our bartenders at the
            bar.
          </InfoLine>
          <Link to="/reserve">Reserve a table for dinner</Link>
        </Card>
        <Card>
          <Row $gap={2}>
            <CreditCard aria-hidden color={theme.colors.accent} />
            <CardHeading as="h2">Accepted payments</CardHeading>
          </Row>
          <PaymentList aria-label="Accepted payments">
            {acceptedPayments.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </PaymentList>
        </Card>
        <Card as="section" aria-labelledby="order-hours-title">
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardHeading as="h2" id="order-hours-title">
              Hours
            </CardHeading>
          </Row>
          <InfoLine>{venue ? `Open ${venue.hoursSummary}` : '\u00a0'}</InfoLine>
          {venue?.hoursNote ? <Muted>{venue.hoursNote}</Muted> : null}
        </Card>
      </InfoGrid>
      <MenuList menu={menu} tonight={tonight} />
    </GuestPage>
  );
}

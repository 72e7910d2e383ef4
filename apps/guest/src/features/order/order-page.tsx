import { Link } from 'react-router-dom';
import { Clock, CreditCard, UtensilsCrossed } from 'lucide-react';
import { Card, Heading, Muted, Row, theme } from '@bistro/ui';
import { businessDate, useMenu, useVenue } from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { CardTitle, Grid } from '../shared/styles';
import { MenuImage } from './menu-image';
import { MenuList } from './menu-list';

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
      <Card style={{ padding: 12 }}>
        <MenuImage
          venueName={venue?.shortName ?? 'Our'}
          sections={menu.data}
          tonight={tonight}
          uploadedUrl={venue?.menuImageUrl}
        />
      </Card>
      <Grid style={{ marginTop: 24 }}>
        <Card>
          <Row $gap={2}>
            <UtensilsCrossed aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2" style={{ margin: 0 }}>
              How to order
            </CardTitle>
          </Row>
          <Muted style={{ marginTop: 8 }}>
            Ready to order? Let your server know at your table, or order with our bartenders at the
            bar.
          </Muted>
          <Link to="/reserve">Reserve a table for dinner</Link>
        </Card>
        <Card>
          <Row $gap={2}>
            <CreditCard aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2" style={{ margin: 0 }}>
              Accepted payments
            </CardTitle>
          </Row>
          <ul aria-label="Accepted payments" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {acceptedPayments.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Card>
        <Card as="section" aria-labelledby="order-hours-title">
          <Row $gap={2}>
            <Clock aria-hidden color={theme.colors.accent} />
            <CardTitle as="h2" id="order-hours-title" style={{ margin: 0 }}>
              Hours
            </CardTitle>
          </Row>
          <Muted style={{ marginTop: 8 }}>{venue ? `Open ${venue.hoursSummary}` : '\u00a0'}</Muted>
          {venue?.hoursNote ? <Muted>{venue.hoursNote}</Muted> : null}
        </Card>
      </Grid>
      <MenuList menu={menu} tonight={tonight} />
    </GuestPage>
  );
}

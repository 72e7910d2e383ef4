import { CreditCard, UtensilsCrossed } from 'lucide-react';
import { Card, Heading, Muted, Row, theme } from '@bistro/ui';
import { GuestPage } from '../shared/guest-page';
import { CardTitle, Grid } from '../shared/styles';
import { MenuImage } from './menu-image';

export const acceptedPayments = ['Visa', 'Mastercard', 'American Express', 'Cash'] as const;

/** Order (/order and /scanner): the menu, how to order, accepted payments. */
export function OrderPage({ route }: { route: '/order' | '/scanner' }) {
  return (
    <GuestPage route={route}>
      <Heading>Our Menu</Heading>
      <Muted>Fresh from the bistro kitchen and the lounge bar.</Muted>
      <Card style={{ padding: 12 }}>
        <MenuImage />
      </Card>
      <Grid style={{ marginTop: 24 }}>
        <Card>
          <Row $gap={2}>
            <UtensilsCrossed aria-hidden color={theme.colors.accent} />
            <CardTitle style={{ margin: 0 }}>How to order</CardTitle>
          </Row>
          <Muted style={{ marginTop: 8 }}>
            Ready to order? Let your server know at your table, or order with our bartenders at the
            bar.
          </Muted>
        </Card>
        <Card>
          <Row $gap={2}>
            <CreditCard aria-hidden color={theme.colors.accent} />
            <CardTitle style={{ margin: 0 }}>Accepted payments</CardTitle>
          </Row>
          <ul aria-label="Accepted payments" style={{ margin: '8px 0 0', paddingLeft: 20 }}>
            {acceptedPayments.map((p) => (
              <li key={p}>{p}</li>
            ))}
          </ul>
        </Card>
      </Grid>
    </GuestPage>
  );
}

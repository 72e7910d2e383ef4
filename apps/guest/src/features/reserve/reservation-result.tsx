import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import { Button, Card, Muted, QrCode, Row, Stack, theme } from '@bistro/ui';
import type { Reservation } from '@bistro/data';
import { guestsLabel, whenLabel } from './reserve-choice';

const Code = styled.strong`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 1.5rem;
  letter-spacing: 0.2em;
`;

const Qr = styled(QrCode)`
  width: 148px;
  border-radius: ${theme.radii.sm};
`;

/**
 * "You're booked": the reservation code (and its QR code) to show on arrival.
 * It stays on screen until dismissed; on a phone the form above it is a
 * screen or more away from the button the guest tapped, so it comes into view
 * and takes focus.
 */
export function ReservationResult({
  reservation,
  onDismiss,
}: {
  reservation: Reservation;
  onDismiss: () => void;
}) {
  const card = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = card.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    el.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, [reservation.id]);
  return (
    <Card
      ref={card}
      tabIndex={-1}
      role="status"
      aria-labelledby="reservation-booked-title"
      style={{ borderColor: theme.colors.success, marginBottom: 24 }}
    >
      <Row $gap={2}>
        <CheckCircle2 aria-hidden color={theme.colors.success} />
        <h2 id="reservation-booked-title" style={{ margin: 0, fontSize: '1.4rem' }}>
          You&apos;re booked
        </h2>
      </Row>
      <Row $gap={5} style={{ alignItems: 'flex-start', marginTop: 12 }}>
        <Stack $gap={2} style={{ flex: '1 1 200px' }}>
          <span>
            {whenLabel(reservation.startsAt)} · {guestsLabel(reservation.partySize)}
          </span>
          <span>
            Reservation code: <Code data-testid="reservation-code">{reservation.code}</Code>
          </span>
          {reservation.tables.length ? (
            <Muted style={{ margin: 0 }}>
              {reservation.tables.length === 1 ? 'Table' : 'Tables'}{' '}
              {reservation.tables.join(' + ')}
            </Muted>
          ) : null}
          <Muted style={{ margin: 0 }}>
            We e-mailed you the confirmation with a calendar invitation. Change or cancel it any
            time up to the cutoff from the mail or your <Link to="/profile">profile</Link>.
          </Muted>
          <Row $gap={3}>
            <Link to={`/reserve?manage=${reservation.code}`}>Change or cancel</Link>
            <Button type="button" $variant="ghost" onClick={onDismiss}>
              Book another table
            </Button>
          </Row>
        </Stack>
        <Qr value={reservation.code} label={`QR code of reservation ${reservation.code}`} />
      </Row>
    </Card>
  );
}

import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckCircle2 } from 'lucide-react';
import { Button, Card, Muted, QrCode, Row, Stack, theme } from '@bistro/ui';
import type { Reservation } from '@bistro/data';
import { guestsLabel, whenLabel } from './reserve-choice';

const ResultCard = styled(Card)`
  border-color: ${theme.colors.success};
  margin-bottom: 24px;
`;

const ResultTitle = styled.h2`
  margin: 0;
  font-size: 1.4rem;
`;

const ResultBody = styled(Row)`
  align-items: flex-start;
  margin-top: 12px;
`;

const Details = styled(Stack)`
  flex: 1 1 200px;
`;

const ResultNote = styled(Muted)`
  margin: 0;
`;

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
    <ResultCard ref={card} tabIndex={-1} role="status" aria-labelledby="reservation-booked-title">
      <Row $gap={2}>
        <CheckCircle2 aria-hidden color={theme.colors.success} />
        <ResultTitle id="reservation-booked-title">You&apos;re booked</ResultTitle>
      </Row>
      <ResultBody $gap={5}>
        <Details $gap={2}>
          <span>
            {whenLabel(reservation.startsAt)} · {guestsLabel(reservation.partySize)}
          </span>
          <span>
            Reservation code: <Code data-testid="reservation-code">{reservation.code}</Code>
          </span>
          {reservation.tables.length ? (
            <ResultNote>
              {reservation.tables.length === 1 ? 'Table' : 'Tables'}{' '}
              {reservation.tables.join(' + ')}
            </ResultNote>
          ) : null}
          <ResultNote>
            We e-mailed you the confirmation with a calendar invitation. Change or cancel it any
            time up to the cutoff from the mail or your <Link to="/profile">profile</Link>.
          </ResultNote>
          <Row $gap={3}>
            <Link to={`/reserve?manage=${reservation.code}`}>Change or cancel</Link>
            <Button type="button" $variant="ghost" onClick={onDismiss}>
              Book another table
            </Button>
          </Row>
        </Details>
        <Qr value={reservation.code} label={`QR code of reservation ${reservation.code}`} />
      </ResultBody>
    </ResultCard>
  );
}

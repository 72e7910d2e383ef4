import { useEffect, useRef } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { CheckCircle2, Hourglass } from 'lucide-react';
import { Button, Card, Muted, Row, theme } from '@bistro/ui';
import { guestBookingStatus, type BookingRow, type EventRow } from '@bistro/data';
import { longEventDate } from '../shared/format-date';

/** The booking's result: amber while on the waitlist, green once booked. */
const ResultCard = styled(Card)<{ $waitlisted: boolean }>`
  margin-bottom: 24px;
  border-color: ${({ $waitlisted }) => ($waitlisted ? theme.colors.warning : theme.colors.success)};
`;

const BookingMeta = styled(Muted)`
  margin: 8px 0;
`;

const CodeLine = styled.p`
  margin: 0 0 8px;
`;

const StatusNote = styled(Muted)`
  margin: 0 0 12px;
`;

const Code = styled.strong`
  font-family: ui-monospace, 'SFMono-Regular', Menlo, monospace;
  font-size: 1.3rem;
  letter-spacing: 0.15em;
`;

/**
 * What the guest sees once a booking is made: the booking code to show at the
 * door, and whether it is waiting for approval or on the waitlist.
 */
export function BookingResult({
  booking,
  event,
  onDismiss,
}: {
  booking: BookingRow;
  event: EventRow;
  onDismiss: () => void;
}) {
  const waitlisted = guestBookingStatus(booking.status) === 'waitlisted';
  const card = useRef<HTMLDivElement>(null);
  // The result is where the guest is looking: on a phone the list above it is a screen or
  // more away from the button they tapped, so it comes into view and takes focus.
  useEffect(() => {
    const el = card.current;
    if (!el) return;
    const still = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
    el.scrollIntoView?.({ block: 'center', behavior: still ? 'auto' : 'smooth' });
    el.focus({ preventScroll: true });
  }, [booking.id]);
  return (
    <ResultCard
      ref={card}
      tabIndex={-1}
      role="status"
      aria-label="Your booking"
      $waitlisted={waitlisted}
    >
      <Row $gap={2}>
        {waitlisted ? (
          <Hourglass aria-hidden color={theme.colors.warning} />
        ) : (
          <CheckCircle2 aria-hidden color={theme.colors.success} />
        )}
        <strong>
          {waitlisted
            ? `You are on the waitlist for ${booking.event_title ?? event.title}`
            : `Booking received for ${booking.event_title ?? event.title}`}
        </strong>
      </Row>
      <BookingMeta>
        {longEventDate(booking.event_date ?? event.event_date)} · {booking.number_of_guests}{' '}
        {booking.number_of_guests === 1 ? 'guest' : 'guests'}
      </BookingMeta>
      <CodeLine>
        Booking code: <Code>{booking.booking_code}</Code>
      </CodeLine>
      <StatusNote>
        {waitlisted
          ? 'This booking is waitlisted: the event is full. We will e-mail you if a spot opens up.'
          : 'Your booking is waiting for approval; we will e-mail you the confirmation.'}{' '}
        You can see or cancel it on your <Link to="/profile">profile</Link>.
      </StatusNote>
      <Button type="button" $variant="ghost" onClick={onDismiss}>
        Dismiss
      </Button>
    </ResultCard>
  );
}

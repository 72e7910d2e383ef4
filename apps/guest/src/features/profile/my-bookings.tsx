import { useState } from 'react';
import { Link } from 'react-router-dom';
import styled from 'styled-components';
import { MessageSquare } from 'lucide-react';
import {
  Badge,
  Button,
  Card,
  Dialog,
  ErrorState,
  LoadingState,
  Muted,
  Row,
  Stack,
  theme,
  toast,
} from '@bistro/ui';
import {
  bookingCancelFailed,
  guestBookingStatus,
  bookingCancelled,
  useBookingCancelMutation,
  useRecentBookings,
  type MemberBooking,
} from '@bistro/data';
import { longEventDate, shortDate } from '../shared/format-date';
import { SectionTitle } from '../shared/styles';
import { bookingStatus } from './booking-status';
import { DoorPass } from './door-pass';

const SpreadRow = styled(Row)`
  justify-content: space-between;
`;

const DetailLine = styled(Muted)`
  margin: 4px 0 0;
`;

const SmallLine = styled(Muted)`
  font-size: 0.85rem;
  margin: 0;
`;

const NoteTitle = styled.strong`
  font-size: 0.85rem;
`;

const CardButton = styled(Button)`
  margin-top: 12px;
`;

const TopTitle = styled(SectionTitle)`
  margin-top: 0;
`;

const BookingList = styled(Stack)`
  list-style: none;
  margin: 0;
  padding: 0;
`;

const StaffNote = styled.div`
  display: flex;
  gap: ${theme.space(2)};
  margin-top: ${theme.space(2)};
  padding: ${theme.space(3)};
  border-radius: ${theme.radii.sm};
  border-left: 3px solid ${theme.colors.primary};
  background: ${theme.colors.surfaceRaised};
`;

const Code = styled.code`
  font-size: 1rem;
  letter-spacing: 0.12em;
  color: ${theme.colors.text};
`;

function BookingCard({
  booking,
  onCancel,
  onShowPass,
}: {
  booking: MemberBooking;
  onCancel: () => void;
  onShowPass: () => void;
}) {
  const status = bookingStatus(booking.status, booking.checked_in_at);
  const doorReady = !booking.checked_in_at && guestBookingStatus(booking.status) === 'approved';
  const title = booking.event_title ?? 'Event booking';
  return (
    <Card as="li" aria-label={title}>
      <SpreadRow>
        <strong>{title}</strong>
        <Badge $solid $tone={status.tone}>
          {status.label}
        </Badge>
      </SpreadRow>
      {booking.occasion ? <DetailLine>{booking.occasion}</DetailLine> : null}
      <DetailLine>
        {booking.event_date ? longEventDate(booking.event_date) : 'Date to be confirmed'} ·{' '}
        {booking.number_of_guests} {booking.number_of_guests === 1 ? 'guest' : 'guests'}
      </DetailLine>
      <DetailLine>
        Booking code: <Code>{booking.booking_code}</Code>
      </DetailLine>
      <SmallLine>
        Booked {shortDate(booking.created_at)}
        {booking.cancelled_at
          ? ` · Cancelled ${shortDate(booking.cancelled_at)}${
              // cancelled by staff (the event was called off, say), not by the guest
              booking.cancelled_by && booking.cancelled_by !== booking.user_id
                ? ' by the venue'
                : ''
            }`
          : ''}
      </SmallLine>
      {booking.admin_notes ? (
        <StaffNote>
          <MessageSquare aria-hidden size={18} color={theme.colors.primary} />
          <div>
            <NoteTitle>Message from our staff</NoteTitle>
            <div>{booking.admin_notes}</div>
          </div>
        </StaffNote>
      ) : null}
      {booking.checked_in_at ? (
        <SmallLine>Checked in {shortDate(booking.checked_in_at)}</SmallLine>
      ) : null}
      {doorReady ? (
        <CardButton
          type="button"
          $variant="accent"
          aria-label={`Show at the door: ${title}`}
          onClick={onShowPass}
        >
          Show at the Door
        </CardButton>
      ) : null}
      {/* The database decides whether it can still be cancelled. */}
      {booking.cancellable ? (
        <CardButton
          type="button"
          $variant="ghost"
          aria-label={`Cancel booking: ${title}`}
          onClick={onCancel}
        >
          Cancel booking
        </CardButton>
      ) : null}
    </Card>
  );
}

/**
 * The member's 5 most recent bookings with their code and status (waitlisted
 * and cancelled ones too); a booking the database reports as cancellable
 * (pending, approved or waitlisted, before its event starts) has a Cancel
 * button, with a confirmation.
 */
export function MyBookings({ userId }: { userId: string }) {
  const bookings = useRecentBookings(userId);
  const [toCancel, setToCancel] = useState<MemberBooking | null>(null);
  const [pass, setPass] = useState<MemberBooking | null>(null);
  const cancel = useBookingCancelMutation({
    onSuccess: () => {
      toast(bookingCancelled);
      setToCancel(null);
    },
    onError: (error) => {
      toast(bookingCancelFailed(error));
      setToCancel(null);
    },
  });
  return (
    <section aria-labelledby="recent-bookings-title">
      <TopTitle id="recent-bookings-title">Recent Bookings</TopTitle>
      {bookings.isPending ? (
        <LoadingState label="Loading your bookings…" />
      ) : bookings.isError ? (
        <ErrorState
          title="Could not load your bookings"
          message="Please try again."
          onRetry={() => void bookings.refetch()}
        />
      ) : bookings.data.length === 0 ? (
        <Card>
          <Muted>No bookings yet.</Muted>
          <Link to="/events">Browse upcoming events</Link>
        </Card>
      ) : (
        <BookingList as="ul" $gap={3}>
          {bookings.data.map((b) => (
            <BookingCard
              key={b.id}
              booking={b}
              onCancel={() => setToCancel(b)}
              onShowPass={() => setPass(b)}
            />
          ))}
        </BookingList>
      )}
      <Dialog
        open={toCancel !== null}
        onOpenChange={(open) => {
          if (!open && !cancel.isPending) setToCancel(null);
        }}
        title="Cancel this booking?"
        description={
          toCancel
            ? `${toCancel.event_title ?? 'Your booking'}${toCancel.event_date ? `, ${longEventDate(toCancel.event_date)}` : ''}. ${
                guestBookingStatus(toCancel.status) === 'waitlisted'
                  ? 'You leave the waitlist for this event.'
                  : 'Your spot is given to the next guest on the waitlist.'
              }`
            : undefined
        }
      >
        <Row style={{ justifyContent: 'flex-end' }}>
          <Button
            type="button"
            $variant="ghost"
            disabled={cancel.isPending}
            onClick={() => setToCancel(null)}
          >
            Keep booking
          </Button>
          <Button
            type="button"
            $variant="danger"
            disabled={cancel.isPending}
            onClick={() => toCancel && cancel.mutate({ bookingId: toCancel.id, userId })}
          >
            {cancel.isPending ? 'Cancelling…' : 'Cancel booking'}
          </Button>
        </Row>
      </Dialog>
      <DoorPass booking={pass} onClose={() => setPass(null)} />
    </section>
  );
}

import { Link, useSearchParams } from 'react-router-dom';
import styled from 'styled-components';
import { Badge, Button, Card, Heading, LoadingState, Muted, Stack, toast } from '@bistro/ui';
import {
  bookingCancelFailed,
  bookingCancelled,
  errorMessage,
  useBookingByToken,
  useBookingCancelLinkMutation,
} from '@bistro/data';
import { GuestPage } from '../shared/guest-page';
import { longEventDate } from '../shared/format-date';
import { bookingStatus } from '../profile/booking-status';

const Panel = styled(Card)`
  max-width: 560px;
`;

/** A line of the booking's summary: the stack spaces them. */
const Line = styled(Muted)`
  margin: 0;
`;

const Status = styled.p`
  margin: 0;
`;

/**
 * /bookings/cancel?token=...: the page the cancel link in every booking
 * e-mail opens. Anyone holding the link may cancel, signed in or not: it shows
 * the booking and a "Cancel booking" button while the booking can still be
 * cancelled, and its state once it is.
 */
export function CancelBookingPage() {
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const booking = useBookingByToken(token);
  const cancel = useBookingCancelLinkMutation({
    onSuccess: () => toast(bookingCancelled),
    onError: (error) => toast(bookingCancelFailed(error)),
  });

  const shown = cancel.data ?? booking.data;
  const status = shown ? bookingStatus(shown.status) : null;
  const cancellable = !cancel.data && booking.data?.cancellable === true;

  return (
    <GuestPage route="/bookings/cancel">
      <Heading>Cancel a booking</Heading>
      <Panel>
        {!token ? (
          <Muted role="alert" elementtiming="cancel-booking">
            This cancel link is incomplete. Please open the link from your booking e-mail again.
          </Muted>
        ) : booking.isPending ? (
          <LoadingState label="Loading your booking…" />
        ) : booking.isError ? (
          <Muted role="alert" elementtiming="cancel-booking">
            {errorMessage(booking.error) ?? 'This cancel link is not valid'}. You can see your
            bookings on your <Link to="/profile">profile</Link>.
          </Muted>
        ) : shown && status ? (
          <Stack $gap={3}>
            <div elementtiming="cancel-booking">
              <strong>{shown.eventTitle ?? 'Your booking'}</strong>{' '}
              <Badge $solid $tone={status.tone}>
                {status.label}
              </Badge>
            </div>
            {shown.eventDate ? <Line>{longEventDate(shown.eventDate)}</Line> : null}
            <Line>
              Booking code: <code>{shown.bookingCode}</code>
            </Line>
            {status.label === 'Cancelled' ? (
              <Status role="status">
                This booking is cancelled. We hope to see you another night.
              </Status>
            ) : cancellable ? (
              <>
                <Line>
                  Cancelling frees your spot for the next guest on the waitlist. This cannot be
                  undone.
                </Line>
                <Button
                  type="button"
                  $variant="danger"
                  disabled={cancel.isPending}
                  onClick={() => cancel.mutate(token)}
                >
                  {cancel.isPending ? 'Cancelling…' : 'Cancel booking'}
                </Button>
              </>
            ) : (
              <Line role="status">This booking can no longer be cancelled.</Line>
            )}
          </Stack>
        ) : null}
      </Panel>
    </GuestPage>
  );
}

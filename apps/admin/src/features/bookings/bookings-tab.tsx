import { useId, useState } from 'react';
import { Badge, Field, Label, Textarea } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  adminActionFailed,
  bookingMessages,
  bookingStatus,
  useAdminBookings,
  useBookingReviewMutation,
  type AdminBooking,
  type BookingDecision,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { formatDateTime } from '../shared/format';
import { Actions, Item, ItemHead, Meta, TabSection, SmallButton, QueryList } from '../shared/ui';

const statusLabel = { pending: 'Pending', approved: 'Approved', rejected: 'Rejected' } as const;
const statusTone = { pending: 'warning', approved: 'success', rejected: 'danger' } as const;

function BookingRow({
  booking,
  busy,
  onDecide,
}: {
  booking: AdminBooking;
  busy: boolean;
  onDecide: (status: BookingDecision, notes: string) => void;
}) {
  const status = bookingStatus(booking.status);
  const notesId = useId();
  const [notes, setNotes] = useState(booking.admin_notes ?? '');
  const title = booking.event_title || 'Event booking';
  return (
    <Item aria-label={`${booking.name}: ${title}`}>
      <ItemHead>
        <h3>{title}</h3>
        <Badge $tone={statusTone[status]}>{statusLabel[status]}</Badge>
      </ItemHead>
      <Meta>
        {booking.event_date ? `${formatDateTime(booking.event_date)} · ` : ''}
        {booking.number_of_guests} {booking.number_of_guests === 1 ? 'guest' : 'guests'}
      </Meta>
      <Meta>
        {booking.name} · <a href={`mailto:${booking.email}`}>{booking.email}</a> ·{' '}
        <a href={`tel:${booking.phone}`}>{booking.phone}</a>
      </Meta>
      {booking.special_requests ? <Meta>Special requests: {booking.special_requests}</Meta> : null}
      <Meta>Requested {formatDateTime(booking.created_at)}</Meta>
      {status === 'pending' ? (
        <>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor={notesId}>Admin notes</Label>
            <Textarea
              id={notesId}
              value={notes}
              maxLength={2000}
              placeholder="A message for the guest (included in the e-mail)"
              onChange={(e) => setNotes(e.target.value)}
            />
          </Field>
          <Actions>
            <SmallButton type="button" disabled={busy} onClick={() => onDecide('approved', notes)}>
              Approve
            </SmallButton>
            <SmallButton
              type="button"
              $variant="danger"
              disabled={busy}
              onClick={() => onDecide('rejected', notes)}
            >
              Reject
            </SmallButton>
          </Actions>
        </>
      ) : (
        <>
          {booking.admin_notes ? <Meta>Admin notes: {booking.admin_notes}</Meta> : null}
          {status === 'approved' && booking.approved_at ? (
            <Meta>Approved {formatDateTime(booking.approved_at)}</Meta>
          ) : null}
        </>
      )}
    </Item>
  );
}

/** All bookings: admin notes, and Approve / Reject for pending ones; the guest is e-mailed. */
export function BookingsTab() {
  const adminId = useUserId() ?? '';
  const bookings = useAdminBookings();
  const review = useBookingReviewMutation({
    onSuccess: (_booking, vars) =>
      notify(vars.status === 'approved' ? bookingMessages.approved : bookingMessages.rejected),
  });
  const pending = bookings.data?.filter((b) => bookingStatus(b.status) === 'pending').length ?? 0;
  return (
    <TabSection
      headingId="bookings-heading"
      title="Bookings"
      aside={bookings.data ? <Badge $tone="warning">{pending} pending</Badge> : null}
    >
      <QueryList
        query={bookings}
        label="Bookings"
        loadingLabel="Loading bookings…"
        empty="No bookings yet."
      >
        {(rows) =>
          rows.map((booking) => (
            <BookingRow
              key={`${booking.id}:${booking.status}`}
              booking={booking}
              busy={review.isPending && review.variables?.booking.id === booking.id}
              onDecide={(status, adminNotes) =>
                review.mutate(
                  { booking, status, adminNotes, adminId },
                  { onError: (error) => notify(adminActionFailed(error)) },
                )
              }
            />
          ))
        }
      </QueryList>
    </TabSection>
  );
}

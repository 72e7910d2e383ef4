import { useEffect, useId, useState } from 'react';
import styled from 'styled-components';
import { Download, Search } from 'lucide-react';
import { Badge, Button, Field, Label, Muted, Row, Textarea, media, theme } from '@bistro/ui';
import { useUserId } from '@bistro/auth';
import {
  ADMIN_BOOKINGS_PAGE_SIZE,
  BOOKING_STATUSES,
  adminActionFailed,
  bookingMessages,
  bookingStatus,
  useAdminBookingsPage,
  useAdminEvents,
  useBookingReviewMutation,
  type AdminBooking,
  type BookingDecision,
  type BookingStatus,
  isMailAddress,
  TEXT_LIMITS,
} from '@bistro/data';
import { notify } from '../shared/notify';
import { formatDateTime } from '../shared/format';
import { useDebouncedValue } from '../shared/use-debounced-value';
import {
  Actions,
  EmptyState,
  Item,
  ItemHead,
  List,
  Meta,
  Pager,
  QueryFrame,
  SmallButton,
  TabSection,
} from '../shared/ui';
import { EventLoadList } from './event-load-list';
import { useBookingsExport } from './use-bookings-export';

export const statusLabel: Record<BookingStatus, string> = {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  waitlisted: 'Waitlisted',
  cancelled: 'Cancelled',
};
const statusTone = {
  pending: 'warning',
  approved: 'success',
  rejected: 'danger',
  waitlisted: 'primary',
  cancelled: 'muted',
} as const;

const Filters = styled.div`
  display: grid;
  gap: ${theme.space(3)};
  margin-bottom: ${theme.space(3)};
  ${media.md} {
    grid-template-columns: 2fr 1fr 1fr;
    align-items: end;
  }
  label {
    display: block;
    font-weight: 600;
    margin-bottom: ${theme.space(1)};
  }
  select,
  input {
    width: 100%;
    min-height: 44px;
    padding: 0 ${theme.space(3)};
    border-radius: ${theme.radii.sm};
    border: 1px solid ${theme.colors.border};
    background: ${theme.colors.surface};
    color: ${theme.colors.text};
  }
`;

const Code = styled.code`
  letter-spacing: 0.1em;
  color: ${theme.colors.text};
`;

const numbers = new Intl.NumberFormat('en-US');

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
        <Actions>
          {booking.checked_in_at ? <Badge $tone="accent">Checked in</Badge> : null}
          <Badge $tone={statusTone[status]}>{statusLabel[status]}</Badge>
        </Actions>
      </ItemHead>
      <Meta>
        <Code>{booking.booking_code}</Code> ·{' '}
        {booking.event_date ? `${formatDateTime(booking.event_date)} · ` : ''}
        {booking.number_of_guests} {booking.number_of_guests === 1 ? 'guest' : 'guests'}
        {booking.occasion ? ` · ${booking.occasion}` : ''}
      </Meta>
      <Meta>
        {booking.name} ·{' '}
        {/* only a well-formed address becomes a link: a mailto: of free text could add
            recipients or headers */}
        {isMailAddress(booking.email) ? (
          <a href={`mailto:${booking.email}`}>{booking.email}</a>
        ) : (
          booking.email
        )}{' '}
        · <a href={`tel:${booking.phone}`}>{booking.phone}</a>
      </Meta>
      {booking.special_requests ? <Meta>Special requests: {booking.special_requests}</Meta> : null}
      <Meta>
        Requested {formatDateTime(booking.created_at)}
        {booking.cancelled_at ? ` · Cancelled ${formatDateTime(booking.cancelled_at)}` : ''}
        {booking.checked_in_at ? ` · Checked in ${formatDateTime(booking.checked_in_at)}` : ''}
      </Meta>
      {status === 'pending' ? (
        <>
          <Field style={{ marginBottom: 0 }}>
            <Label htmlFor={notesId}>Admin notes</Label>
            <Textarea
              id={notesId}
              value={notes}
              maxLength={TEXT_LIMITS.event_bookings.admin_notes}
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

const isStatus = (value: string): value is BookingStatus =>
  (BOOKING_STATUSES as readonly string[]).includes(value);

/**
 * Bookings, newest first, filtered by status and event and searched by name,
 * e-mail or booking code on the server, 25 a page, so the tab stays fast with
 * tens of thousands of bookings. Admin notes, and Approve / Reject for pending
 * ones (the guest is e-mailed); each event's guests booked against its
 * capacity; a CSV export of the bookings the filters show.
 */
export function BookingsTab() {
  const adminId = useUserId() ?? '';
  const ids = { search: useId(), status: useId(), event: useId() };
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<BookingStatus | ''>('');
  const [eventId, setEventId] = useState('');
  const [page, setPage] = useState(0);
  const term = useDebouncedValue(search.trim(), 300);
  const filters = { status, eventId, search: term };
  const bookings = useAdminBookingsPage({ ...filters, page });
  const pendingCount = useAdminBookingsPage({
    status: 'pending',
    eventId: '',
    search: '',
    page: 0,
  });
  const events = useAdminEvents();
  const exporter = useBookingsExport();
  const review = useBookingReviewMutation({
    onSuccess: (_booking, vars) =>
      notify(vars.status === 'approved' ? bookingMessages.approved : bookingMessages.rejected),
  });

  const data = bookings.data;
  // A page past the end (after a narrower filter) comes back as the first page: follow it.
  const answeredPage = bookings.isPlaceholderData ? undefined : data?.page;
  useEffect(() => {
    if (answeredPage !== undefined && answeredPage !== page) setPage(answeredPage);
  }, [answeredPage, page]);
  const searching =
    bookings.isPlaceholderData ||
    (data !== undefined &&
      (data.filters.search !== term ||
        data.filters.status !== status ||
        data.filters.eventId !== eventId));
  const filtered = Boolean(term || status || eventId);

  return (
    <TabSection
      headingId="bookings-heading"
      title="Bookings"
      aside={
        pendingCount.data ? (
          <Badge $tone="warning">{numbers.format(pendingCount.data.total)} pending</Badge>
        ) : null
      }
    >
      <EventLoadList />
      <Filters role="search" aria-label="Filter bookings">
        <div>
          <label htmlFor={ids.search}>Search</label>
          <div style={{ position: 'relative' }}>
            <Search
              size={18}
              aria-hidden="true"
              style={{ position: 'absolute', left: 12, top: 13, color: theme.colors.textMuted }}
            />
            <input
              id={ids.search}
              type="search"
              value={search}
              placeholder="Name, e-mail or booking code"
              autoComplete="off"
              style={{ paddingLeft: 40 }}
              onChange={(e) => {
                setSearch(e.target.value);
                setPage(0);
              }}
            />
          </div>
        </div>
        <div>
          <label htmlFor={ids.status}>Status</label>
          <select
            id={ids.status}
            value={status}
            onChange={(e) => {
              setStatus(isStatus(e.target.value) ? e.target.value : '');
              setPage(0);
            }}
          >
            <option value="">All statuses</option>
            {BOOKING_STATUSES.map((s) => (
              <option key={s} value={s}>
                {statusLabel[s]}
              </option>
            ))}
          </select>
        </div>
        <div>
          <label htmlFor={ids.event}>Event</label>
          <select
            id={ids.event}
            value={eventId}
            onChange={(e) => {
              setEventId(e.target.value);
              setPage(0);
            }}
          >
            <option value="">All events</option>
            {(events.data ?? []).map((event) => (
              <option key={event.id} value={event.id}>
                {event.title} ({formatDateTime(event.event_date)})
              </option>
            ))}
          </select>
        </div>
      </Filters>
      <Row style={{ marginBottom: 16, justifyContent: 'space-between' }}>
        <Muted role="status" aria-live="polite" style={{ margin: 0 }} data-testid="bookings-total">
          {data
            ? `${numbers.format(data.total)} ${data.total === 1 ? 'booking' : 'bookings'}${filtered ? ' shown' : ''}`
            : ''}
          {searching ? ' · searching…' : ''}
        </Muted>
        <Button
          type="button"
          $variant="ghost"
          disabled={!data || data.total === 0 || exporter.isPending || searching}
          onClick={() => exporter.mutate(filters)}
        >
          <Download size={18} aria-hidden="true" />
          {exporter.isPending ? 'Exporting…' : 'Export CSV'}
        </Button>
      </Row>
      <QueryFrame query={bookings} loadingLabel="Loading bookings…">
        {data && data.rows.length > 0 ? (
          <>
            <List aria-label="Bookings" aria-busy={bookings.isFetching}>
              {data.rows.map((booking) => (
                <BookingRow
                  key={`${booking.id}:${booking.status}`}
                  booking={booking}
                  busy={review.isPending && review.variables?.booking.id === booking.id}
                  onDecide={(decision, adminNotes) =>
                    review.mutate(
                      { booking, status: decision, adminNotes, adminId },
                      { onError: (error) => notify(adminActionFailed(error)) },
                    )
                  }
                />
              ))}
            </List>
            <Pager
              page={data.page}
              pageCount={data.pageCount}
              pageSize={ADMIN_BOOKINGS_PAGE_SIZE}
              busy={bookings.isFetching}
              onPage={setPage}
            />
          </>
        ) : (
          <EmptyState>
            {filtered ? 'No bookings match these filters.' : 'No bookings yet.'}
          </EmptyState>
        )}
      </QueryFrame>
    </TabSection>
  );
}

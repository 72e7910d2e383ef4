import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import type {
  AdminBooking,
  AdminBookingFilters,
  AdminBookingsPage,
  BookingsExport,
  EventCapacityVars,
  EventLoad,
  MutationHookOptions,
  ReviewBookingVars,
} from '@bistro/data';
import { BookingsTab } from './bookings-tab';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  review: vi.fn<(vars: ReviewBookingVars) => Promise<unknown>>(),
  export: vi.fn<(filters: AdminBookingFilters) => Promise<BookingsExport>>(),
  capacity: vi.fn<(vars: EventCapacityVars) => Promise<unknown>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminBookingsPage: vi.fn(),
  useAdminEvents: () => ({
    data: [{ id: 'e1', title: 'Rooftop Brunch', event_date: '2031-05-04T16:00:00Z' }],
  }),
  useEventLoad: vi.fn(),
  useBookingReviewMutation: (options: MutationHookOptions<unknown, ReviewBookingVars> = {}) =>
    useMutation({ ...options, mutationFn: server.review }),
  useBookingsExportMutation: (
    options: MutationHookOptions<BookingsExport, AdminBookingFilters> = {},
  ) => useMutation({ ...options, mutationFn: server.export }),
  useEventCapacityMutation: (options: MutationHookOptions<unknown, EventCapacityVars> = {}) =>
    useMutation({ ...options, mutationFn: server.capacity }),
}));

const booking = (over: Partial<AdminBooking>): AdminBooking => ({
  id: 'b1',
  user_id: 'member-1',
  event_id: 'e1',
  occasion: null,
  booking_code: 'KXR7M2QP',
  name: 'Leo Martinez',
  email: 'leo@example.com',
  phone: '(216) 555-0199',
  event_title: 'Rooftop Brunch',
  event_date: '2031-05-04T16:00:00Z',
  number_of_guests: 4,
  special_requests: 'Window table',
  event_image_url: null,
  status: 'pending',
  admin_notes: null,
  approved_at: null,
  approved_by: null,
  cancelled_at: null,
  cancelled_by: null,
  checked_in_at: null,
  checked_in_by: null,
  no_show_at: null,
  created_at: '2031-04-01T12:00:00Z',
  updated_at: '2031-04-01T12:00:00Z',
  ...over,
});

const load: EventLoad = {
  eventId: 'e1',
  title: 'Rooftop Brunch',
  eventDate: '2031-05-04T16:00:00Z',
  isApproved: true,
  capacity: 40,
  guestsBooked: 12,
  spotsLeft: 28,
};

type PageVars = AdminBookingFilters & { page: number };

/** The list answers `rows` for any filters; the pending count answers `pending`. */
function list(rows: AdminBooking[] | undefined, state: Partial<UseQueryResult> = {}, pending = 2) {
  vi.mocked(data.useAdminBookingsPage).mockImplementation((vars: PageVars) => {
    const isPendingCount =
      vars.status === 'pending' && vars.search === '' && vars.eventId === '' && vars.page === 0;
    const answer: AdminBookingsPage | undefined = isPendingCount
      ? { rows: [], total: pending, page: 0, pageCount: 1, filters: vars }
      : rows && {
          rows,
          total: rows.length,
          page: vars.page,
          pageCount: 1,
          filters: { status: vars.status, eventId: vars.eventId, search: vars.search },
        };
    return {
      data: answer,
      isPending: answer === undefined && !state.isError,
      isError: false,
      isFetching: false,
      isPlaceholderData: false,
      refetch: vi.fn(),
      ...(isPendingCount ? {} : state),
    } as unknown as ReturnType<typeof data.useAdminBookingsPage>;
  });
}

const listCalls = () =>
  vi
    .mocked(data.useAdminBookingsPage)
    .mock.calls.map(([vars]) => vars)
    .filter((vars) => !(vars.status === 'pending' && vars.search === '' && vars.eventId === ''));

describe('BookingsTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.review.mockReset();
    server.export.mockReset();
    server.capacity.mockReset();
    vi.mocked(data.useAdminBookingsPage).mockReset();
    vi.mocked(data.useEventLoad).mockReturnValue({
      data: [load],
    } as unknown as ReturnType<typeof data.useEventLoad>);
  });
  afterEach(() => vi.useRealTimers());

  it('shows Approve / Reject and the notes field for pending bookings only, and every status by name', () => {
    list([
      booking({}),
      booking({ id: 'b2', name: 'Maya Brooks', status: 'approved', admin_notes: 'Table 4' }),
      booking({ id: 'b3', name: 'Nia Cole', status: 'weird-value' }),
      booking({ id: 'b4', name: 'Ada Park', status: 'waitlisted' }),
      booking({
        id: 'b5',
        name: 'Sam Reed',
        status: 'cancelled',
        cancelled_at: '2031-04-02T12:00:00Z',
      }),
    ]);
    renderAt(<BookingsTab />);
    const pending = screen.getByRole('listitem', { name: 'Leo Martinez: Rooftop Brunch' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByText('KXR7M2QP')).toBeInTheDocument();
    expect(within(pending).getByLabelText('Admin notes')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const approved = screen.getByRole('listitem', { name: 'Maya Brooks: Rooftop Brunch' });
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
    expect(approved).toHaveTextContent('Admin notes: Table 4');
    // Any other status counts as pending.
    const odd = screen.getByRole('listitem', { name: 'Nia Cole: Rooftop Brunch' });
    expect(within(odd).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    const waitlisted = screen.getByRole('listitem', { name: 'Ada Park: Rooftop Brunch' });
    expect(within(waitlisted).getByText('Waitlisted')).toBeInTheDocument();
    expect(within(waitlisted).queryByRole('button')).not.toBeInTheDocument();
    const cancelled = screen.getByRole('listitem', { name: 'Sam Reed: Rooftop Brunch' });
    expect(within(cancelled).getByText('Cancelled')).toBeInTheDocument();
    expect(cancelled).toHaveTextContent(/Cancelled Wed, Apr 2, 2031/);
    // The pending count comes from the server, not from the page on screen.
    expect(screen.getByText('2 pending')).toBeInTheDocument();
  });

  it('links only a well-formed e-mail address with mailto:', () => {
    list([
      booking({}),
      booking({ id: 'b2', name: 'Mal Former', email: 'x@example.com?bcc=victim@example.com' }),
    ]);
    renderAt(<BookingsTab />);
    const good = screen.getByRole('listitem', { name: 'Leo Martinez: Rooftop Brunch' });
    expect(within(good).getByRole('link', { name: 'leo@example.com' })).toHaveAttribute(
      'href',
      'mailto:leo@example.com',
    );
    const bad = screen.getByRole('listitem', { name: 'Mal Former: Rooftop Brunch' });
    expect(within(bad).queryByRole('link', { name: /victim/ })).not.toBeInTheDocument();
    expect(bad).toHaveTextContent('x@example.com?bcc=victim@example.com');
  });

  it('approves with the typed notes as the signed-in admin and toasts Booking Approved', async () => {
    const user = userEvent.setup();
    server.review.mockResolvedValue({});
    const row = booking({});
    list([row]);
    renderAt(<BookingsTab />);
    await user.type(screen.getByLabelText('Admin notes'), 'Ask for Sam');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    // The decision is all the tab sends: the database queues the guest's e-mail.
    await waitFor(() =>
      expect(toasts()).toEqual(['Booking Approved / The guest is being notified by e-mail.']),
    );
    expect(server.review).toHaveBeenCalledTimes(1);
    expect(server.review.mock.calls[0]?.[0]).toEqual({
      booking: row,
      status: 'approved',
      adminNotes: 'Ask for Sam',
      adminId: 'admin-1',
    });
  });

  it('toasts Booking Rejected, and the server message when the update fails', async () => {
    const user = userEvent.setup();
    list([booking({})]);
    server.review.mockResolvedValueOnce({});
    renderAt(<BookingsTab />);
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() =>
      expect(toasts()[0]).toBe('Booking Rejected / The guest is being notified by e-mail.'),
    );
    server.review.mockRejectedValueOnce(new Error('The booking could not be changed.'));
    await user.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(toasts()).toContain('Error / The booking could not be changed.'));
  });

  it("shows 'Error' / 'Failed to load admin data' with Retry when the list fails", async () => {
    const refetch = vi.fn();
    list(undefined, { isError: true, refetch } as Partial<UseQueryResult>);
    renderAt(<BookingsTab />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load admin data');
    expect(toasts()).toEqual(['Error / Failed to load admin data']);
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(refetch).toHaveBeenCalled();
  });

  it('asks the server for the status, the event and the search typed', async () => {
    vi.useFakeTimers();
    list([booking({})]);
    renderAt(<BookingsTab />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'cancelled' } });
    fireEvent.change(screen.getByLabelText('Event'), { target: { value: 'e1' } });
    fireEvent.change(screen.getByLabelText('Search'), { target: { value: ' kxr7 ' } });
    await act(async () => {
      vi.advanceTimersByTime(400);
    });
    expect(listCalls().at(-1)).toEqual({
      status: 'cancelled',
      eventId: 'e1',
      search: 'kxr7',
      page: 0,
    });
  });

  it('exports what the filters show as CSV', async () => {
    const createObjectURL = vi.fn(() => 'blob:bookings');
    Object.assign(URL, { createObjectURL, revokeObjectURL: vi.fn() });
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    server.export.mockResolvedValue({ csv: 'Code\r\nKXR7M2QP\r\n', rows: 1 });
    list([booking({})]);
    renderAt(<BookingsTab />);
    fireEvent.change(screen.getByLabelText('Status'), { target: { value: 'pending' } });
    fireEvent.click(screen.getByRole('button', { name: 'Export CSV' }));
    await waitFor(() => expect(toasts()).toContain('Bookings Exported / 1 booking saved as CSV.'));
    expect(server.export.mock.calls[0]?.[0]).toEqual({
      status: 'pending',
      eventId: '',
      search: '',
    });
    expect(createObjectURL).toHaveBeenCalledTimes(1);
    expect(click).toHaveBeenCalledTimes(1);
    click.mockRestore();
  });

  it("shows each event's guests against capacity and saves a new capacity", async () => {
    server.capacity.mockResolvedValue({ id: 'e1' });
    list([booking({})]);
    renderAt(<BookingsTab />);
    const perEvent = screen.getByRole('list', { name: 'Guests booked per event' });
    const row = within(perEvent).getByRole('listitem', { name: 'Rooftop Brunch' });
    expect(row).toHaveTextContent('12 / 40 guests booked');
    const input = within(row).getByLabelText('Capacity');
    fireEvent.change(input, { target: { value: '0' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save capacity' }));
    expect(within(row).getByRole('alert')).toHaveTextContent('Capacity must be at least 1 guest');
    expect(server.capacity).not.toHaveBeenCalled();
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(within(row).getByRole('button', { name: 'Save capacity' }));
    await waitFor(() =>
      expect(toasts()).toContain('Capacity Updated / Spots left are shown to guests right away.'),
    );
    expect(server.capacity.mock.calls[0]?.[0]).toEqual({ eventId: 'e1', capacity: null });
  });
});

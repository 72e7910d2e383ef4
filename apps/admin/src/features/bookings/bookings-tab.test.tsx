import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useMutation, type UseQueryResult } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import * as data from '@bistro/data';
import type { AdminBooking, MutationHookOptions, ReviewBookingVars } from '@bistro/data';
import { BookingsTab } from './bookings-tab';
import { clearToasts, renderAt, setViewer, toasts } from '../../test/render';

const server = vi.hoisted(() => ({
  review: vi.fn<(vars: ReviewBookingVars) => Promise<unknown>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useAdminBookings: vi.fn(),
  useBookingReviewMutation: (options: MutationHookOptions<unknown, ReviewBookingVars> = {}) =>
    useMutation({ ...options, mutationFn: server.review }),
}));

const booking = (over: Partial<AdminBooking>): AdminBooking => ({
  id: 'b1',
  user_id: 'member-1',
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
  created_at: '2031-04-01T12:00:00Z',
  updated_at: '2031-04-01T12:00:00Z',
  ...over,
});

function list(rows: AdminBooking[] | undefined, state: Partial<UseQueryResult> = {}) {
  vi.mocked(data.useAdminBookings).mockReturnValue({
    data: rows,
    isPending: rows === undefined && !state.isError,
    isError: false,
    refetch: vi.fn(),
    ...state,
  } as unknown as ReturnType<typeof data.useAdminBookings>);
}

describe('BookingsTab', () => {
  beforeEach(() => {
    clearToasts();
    setViewer('signedIn', { isAdmin: true });
    server.review.mockReset();
  });

  it('shows Approve / Reject and the notes field for pending bookings only', () => {
    list([
      booking({}),
      booking({ id: 'b2', name: 'Maya Brooks', status: 'approved', admin_notes: 'Table 4' }),
      booking({ id: 'b3', name: 'Nia Cole', status: 'weird-value' }),
    ]);
    renderAt(<BookingsTab />);
    const pending = screen.getByRole('listitem', { name: 'Leo Martinez: Rooftop Brunch' });
    expect(within(pending).getByText('Pending')).toBeInTheDocument();
    expect(within(pending).getByLabelText('Admin notes')).toBeInTheDocument();
    expect(within(pending).getByRole('button', { name: 'Approve' })).toBeInTheDocument();
    const approved = screen.getByRole('listitem', { name: 'Maya Brooks: Rooftop Brunch' });
    expect(within(approved).queryByRole('button')).not.toBeInTheDocument();
    expect(approved).toHaveTextContent('Admin notes: Table 4');
    // Any other status counts as pending.
    const odd = screen.getByRole('listitem', { name: 'Nia Cole: Rooftop Brunch' });
    expect(within(odd).getByRole('button', { name: 'Reject' })).toBeInTheDocument();
    expect(screen.getByText('2 pending')).toBeInTheDocument();
  });

  it('approves with the typed notes as the signed-in admin and toasts Booking Approved', async () => {
    const user = userEvent.setup();
    server.review.mockResolvedValue({});
    const row = booking({});
    list([row]);
    renderAt(<BookingsTab />);
    await user.type(screen.getByLabelText('Admin notes'), 'Ask for Sam');
    await user.click(screen.getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(toasts()[0]).toMatch(/^Booking Approved/));
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
    await waitFor(() => expect(toasts()[0]).toMatch(/^Booking Rejected/));
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
});

import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { useToastStore } from '@bistro/ui';
import type { CancelBookingVars, MemberBooking, MutationHookOptions } from '@bistro/data';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { MyBookings } from './my-bookings';

const server = vi.hoisted(() => ({
  bookings: [] as MemberBooking[],
  cancel: vi.fn<(vars: CancelBookingVars) => Promise<unknown>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useRecentBookings: () => ({ isPending: false, isError: false, data: server.bookings }),
  useBookingCancelMutation: (options: MutationHookOptions<unknown, CancelBookingVars> = {}) =>
    useMutation({ ...options, mutationFn: server.cancel }),
}));

const booking = (over: Partial<MemberBooking>): MemberBooking => ({
  id: 'b1',
  user_id: MEMBER_ID,
  event_id: 'e1',
  occasion: null,
  booking_code: 'KXR7M2QP',
  name: 'Maya',
  email: 'maya@example.com',
  phone: '555',
  event_title: 'Friday Night Neon',
  event_date: '2030-08-16T02:00:00Z',
  number_of_guests: 2,
  special_requests: null,
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
  created_at: '2030-08-01T12:00:00Z',
  updated_at: '2030-08-01T12:00:00Z',
  cancellable: true,
  ...over,
});

const page = () => (
  <QueryClientProvider client={new QueryClient()}>
    <MyBookings userId={MEMBER_ID} />
  </QueryClientProvider>
);

describe('MyBookings', () => {
  beforeEach(() => {
    setViewer('signedIn');
    useToastStore.setState({ toasts: [] });
    server.cancel.mockReset();
  });

  it("shows Cancel from the server's cancellable, not from the status or date on the phone", () => {
    server.bookings = [
      // approved and in the future, but the database says no (its rule, its clock)
      booking({ id: 'b1', event_title: 'Approved Night', status: 'approved', cancellable: false }),
      // the phone's clock is past the date, but the database says yes
      booking({
        id: 'b2',
        event_title: 'Private Party',
        event_date: '2001-01-01T00:00:00Z',
        cancellable: true,
      }),
    ];
    renderAt(page(), '/profile');
    const approved = screen.getByRole('listitem', { name: 'Approved Night' });
    expect(within(approved).queryByRole('button', { name: /Cancel booking/ })).toBeNull();
    const party = screen.getByRole('listitem', { name: 'Private Party' });
    expect(
      within(party).getByRole('button', { name: 'Cancel booking: Private Party' }),
    ).toBeInTheDocument();
  });

  it('cancels after the confirmation and toasts it', async () => {
    const user = userEvent.setup();
    server.bookings = [booking({})];
    server.cancel.mockResolvedValue({ id: 'b1', status: 'cancelled' });
    renderAt(page(), '/profile');
    await user.click(screen.getByRole('button', { name: 'Cancel booking: Friday Night Neon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() =>
      expect(server.cancel.mock.calls[0]?.[0]).toEqual({ bookingId: 'b1', userId: MEMBER_ID }),
    );
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.title)).toContain('Booking Cancelled'),
    );
  });

  it('reads Checked in once the door let the guest in, with no Cancel and no door pass', () => {
    server.bookings = [
      booking({
        status: 'approved',
        checked_in_at: '2030-08-16T02:10:00Z',
        cancellable: false,
      }),
    ];
    renderAt(page(), '/profile');
    const card = screen.getByRole('listitem', { name: 'Friday Night Neon' });
    expect(within(card).getByText('Checked in')).toBeInTheDocument();
    expect(within(card).queryByRole('button', { name: /Cancel/ })).not.toBeInTheDocument();
    expect(
      within(card).queryByRole('button', { name: /Show at the door/ }),
    ).not.toBeInTheDocument();
  });

  it('shows an approved booking at the door: its QR code and its code in large type', async () => {
    const user = userEvent.setup();
    server.bookings = [booking({ status: 'approved' })];
    renderAt(page(), '/profile');
    await user.click(screen.getByRole('button', { name: 'Show at the door: Friday Night Neon' }));
    const pass = await screen.findByRole('dialog', { name: 'Friday Night Neon' });
    expect(within(pass).getByTestId('door-code')).toHaveTextContent('KXR7M2QP');
    const qr = within(pass).getByRole('img', { name: 'QR code of booking KXR7M2QP' });
    await waitFor(() => expect(qr.querySelector('svg path')).not.toBeNull());
    expect(qr.querySelector('svg path')!.getAttribute('d')!.length).toBeGreaterThan(100);
  });

  it('tells a waitlisted guest they leave the waitlist, not that they give a spot away', async () => {
    const user = userEvent.setup();
    server.bookings = [booking({ status: 'waitlisted' })];
    renderAt(page(), '/profile');
    await user.click(screen.getByRole('button', { name: 'Cancel booking: Friday Night Neon' }));
    const dialog = await screen.findByRole('dialog', { name: 'Cancel this booking?' });
    expect(dialog).toHaveTextContent('You leave the waitlist for this event.');
    expect(dialog).not.toHaveTextContent('Your spot is given to the next guest');
  });

  it('says a booking the venue cancelled (its event called off) was cancelled by the venue', () => {
    server.bookings = [
      booking({
        status: 'cancelled',
        cancelled_at: '2030-08-10T12:00:00Z',
        cancelled_by: 'admin-1',
        cancellable: false,
      }),
    ];
    renderAt(page(), '/profile');
    const card = screen.getByRole('listitem', { name: 'Friday Night Neon' });
    expect(card).toHaveTextContent(/Cancelled .* by the venue/);
    expect(within(card).getByText('Cancelled')).toBeInTheDocument();
  });
});

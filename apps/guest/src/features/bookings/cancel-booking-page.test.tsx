import { fireEvent, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useToastStore } from '@bistro/ui';
import { renderAt, setViewer } from '../../test/render';
import { CancelBookingPage } from './cancel-booking-page';

const server = vi.hoisted(() => ({
  preview: vi.fn<(token: string) => Promise<unknown>>(),
  cancel: vi.fn<(token: string) => Promise<unknown>>(),
}));

// The real react-query hooks; only the two server calls are replaced.
vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bistro/data')>();
  const { useMutation, useQuery } = await import('@tanstack/react-query');
  return {
    ...actual,
    useBookingByToken: (token: string) =>
      useQuery({
        queryKey: ['booking-by-token', token],
        queryFn: () => server.preview(token),
        retry: false,
        enabled: token !== '',
      }),
    useBookingCancelLinkMutation: (options: object) =>
      useMutation({ ...options, mutationFn: server.cancel }),
  };
});

const page = () => (
  <QueryClientProvider client={new QueryClient()}>
    <CancelBookingPage />
  </QueryClientProvider>
);

const booking = {
  bookingCode: 'KXR7M2QP',
  eventTitle: 'Friday Night Neon',
  eventDate: '2030-08-16T02:00:00Z',
  status: 'approved',
};

describe('CancelBookingPage', () => {
  beforeEach(() => {
    setViewer('signedOut');
    useToastStore.setState({ toasts: [] });
    server.preview.mockReset();
    server.cancel.mockReset();
  });

  it('shows the booking and cancels it for a visitor holding the link', async () => {
    server.preview.mockResolvedValue({ ...booking, cancellable: true });
    server.cancel.mockResolvedValue({ ...booking, status: 'cancelled' });
    renderAt(page(), '/bookings/cancel?token=tok-1');
    expect(await screen.findByText('Friday Night Neon')).toBeInTheDocument();
    expect(screen.getByText('KXR7M2QP')).toBeInTheDocument();
    expect(screen.getByText('Thursday, August 15, 2030 at 10:00 PM')).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Cancel booking' }));
    await waitFor(() => expect(server.cancel).toHaveBeenCalledWith('tok-1', expect.anything()));
    expect(await screen.findByText(/This booking is cancelled/)).toBeInTheDocument();
    expect(screen.getByText('Cancelled')).toBeInTheDocument();
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Booking Cancelled');
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
  });

  it('says when the booking can no longer be cancelled, and when the link is not valid', async () => {
    server.preview.mockResolvedValueOnce({ ...booking, cancellable: false });
    const { unmount } = renderAt(page(), '/bookings/cancel?token=tok-2');
    expect(await screen.findByText('This booking can no longer be cancelled.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancel booking' })).not.toBeInTheDocument();
    unmount();
    server.preview.mockRejectedValueOnce(
      Object.assign(new Error('This cancel link is not valid'), { code: 'P0001' }),
    );
    renderAt(page(), '/bookings/cancel?token=nope');
    expect(await screen.findByRole('alert')).toHaveTextContent('This cancel link is not valid');
  });

  it('asks for the link again when the token is missing', () => {
    renderAt(page(), '/bookings/cancel');
    expect(screen.getByRole('alert')).toHaveTextContent('This cancel link is incomplete');
    expect(server.preview).not.toHaveBeenCalled();
  });
});

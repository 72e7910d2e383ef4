import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EventRow } from '@bistro/data';
import { useToastStore } from '@bistro/ui';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { EventsPage } from './events-page';

const state = vi.hoisted(() => ({
  events: { data: [] as unknown[], isPending: false, isError: false },
  mutate: vi.fn(),
  // Stable, like react-query's structurally shared data.
  profile: {
    data: { first_name: 'Maya', last_name: 'Brooks', email: 'maya@example.com', phone: null },
    isPending: false,
    isSuccess: true,
  },
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@bistro/data')>();
  return {
    ...actual,
    useApprovedEvents: () => ({ ...state.events, refetch: vi.fn() }),
    useProfile: () => state.profile,
    useBookingCreateMutation: () => ({ mutate: state.mutate, isPending: false }),
  };
});

const event: EventRow = {
  id: 'e1',
  title: 'Friday Night Neon',
  description: 'Glow paint and neon cocktails.',
  event_date: '2030-08-16T02:00:00Z',
  featured_image_url: null,
  is_approved: true,
  created_by: null,
  created_at: '2025-08-01T00:00:00Z',
  updated_at: '2025-08-01T00:00:00Z',
};

describe('EventsPage', () => {
  beforeEach(() => {
    state.events = { data: [event], isPending: false, isError: false };
    state.mutate.mockClear();
    useToastStore.setState({ toasts: [] });
  });

  it('shows the loading and empty states with the spec texts', () => {
    setViewer('signedOut');
    state.events = { data: [], isPending: true, isError: false };
    const { unmount } = renderAt(<EventsPage />, '/events');
    expect(screen.getByRole('status')).toHaveTextContent('Loading epic events...');
    unmount();
    state.events = { data: [], isPending: false, isError: false };
    renderAt(<EventsPage />, '/events');
    expect(screen.getByText('Amazing Events Coming Soon')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Call for Private Events/ })).toHaveAttribute(
      'href',
      expect.stringMatching(/^tel:/),
    );
  });

  it('shows the event with its long date and sends a visitor who reserves to /auth', () => {
    setViewer('signedOut');
    renderAt(<EventsPage />, '/events');
    const card = screen.getByRole('article', { name: 'Friday Night Neon' });
    expect(within(card).getByText('Thursday, August 15, 2030 at 10:00 PM')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /Reserve Your Spot/ }));
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Authentication Required');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('validates the booking form and sends coerced guests and the default event title', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Book: Friday Night Neon' });
    expect(within(dialog).getByLabelText('Full Name *')).toHaveValue('Maya Brooks');
    expect(within(dialog).getByLabelText('Number of Guests *')).toHaveValue(1);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    expect(await within(dialog).findByText('Please enter your phone number.')).toBeInTheDocument();
    expect(state.mutate).not.toHaveBeenCalled();

    fireEvent.change(within(dialog).getByLabelText('Phone *'), {
      target: { value: '(216) 555-0100' },
    });
    fireEvent.change(within(dialog).getByLabelText('Number of Guests *'), {
      target: { value: '' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    await waitFor(() => expect(state.mutate).toHaveBeenCalledTimes(1));
    expect(state.mutate).toHaveBeenCalledWith(
      expect.objectContaining({
        userId: MEMBER_ID,
        event: { id: 'e1', title: 'Friday Night Neon', event_date: event.event_date },
        name: 'Maya Brooks',
        phone: '(216) 555-0100',
        numberOfGuests: 1,
        eventTitle: '',
        image: null,
      }),
    );
  });

  it('refuses a booking image that is not an image file', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Event Image (optional)'), {
      target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] },
    });
    expect(within(dialog).getByText('Please choose an image file.')).toBeInTheDocument();
    fireEvent.change(within(dialog).getByLabelText('Phone *'), { target: { value: '555' } });
    await act(async () => {
      fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    });
    expect(within(dialog).getByText('Please choose an image file.')).toBeInTheDocument();
    expect(state.mutate).not.toHaveBeenCalled();
  });
});

import { theme } from '@bistro/ui';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { BookingRow, EventRow, MutationHookOptions, BookingInput } from '@bistro/data';
import { useToastStore } from '@bistro/ui';
import { MEMBER_ID, renderAt, setViewer } from '../../test/render';
import { EventsPage } from './events-page';

const state = vi.hoisted(() => ({
  events: { data: [] as unknown[], isPending: false, isError: false },
  mutate: vi.fn(),
  mutationOptions: {} as MutationHookOptions<BookingRow, BookingInput>,
  availability: new Map<string, { spotsLeft: number | null }>(),
  images: [] as { id: string; image_url: string; alt_text: string; position: number }[],
  // Stable, like react-query's structurally shared data.
  profile: {
    data: { first_name: 'Maya', last_name: 'Brooks', email: 'maya@example.com', phone: null },
    isPending: false,
    isSuccess: true,
  },
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await (await import('../../test/venue-mock')).withTestVenue(importOriginal);
  return {
    ...actual,
    useApprovedEvents: () => ({ ...state.events, refetch: vi.fn() }),
    useProfile: () => state.profile,
    useEventAvailability: () => ({ data: state.availability }),
    useEventImages: () => ({ data: state.images, isPending: false }),
    useBookingCreateMutation: (options: MutationHookOptions<BookingRow, BookingInput>) => {
      state.mutationOptions = options;
      return { mutate: state.mutate, isPending: false };
    },
  };
});

const event: EventRow = {
  id: 'e1',
  title: 'Friday Night Neon',
  description: 'Glow paint and neon cocktails.',
  event_date: '2030-08-16T02:00:00Z',
  featured_image_url: null,
  is_approved: true,
  capacity: null,
  template_id: null,
  created_by: null,
  created_at: '2025-08-01T00:00:00Z',
  updated_at: '2025-08-01T00:00:00Z',
};

const scrollIntoView = vi.fn();

/** The booking dialog once its form is there (it follows the frame's paint). */
async function bookingDialog(options?: { name: string }): Promise<HTMLElement> {
  const dialog = await screen.findByRole('dialog', options);
  await waitFor(() => expect(dialog).not.toHaveAttribute('aria-busy'));
  return dialog;
}
Element.prototype.scrollIntoView = scrollIntoView;

describe('EventsPage', () => {
  beforeEach(() => {
    scrollIntoView.mockClear();
    state.events = { data: [event], isPending: false, isError: false };
    state.mutate.mockClear();
    state.availability = new Map([['e1', { spotsLeft: null }]]);
    state.images = [];
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

  it('replaces the loading state with the list and then the spots left as they arrive', async () => {
    setViewer('signedOut');
    state.events = { data: [], isPending: true, isError: false };
    state.availability = undefined as unknown as Map<string, { spotsLeft: number | null }>;
    // a new element each time, so that a rerender renders the page again
    const page = () => (
      <MemoryRouter initialEntries={['/events']}>
        <EventsPage />
      </MemoryRouter>
    );
    const view = render(page());
    expect(screen.getByRole('status')).toHaveTextContent('Loading epic events...');
    state.events = { data: [event], isPending: false, isError: false };
    view.rerender(page());
    expect(await screen.findByRole('article', { name: 'Friday Night Neon' })).toBeVisible();
    expect(screen.queryByText(/spots? left/)).toBeNull();
    state.availability = new Map([['e1', { spotsLeft: 12 }]]);
    view.rerender(page());
    expect(await screen.findByText('12 spots left')).toBeVisible();
  });

  it('shows the event with its long date and sends a visitor who reserves to /auth, to come back to its dialog', () => {
    setViewer('signedOut');
    function AuthStandIn() {
      return <pre data-testid="auth-state">{JSON.stringify(useLocation().state)}</pre>;
    }
    render(
      <MemoryRouter initialEntries={['/events']}>
        <Routes>
          <Route path="/auth" element={<AuthStandIn />} />
          <Route path="*" element={<EventsPage />} />
        </Routes>
      </MemoryRouter>,
    );
    const card = screen.getByRole('article', { name: 'Friday Night Neon' });
    expect(within(card).getByText('Thursday, August 15, 2030 at 10:00 PM')).toBeInTheDocument();
    fireEvent.click(within(card).getByRole('button', { name: /Reserve Your Spot/ }));
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Authentication Required');
    expect(screen.getByTestId('auth-state')).toHaveTextContent('{"from":"/events?book=e1"}');
  });

  it('opens the dialog for ?book=<id> once signed in, and shows the spots left', async () => {
    setViewer('signedIn');
    state.availability = new Map([['e1', { spotsLeft: 3 }]]);
    renderAt(<EventsPage />, '/events?book=e1');
    const dialog = await bookingDialog({ name: 'Book: Friday Night Neon' });
    // the form follows the dialog's frame, one background render later
    expect(await within(dialog).findByText('3 spots left')).toBeInTheDocument();
    // and focus moves on from the frame to its first field
    expect(within(dialog).getByLabelText('Full Name *')).toHaveFocus();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    const card = screen.getByRole('article', { name: 'Friday Night Neon' });
    // a few spots left reads as scarce, not in the colour of plenty
    expect(within(card).getByText('3 spots left')).toHaveStyle({ color: theme.colors.accent });
  });

  it('tells the guest before submitting that a party that does not fit is waitlisted', async () => {
    setViewer('signedIn');
    state.availability = new Map([['e1', { spotsLeft: 2 }]]);
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
    expect(within(dialog).queryByText(/will be waitlisted/)).not.toBeInTheDocument();
    const more = within(dialog).getByRole('button', { name: 'More guests' });
    fireEvent.click(more);
    expect(within(dialog).getByLabelText('Number of Guests *')).toHaveValue(2);
    expect(within(dialog).queryByText(/will be waitlisted/)).not.toBeInTheDocument();
    fireEvent.click(more);
    expect(within(dialog).getByText(/This booking will be waitlisted/)).toBeInTheDocument();
    expect(
      within(dialog).getByRole('button', { name: 'Submit Booking: Join the Waitlist' }),
    ).toHaveTextContent('Join the Waitlist');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Fewer guests' }));
    expect(within(dialog).queryByText(/will be waitlisted/)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Submit Booking' })).toBeInTheDocument();
  });

  it('refuses an out-of-range party instead of changing it', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
    fireEvent.change(within(dialog).getByLabelText('Phone *'), { target: { value: '555' } });
    fireEvent.change(within(dialog).getByLabelText('Number of Guests *'), {
      target: { value: '25' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    expect(
      await within(dialog).findByText('Please choose from 1 to 20 guests.'),
    ).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Number of Guests *')).toHaveValue(25);
    expect(state.mutate).not.toHaveBeenCalled();
  });

  it('offers to save a new phone number and shows the booking code after submitting', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
    fireEvent.change(within(dialog).getByLabelText('Phone *'), {
      target: { value: '216 555 0101' },
    });
    fireEvent.click(within(dialog).getByLabelText('Save this phone number to my profile'));
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    await waitFor(() => expect(state.mutate).toHaveBeenCalledTimes(1));
    const vars = state.mutate.mock.calls[0]?.[0] as BookingInput;
    expect(vars.savePhone).toBe(true);
    const row = {
      id: 'b1',
      booking_code: 'KXR7M2QP',
      status: 'waitlisted',
      event_title: 'Friday Night Neon',
      event_date: event.event_date,
      number_of_guests: 1,
    } as BookingRow;
    await act(async () => {
      // Stands in for react-query calling the hook's onSuccess after the insert.
      const onSuccess = state.mutationOptions.onSuccess as unknown as (
        data: BookingRow,
        vars: BookingInput,
      ) => void;
      onSuccess(row, vars);
    });
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Booking Submitted');
    const result = screen.getByRole('status', { name: 'Your booking' });
    expect(result).toHaveTextContent('KXR7M2QP');
    expect(result).toHaveTextContent('This booking is waitlisted');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // where the guest is looking: scrolled into view and focused
    expect(result).toHaveFocus();
    expect(scrollIntoView).toHaveBeenCalled();
  });

  it('validates the booking form and sends coerced guests and the default event title', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog({ name: 'Book: Friday Night Neon' });
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
        savePhone: false,
      }),
    );
  });

  it('refuses a booking image that is not an image file', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
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

  it('shows one event at /events?event=<id>: date, venue facts, spots, reserve, calendar and share', () => {
    setViewer('signedOut');
    state.availability = new Map([['e1', { spotsLeft: 12 }]]);
    renderAt(<EventsPage />, '/events?event=e1');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Friday Night Neon' }),
    ).toBeInTheDocument();
    const facts = screen.getByRole('article');
    expect(facts).toHaveTextContent('Thursday, August 15, 2030 at 10:00 PM (venue time)');
    expect(facts).toHaveTextContent('1250 West 6th Street, Cleveland, OH 44113');
    expect(facts).toHaveTextContent('All ages until 9PM; 21+ with a valid photo ID from 9PM.');
    expect(facts).toHaveTextContent('12 spots left');
    const calendar = new URL(
      screen.getByRole('link', { name: 'Add to Google Calendar' }).getAttribute('href') ?? '',
    );
    expect(calendar.searchParams.get('location')).toBe(
      'The Lakeshore Bistro & Ultra Lounge, 1250 West 6th Street, Cleveland, OH 44113',
    );
    expect(calendar.searchParams.get('dates')).toBe('20300816T020000Z/20300816T050000Z');
    expect(screen.getByRole('button', { name: 'Share' })).toBeInTheDocument();
    fireEvent.click(screen.getByRole('button', { name: 'Reserve Your Spot' }));
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it("shows the event's other images as a gallery with their size set, and offers its .ics", async () => {
    setViewer('signedOut');
    const cover = 'https://img.example/cover.webp';
    state.events = {
      data: [{ ...event, featured_image_url: cover }],
      isPending: false,
      isError: false,
    };
    state.images = [
      { id: 'i1', image_url: cover, alt_text: 'Cover', position: 0 },
      { id: 'i2', image_url: 'https://img.example/2.webp', alt_text: 'Neon rings', position: 1 },
      { id: 'i3', image_url: 'javascript:alert(1)', alt_text: 'Bad', position: 2 },
    ];
    renderAt(<EventsPage />, '/events?event=e1');
    const gallery = screen.getByRole('list', { name: 'Images of Friday Night Neon' });
    const shown = within(gallery).getAllByRole('img');
    expect(shown).toHaveLength(1);
    expect(shown[0]).toHaveAttribute('alt', 'Neon rings');
    expect(shown[0]).toHaveAttribute('width', '720');
    expect(shown[0]).toHaveAttribute('height', '480');
    expect(shown[0]).toHaveAttribute('loading', 'lazy');
    const created: Blob[] = [];
    URL.createObjectURL = vi.fn((blob: Blob) => {
      created.push(blob);
      return 'blob:ics';
    });
    URL.revokeObjectURL = vi.fn();
    const click = vi
      .spyOn(HTMLAnchorElement.prototype, 'click')
      .mockImplementation(() => undefined);
    fireEvent.click(screen.getByRole('button', { name: 'Add to Calendar (.ics)' }));
    expect(click).toHaveBeenCalled();
    const text = await new Promise<string>((resolve) => {
      const reader = new FileReader();
      reader.onload = () => resolve(String(reader.result));
      reader.readAsText(created[0]!);
    });
    const ics = text.replace(/\r\n /g, '');
    expect(ics).toContain('LOCATION:The Lakeshore Bistro & Ultra Lounge\\, 1250 West 6th Street');
    expect(ics).toContain('DTSTART;TZID=America/New_York:20300815T220000');
    click.mockRestore();
  });

  it('says so when the shared event is not on the calendar', () => {
    setViewer('signedOut');
    renderAt(<EventsPage />, '/events?event=gone');
    expect(
      screen.getByRole('heading', { name: 'This event is not on the calendar' }),
    ).toBeInTheDocument();
  });

  it('says a refused booking above the Submit button as well as in the toast', async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
    fireEvent.change(within(dialog).getByLabelText('Phone *'), { target: { value: '555' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Submit Booking' }));
    await waitFor(() => expect(state.mutate).toHaveBeenCalledTimes(1));
    await act(async () => {
      const onError = state.mutationOptions.onError as unknown as (error: unknown) => void;
      onError({ message: 'This event has already started', code: 'P0001' });
    });
    const said = dialog.querySelector('#booking-submit-error');
    expect(said).toHaveAttribute('role', 'alert');
    expect(said).toHaveTextContent('This event has already started');
    // right above the buttons
    expect(said?.nextElementSibling).toContainElement(
      within(dialog).getByRole('button', { name: 'Submit Booking' }),
    );
    expect(useToastStore.getState().toasts.at(-1)?.title).toBe('Booking Failed');
  });

  it("folds the guest's own occasion name and picture away: a listed event has its own", async () => {
    setViewer('signedIn');
    renderAt(<EventsPage />, '/events');
    fireEvent.click(screen.getByRole('button', { name: /Reserve Your Spot/ }));
    const dialog = await bookingDialog();
    const occasion = within(dialog)
      .getByText(/Celebrating something\?/)
      .closest('details');
    expect(occasion).not.toHaveAttribute('open');
    expect(occasion).toContainElement(within(dialog).getByLabelText('Event Title'));
    expect(occasion).toContainElement(within(dialog).getByLabelText('Event Image (optional)'));
  });
});

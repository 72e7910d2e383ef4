import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { ChangeReservationInput, MutationHookOptions, Reservation } from '@bistro/data';
import { renderAt, setViewer } from '../../test/render';
import { ManageReservation } from './manage-reservation';

const mine: Reservation = {
  id: 'r1',
  code: 'KX7M2Q',
  partySize: 2,
  startsAt: '2030-12-02T00:00:00.000Z',
  endsAt: '2030-12-02T01:30:00.000Z',
  status: 'booked',
  guestName: 'Maya Lopez',
  phone: '',
  occasion: 'Birthday',
  specialRequests: '',
  tables: [],
};

const server = vi.hoisted(() => ({
  found: null as Reservation | null,
  change: vi.fn<(input: ChangeReservationInput) => Promise<Reservation>>(),
  cancel: vi.fn<(id: string) => Promise<Reservation>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useReservationRules: () => ({ data: { partyMin: 1, partyMax: 12, daysAhead: 60 } }),
  useReservationByCode: () => ({ isPending: false, isError: false, data: server.found }),
  useReservationAvailability: () => ({
    isPending: false,
    isError: false,
    data: [
      { startsAt: '2030-12-01T23:45:00.000Z', available: true },
      { startsAt: '2030-12-02T00:00:00.000Z', available: false },
    ],
  }),
  useChangeReservation: (o: MutationHookOptions<Reservation, ChangeReservationInput> = {}) =>
    useMutation({ ...o, mutationFn: server.change }),
  useCancelReservation: (o: MutationHookOptions<Reservation, string> = {}) =>
    useMutation({ ...o, mutationFn: server.cancel }),
}));

const page = (path: string) =>
  renderAt(
    <QueryClientProvider client={new QueryClient()}>
      <ManageReservation
        code="KX7M2Q"
        action={new URLSearchParams(path.split('?')[1]).get('action')}
      />
    </QueryClientProvider>,
    path,
  );

describe('ManageReservation', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['Date'], now: new Date('2030-11-20T17:00:00Z') });
    server.found = mine;
    server.change.mockReset();
    server.cancel.mockReset();
  });
  afterEach(() => vi.useRealTimers());

  it('sends a visitor to sign in first', () => {
    setViewer('signedOut');
    page('/reserve?manage=KX7M2Q');
    expect(screen.getByTestId('location')).toHaveTextContent('/auth');
  });

  it('shows a refused change, with the reservation as it was', async () => {
    setViewer('signedIn');
    server.change.mockRejectedValue(
      Object.assign(new Error('That time is fully booked'), { code: 'P0001' }),
    );
    const user = userEvent.setup();
    page('/reserve?manage=KX7M2Q');
    expect(screen.getByText('Sunday, December 1 at 7:00 PM · 2 guests')).toBeVisible();
    const save = screen.getByRole('button', { name: 'Save changes' });
    expect(save).toBeDisabled();
    await user.selectOptions(screen.getByLabelText('Party size'), '4');
    await user.click(save);
    expect(server.change.mock.calls[0]?.[0]).toEqual({
      id: 'r1',
      startsAt: '2030-12-02T00:00:00.000Z',
      partySize: 4,
    });
    expect(await screen.findByRole('alert')).toHaveTextContent('That time is fully booked');
  });

  it('opens on the cancel question from the mail link and cancels', async () => {
    setViewer('signedIn');
    server.cancel.mockResolvedValue({ ...mine, status: 'cancelled' });
    const user = userEvent.setup();
    page('/reserve?manage=KX7M2Q&action=cancel');
    const yes = screen.getByRole('button', { name: 'Yes, cancel reservation' });
    expect(yes).toHaveFocus();
    await user.click(yes);
    expect(server.cancel.mock.calls[0]?.[0]).toBe('r1');
    expect(await screen.findByText(/Your reservation is cancelled/)).toBeVisible();
  });

  it('says so when the code is not one of the guest\u2019s', () => {
    setViewer('signedIn');
    server.found = null;
    page('/reserve?manage=KX7M2Q');
    expect(screen.getByRole('heading', { name: 'Reservation not found' })).toBeVisible();
  });
});

import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { MutationHookOptions, NightReservation, Reservation } from '@bistro/data';
import { clearToasts, setViewer, toasts } from '../../test/render';
import { TonightTab } from './tonight-tab';

const past = new Date(Date.now() - 30 * 60_000).toISOString();
const later = new Date(Date.now() + 60 * 60_000).toISOString();
const plus = (iso: string, min: number) => new Date(Date.parse(iso) + min * 60_000).toISOString();

const night = (over: Partial<NightReservation>): NightReservation => ({
  id: 'r1',
  code: 'ABC234',
  partySize: 2,
  startsAt: past,
  endsAt: plus(past, 90),
  status: 'booked',
  guestName: 'Dana Reyes',
  phone: '216-555-0100',
  occasion: '',
  specialRequests: 'Peanut allergy',
  tables: [],
  tableIds: [1],
  staffNotes: '',
  isWalkIn: false,
  ...over,
});

const server = vi.hoisted(() => ({
  status: vi.fn<(v: { id: string; status: string }) => Promise<unknown>>(),
  walkIn: vi.fn<(v: { partySize: number }) => Promise<unknown>>(),
  move: vi.fn<(v: { id: string; tableIds: number[] }) => Promise<unknown>>(),
  notes: vi.fn<(v: { id: string; notes: string }) => Promise<unknown>>(),
  reservations: [] as NightReservation[],
  live: 'live' as 'connecting' | 'live' | 'down',
}));

type Opts = MutationHookOptions<unknown, never>;
vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useNightReservations: () => ({
    query: { isPending: false, isError: false, data: server.reservations, refetch: vi.fn() },
    live: server.live,
  }),
  useDiningSetup: () => ({
    isPending: false,
    isError: false,
    refetch: vi.fn(),
    data: {
      tables: [
        { id: 1, label: 'B1', area: 'bistro', seats_min: 1, seats_max: 2, is_active: true },
        { id: 2, label: 'B2', area: 'bistro', seats_min: 1, seats_max: 2, is_active: true },
      ],
    },
  }),
  useReservationStatusMutation: (o: Opts = {}) =>
    useMutation({ ...(o as object), mutationFn: server.status }),
  useWalkInMutation: (o: Opts = {}) => useMutation({ ...(o as object), mutationFn: server.walkIn }),
  useMoveReservationMutation: (o: Opts = {}) =>
    useMutation({ ...(o as object), mutationFn: server.move }),
  useStaffNotesMutation: (o: Opts = {}) =>
    useMutation({ ...(o as object), mutationFn: server.notes }),
}));

const page = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TonightTab />
    </QueryClientProvider>,
  );

describe('TonightTab', () => {
  beforeEach(() => {
    setViewer('signedIn', { isAdmin: true });
    clearToasts();
    Object.values(server).forEach((v) => typeof v === 'function' && v.mockReset());
    server.live = 'live';
  });

  it("says whether other staff's changes show at once or every 30 seconds", () => {
    server.reservations = [];
    const { unmount } = page();
    expect(screen.getByText("Live: other staff's changes show at once")).toBeInTheDocument();
    unmount();
    server.live = 'down';
    page();
    expect(screen.getByText('Live updates paused - refreshing every 30 seconds')).toHaveAttribute(
      'role',
      'status',
    );
  });

  it('lists the night by table and marks arrival and a no-show', async () => {
    server.reservations = [
      night({}),
      night({
        id: 'r2',
        code: 'XYZ789',
        guestName: 'Sam Lee',
        startsAt: later,
        endsAt: plus(later, 90),
        tableIds: [2],
      }),
    ];
    server.status.mockResolvedValue({ status: 'arrived', tables: [] } as unknown as Reservation);
    const user = userEvent.setup();
    page();
    const b1 = screen.getByRole('listitem', { name: 'Table B1' });
    const dana = within(b1).getByRole('listitem', { name: /^Dana Reyes/ });
    expect(dana).toHaveTextContent('Requests: Peanut allergy');
    // A party whose time has come can be a no-show; a later one cannot yet.
    const sam = within(screen.getByRole('listitem', { name: 'Table B2' })).getByRole('listitem', {
      name: /^Sam Lee/,
    });
    expect(within(sam).queryByRole('button', { name: 'No-show' })).toBeNull();
    await user.click(within(dana).getByRole('button', { name: 'Arrived' }));
    expect(server.status.mock.calls[0]?.[0]).toEqual({ id: 'r1', status: 'arrived' });
    await user.click(within(dana).getByRole('button', { name: 'No-show' }));
    expect(server.status.mock.calls[1]?.[0]).toEqual({ id: 'r1', status: 'no_show' });
  });

  it('seats a walk-in in two taps and moves a party to another table', async () => {
    server.reservations = [night({})];
    server.walkIn.mockResolvedValue({ partySize: 3, tables: ['B2'] });
    server.move.mockResolvedValue({ tables: ['B2'] });
    const user = userEvent.setup();
    page();
    await user.click(screen.getByRole('button', { name: 'Walk-in' }));
    await user.click(screen.getByRole('button', { name: 'Walk-in of 3' }));
    expect(server.walkIn.mock.calls[0]?.[0]).toEqual({ partySize: 3 });
    expect(toasts()).toContain('Walk-in seated / 3 at B2');

    await user.selectOptions(screen.getByLabelText('Move to'), '2');
    await user.click(screen.getByRole('button', { name: 'Move' }));
    expect(server.move.mock.calls[0]?.[0]).toEqual({ id: 'r1', tableIds: [2] });
  });
});

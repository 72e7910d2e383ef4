import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import { businessDate, type MutationHookOptions, type TableRequest } from '@bistro/data';
import { TableRequestsPanel } from './table-requests-panel';

const today = businessDate();
const request = (over: Partial<TableRequest>): TableRequest => ({
  id: 'r1',
  code: 'KX7M2Q',
  eventId: 'e1',
  eventTitle: 'Neon Friday',
  businessDate: today,
  guestName: 'Vera Guest',
  partySize: 6,
  arrivesAt: new Date(Date.now() + 3_600_000).toISOString(),
  note: '',
  status: 'pending',
  tableId: null,
  tableName: null,
  minSpendCents: null,
  heldUntil: null,
  staffMessage: '',
  bottles: [
    { name: 'Champagne Brut', quantity: 1 },
    { name: 'Premium Vodka', quantity: 1 },
  ],
  ...over,
});

const server = vi.hoisted(() => ({
  confirm: vi.fn<(v: { id: string; tableId: string; message: string }) => Promise<unknown>>(),
  decline: vi.fn<(v: { id: string; message: string }) => Promise<unknown>>(),
  requests: [] as TableRequest[],
}));

type Opts = MutationHookOptions<unknown, never>;
vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useStaffTableRequests: () => ({
    isPending: false,
    isError: false,
    data: server.requests,
    refetch: vi.fn(),
  }),
  useNightTables: () => ({
    isPending: false,
    isError: false,
    data: [
      {
        id: 't1',
        name: 'V1',
        sectionId: 's',
        seats: 6,
        gridX: 0,
        gridY: 0,
        minSpendCents: 50000,
        isFree: false,
      },
      {
        id: 't3',
        name: 'V3',
        sectionId: 's',
        seats: 8,
        gridX: 1,
        gridY: 0,
        minSpendCents: 75000,
        isFree: true,
      },
    ],
  }),
  useConfirmTableRequest: (o: Opts = {}) =>
    useMutation({ ...(o as object), mutationFn: server.confirm }),
  useDeclineTableRequest: (o: Opts = {}) =>
    useMutation({ ...(o as object), mutationFn: server.decline }),
}));

const panel = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TableRequestsPanel />
    </QueryClientProvider>,
  );

describe('TableRequestsPanel', () => {
  beforeEach(() => {
    server.confirm.mockReset();
    server.decline.mockReset();
  });

  it("sums tonight's confirmed and arrived minimums, not pending or other nights'", () => {
    server.requests = [
      request({}),
      request({ id: 'r2', status: 'confirmed', tableName: 'V1', minSpendCents: 50000 }),
      request({ id: 'r3', status: 'arrived', tableName: 'V2', minSpendCents: 30000 }),
      request({ id: 'r4', status: 'confirmed', minSpendCents: 99000, businessDate: '2999-01-01' }),
    ];
    panel();
    expect(screen.getByTestId('committed-minimum')).toHaveTextContent(
      "Tonight's committed minimum: $800",
    );
  });

  it('confirms a pending request with a free table picked on the floor plan', async () => {
    server.requests = [request({})];
    server.confirm.mockResolvedValue({});
    const user = userEvent.setup();
    panel();
    const item = screen.getByRole('listitem', { name: 'Table request of Vera Guest' });
    expect(item).toHaveTextContent('Bottles: 1 × Champagne Brut, 1 × Premium Vodka');
    await user.click(within(item).getByRole('button', { name: 'Confirm' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByRole('button', { name: /^V1/ })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Confirm table' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: /^V3/ }));
    await user.type(within(dialog).getByLabelText('Message to the guest (optional)'), 'Welcome');
    await user.click(within(dialog).getByRole('button', { name: 'Confirm table' }));
    expect(server.confirm.mock.calls[0]?.[0]).toEqual({
      id: 'r1',
      tableId: 't3',
      message: 'Welcome',
    });
  });

  it('declines only with a message to the guest', async () => {
    server.requests = [request({})];
    server.decline.mockResolvedValue({});
    const user = userEvent.setup();
    panel();
    await user.click(screen.getByRole('button', { name: 'Decline' }));
    const dialog = await screen.findByRole('dialog');
    const send = within(dialog).getByRole('button', { name: 'Decline request' });
    expect(send).toBeDisabled();
    await user.type(within(dialog).getByLabelText('Message to the guest'), 'Fully booked');
    await user.click(send);
    expect(server.decline.mock.calls[0]?.[0]).toEqual({ id: 'r1', message: 'Fully booked' });
  });
});

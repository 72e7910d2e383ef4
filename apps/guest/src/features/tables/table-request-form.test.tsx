import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { LoungeNight, MutationHookOptions, RequestTableInput } from '@bistro/data';
import { renderAt } from '../../test/render';
import { TableRequestForm } from './table-request-form';

type Result = { id: string; code: string; status: string };

const server = vi.hoisted(() => ({
  request:
    vi.fn<(input: RequestTableInput) => Promise<{ id: string; code: string; status: string }>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useLoungeSetup: () => ({
    isPending: false,
    isError: false,
    data: {
      settings: {
        policy_text: 'Cancel 24 hours ahead.',
        party_max: 20,
        bottles_max: 10,
        guest_list_closes_at: '22:00:00',
        guest_list_plus_ones_max: 3,
      },
      sections: [{ id: 's1', name: 'Booths', position: 0 }],
      tables: [],
      minimums: [],
    },
  }),
  useBottles: () => ({
    isPending: false,
    isError: false,
    data: [
      { id: 'b1', name: 'Premium Vodka', description: '', priceCents: 32500 },
      { id: 'b2', name: 'Champagne Brut', description: '', priceCents: 19000 },
    ],
  }),
  useNightTables: () => ({
    isPending: false,
    isError: false,
    data: [
      {
        id: 't1',
        name: 'V1',
        sectionId: 's1',
        seats: 4,
        gridX: 0,
        gridY: 0,
        minSpendCents: 30000,
        isFree: true,
      },
      {
        id: 't2',
        name: 'V2',
        sectionId: 's1',
        seats: 8,
        gridX: 1,
        gridY: 0,
        minSpendCents: 75000,
        isFree: true,
      },
      {
        id: 't3',
        name: 'V3',
        sectionId: 's1',
        seats: 8,
        gridX: 2,
        gridY: 0,
        minSpendCents: 50000,
        isFree: false,
      },
    ],
  }),
  useRequestTable: (o: MutationHookOptions<Result, RequestTableInput> = {}) =>
    useMutation({ ...o, mutationFn: server.request }),
}));

const nights: LoungeNight[] = [
  { id: 'e1', title: 'Neon Friday', eventDate: '2030-11-23T03:00:00.000Z' },
];

const form = (signedIn: boolean, onSignIn = vi.fn()) =>
  renderAt(
    <QueryClientProvider client={new QueryClient()}>
      <TableRequestForm
        nights={nights}
        eventId="e1"
        onEventChange={vi.fn()}
        signedIn={signedIn}
        onSignIn={onSignIn}
      />
    </QueryClientProvider>,
    '/tables?event=e1',
  );

describe('TableRequestForm', () => {
  beforeEach(() => server.request.mockReset());

  it('shows the lowest minimum of the free tables that seat the party, the policy and that no card is taken', async () => {
    const user = userEvent.setup();
    form(true);
    expect(screen.getByTestId('table-minimum')).toHaveTextContent(
      'Minimum spend from $300 for the night',
    );
    await user.clear(screen.getByLabelText('Party size'));
    await user.type(screen.getByLabelText('Party size'), '6');
    expect(screen.getByTestId('table-minimum')).toHaveTextContent('Minimum spend from $750');
    expect(screen.getByText('Cancel 24 hours ahead.')).toBeVisible();
    expect(screen.getByText(/No card payment is taken by the app/)).toBeVisible();
    expect(screen.getByRole('button', { name: /^V3/ })).toBeDisabled();
  });

  it('sends the party, the arrival on the night and the chosen bottles', async () => {
    server.request.mockResolvedValue({ id: 'r1', code: 'KX7M2Q', status: 'pending' });
    const user = userEvent.setup();
    form(true);
    await user.clear(screen.getByLabelText(/^Premium Vodka/));
    await user.type(screen.getByLabelText(/^Premium Vodka/), '1');
    await user.clear(screen.getByLabelText(/^Champagne Brut/));
    await user.type(screen.getByLabelText(/^Champagne Brut/), '1');
    expect(screen.getByText('2 bottles chosen')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Request table' }));
    expect(server.request.mock.calls[0]?.[0]).toEqual({
      eventId: 'e1',
      partySize: 4,
      arrivesAt: '2030-11-23T03:00:00.000Z',
      bottles: [
        { menuItemId: 'b1', quantity: 1 },
        { menuItemId: 'b2', quantity: 1 },
      ],
      note: '',
    });
    expect(await screen.findByRole('status')).toHaveTextContent('Request sent (code KX7M2Q)');
  });

  it('sends a visitor to sign in instead of sending', async () => {
    const user = userEvent.setup();
    const onSignIn = vi.fn();
    form(false, onSignIn);
    await user.click(screen.getByRole('button', { name: 'Sign in to request a table' }));
    expect(onSignIn).toHaveBeenCalledOnce();
  });
});

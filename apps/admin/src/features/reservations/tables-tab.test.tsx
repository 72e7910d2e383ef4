import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider, useMutation } from '@tanstack/react-query';
import type { DiningSetup, MutationHookOptions } from '@bistro/data';
import { clearToasts, setViewer, toasts } from '../../test/render';
import { TablesTab, explainRefusal } from './tables-tab';

const setup: DiningSetup = {
  settings: {
    id: true,
    party_min: 1,
    party_max: 12,
    days_ahead: 60,
    slot_minutes: 15,
    kitchen_closes_at: '22:00:00',
    last_seating_minutes: 60,
    covers_per_slot: 16,
    change_cutoff_minutes: 120,
    no_show_limit: 3,
    occasions: ['Birthday', 'Anniversary'],
  },
  turnTimes: [{ party_max: 2, minutes: 90 }],
  tables: [
    { id: 1, label: 'B1', area: 'bistro', seats_min: 1, seats_max: 2, is_active: true },
    { id: 2, label: 'B2', area: 'bistro', seats_min: 1, seats_max: 2, is_active: true },
  ],
  combinations: [],
  blocks: [],
};

const server = vi.hoisted(() => ({
  settings: vi.fn<(v: unknown) => Promise<void>>(),
  table: vi.fn<(v: unknown) => Promise<void>>(),
  combination: vi.fn<(v: unknown) => Promise<void>>(),
  block: vi.fn<(v: unknown) => Promise<void>>(),
  noop: vi.fn<(v: unknown) => Promise<void>>(),
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const hook =
    (fn: (v: unknown) => Promise<void>) =>
    (o: MutationHookOptions<void, unknown> = {}) =>
      useMutation({ ...o, mutationFn: fn });
  return {
    ...(await importOriginal<typeof import('@bistro/data')>()),
    useDiningSetup: () => ({ isPending: false, isError: false, data: setup, refetch: vi.fn() }),
    useReservationSettingsMutation: hook(server.settings),
    useDiningTableSaveMutation: hook(server.table),
    useDiningTableDeleteMutation: hook(server.noop),
    useCombinationAddMutation: hook(server.combination),
    useCombinationDeleteMutation: hook(server.noop),
    useTurnTimeSaveMutation: hook(server.noop),
    useTurnTimeDeleteMutation: hook(server.noop),
    useBlockAddMutation: hook(server.block),
    useBlockDeleteMutation: hook(server.noop),
  };
});

const page = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <TablesTab />
    </QueryClientProvider>,
  );

describe('explainRefusal', () => {
  it("turns the database's refusals into the staff's words", () => {
    expect(explainRefusal({ code: '23503', message: 'violates foreign key constraint' })).toMatch(
      /has reservations/,
    );
    expect(
      explainRefusal({ code: '23505', message: 'duplicate key "dining_tables_label_key"' }),
    ).toBe('Another table has this label.');
    expect(
      explainRefusal({ code: '23514', message: 'check constraint "dining_tables_seats_order"' }),
    ).toMatch(/smallest number/);
    expect(
      explainRefusal({
        code: '23514',
        message: 'check constraint "reservation_settings_occasions_valid"',
      }),
    ).toBe('Each occasion is 1 to 60 characters and is listed once.');
    expect(
      explainRefusal({
        code: '23514',
        message: 'check constraint "reservation_settings_occasions_count"',
      }),
    ).toBe('Offer at most 12 occasions.');
    expect(explainRefusal({ code: 'P0001', message: 'Something else' })).toBe('Something else');
  });
});

describe('TablesTab', () => {
  beforeEach(() => {
    setViewer('signedIn', { isAdmin: true });
    clearToasts();
    Object.values(server).forEach((fn) => fn.mockReset().mockResolvedValue(undefined));
  });

  it('saves the pacing and the kitchen time, and shows a refusal from the database', async () => {
    const user = userEvent.setup();
    page();
    const covers = screen.getByLabelText('Covers per time slot (pacing)');
    await user.clear(covers);
    await user.type(covers, '20');
    await user.clear(screen.getByLabelText('Kitchen closes at (empty: with the venue)'));
    const occasions = screen.getByLabelText('Occasions guests can pick (one per line, at most 12)');
    expect(occasions).toHaveValue('Birthday\nAnniversary');
    await user.type(occasions, '\n\n  Proposal  \n');
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    expect(server.settings.mock.calls[0]?.[0]).toMatchObject({
      covers_per_slot: 20,
      kitchen_closes_at: null,
      party_max: 12,
      occasions: ['Birthday', 'Anniversary', 'Proposal'],
    });
    expect(server.settings.mock.calls[0]?.[0]).not.toHaveProperty('id');

    server.settings.mockRejectedValue(
      Object.assign(new Error('violates check constraint "reservation_settings_covers_range"'), {
        code: '23514',
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Save settings' }));
    await vi.waitFor(() =>
      expect(toasts()).toContainEqual(
        expect.stringMatching(/^Settings not saved \/ A value is outside/),
      ),
    );
  });

  it('adds a table, a combination and a blocked time in the venue time zone', async () => {
    const user = userEvent.setup();
    page();
    const add = screen.getByRole('form', { name: 'Add a table' });
    await user.type(within(add).getByLabelText('Label'), 'P3');
    await user.selectOptions(within(add).getByLabelText('Area'), 'patio');
    await user.click(within(add).getByRole('button', { name: 'Add table' }));
    expect(server.table.mock.calls[0]?.[0]).toEqual({
      label: 'P3',
      area: 'patio',
      seats_min: 1,
      seats_max: 2,
      is_active: true,
    });

    const combo = screen.getByRole('form', { name: 'Add a combination' });
    await user.click(within(combo).getByLabelText('B1'));
    await user.click(within(combo).getByLabelText('B2'));
    await user.type(within(combo).getByLabelText('Guests min'), '3');
    await user.type(within(combo).getByLabelText('Guests max'), '4');
    await user.click(within(combo).getByRole('button', { name: 'Add combination' }));
    expect(server.combination.mock.calls[0]?.[0]).toEqual({
      table_ids: [1, 2],
      seats_min: 3,
      seats_max: 4,
    });

    const block = screen.getByRole('form', { name: 'Block a time' });
    await user.type(within(block).getByLabelText('From (venue time)'), '2026-12-24T18:00');
    await user.type(within(block).getByLabelText('To (venue time)'), '2026-12-24T23:00');
    await user.type(within(block).getByLabelText('Reason'), 'Holiday buyout');
    await user.click(within(block).getByRole('button', { name: 'Block time' }));
    // 6 PM in Cleveland in winter is 23:00 UTC.
    expect(server.block.mock.calls[0]?.[0]).toEqual({
      table_id: null,
      starts_at: '2026-12-24T23:00:00.000Z',
      ends_at: '2026-12-25T04:00:00.000Z',
      reason: 'Holiday buyout',
    });
  });
});

import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { SongRequest } from '@bistro/data';
import { DjConsole } from './dj-console';
import { splitQueue } from './queue';

const calls = vi.hoisted(() => ({
  status: vi.fn<(vars: { id: string; status: string }) => Promise<void>>(),
  move: vi.fn<(vars: { id: string; offset: number }) => Promise<void>>(),
  lastCall: vi.fn<(raised: boolean) => void>(),
}));

vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useSongRequestStatusMutation: () => ({ mutateAsync: calls.status }),
  useMoveUpNextMutation: () => ({ mutateAsync: calls.move }),
  useLastCall: () => ({ data: null, isPending: false }),
  useLastCallMutation: () => ({ mutate: calls.lastCall, isPending: false }),
}));

const song = (id: string, title: string, status: string, position: number | null = null) =>
  ({
    id,
    song_title: title,
    artist: 'Someone',
    user_id: 'u2',
    requested_by_name: 'Leo',
    status,
    vote_count: 2,
    event_date: '2026-01-14',
    created_at: `2026-01-15T01:0${id}:00Z`,
    song_key: null,
    queue_position: position,
    played_at: null,
  }) as SongRequest;

const queue = splitQueue([
  song('1', 'Halo', 'playing'),
  song('2', 'Levitating', 'approved', 1),
  song('3', 'Dancing Queen', 'approved', 2),
  song('4', 'Valerie', 'pending'),
]);

function renderConsole() {
  return render(
    <MemoryRouter>
      <DjConsole queue={queue} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  calls.status.mockReset().mockResolvedValue(undefined);
  calls.move.mockReset().mockResolvedValue(undefined);
});

describe('the DJ view', () => {
  it('shows only the next steps, in large targets, and no member controls', () => {
    renderConsole();
    const now = screen.getByRole('region', { name: 'Now Playing' });
    expect(
      within(now)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Played']);
    const valerie = screen.getByRole('listitem', { name: 'Valerie' });
    expect(
      within(valerie)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Up Next', 'Decline']);
    expect(screen.queryByRole('button', { name: /vote/i })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Rate the DJ' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Undo/ })).toBeDisabled();
  });

  it('undoes Play Now: the song goes back to Up Next and the song it ended plays again', async () => {
    const user = userEvent.setup();
    renderConsole();
    const levitating = screen.getByRole('listitem', { name: 'Levitating' });
    await user.click(within(levitating).getByRole('button', { name: 'Play Now' }));
    expect(calls.status).toHaveBeenLastCalledWith({ id: '2', status: 'playing' });
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Last change: Playing: Levitating'),
    );
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(() => expect(calls.status).toHaveBeenCalledTimes(3));
    expect(calls.status.mock.calls.slice(1).map(([v]) => v)).toEqual([
      { id: '2', status: 'approved' },
      { id: '1', status: 'playing' },
    ]);
    await waitFor(() => expect(screen.getByRole('button', { name: /Undo/ })).toBeDisabled());
  });

  it('undoes a decline', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(
      within(screen.getByRole('listitem', { name: 'Valerie' })).getByRole('button', {
        name: 'Decline',
      }),
    );
    await user.click(screen.getByRole('button', { name: /Undo/ }));
    await waitFor(() =>
      expect(calls.status).toHaveBeenLastCalledWith({ id: '4', status: 'pending' }),
    );
  });

  it('raises last call for the room screen', async () => {
    const user = userEvent.setup();
    renderConsole();
    await user.click(screen.getByRole('button', { name: 'Raise Last Call' }));
    expect(calls.lastCall).toHaveBeenCalledWith(true, expect.anything());
  });
});

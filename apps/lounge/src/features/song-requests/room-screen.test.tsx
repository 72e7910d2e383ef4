import { render, screen, within } from '@testing-library/react';
import type { Dj, SongRequest } from '@bistro/data';
import { RoomScreen } from './room-screen';
import { splitQueue } from './queue';

const state = vi.hoisted(() => ({ lastCall: null as string | null }));
vi.mock('@bistro/data', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@bistro/data')>()),
  useLastCall: () => ({ data: state.lastCall }),
}));

const song = (id: string, title: string, status: string, votes = 0) =>
  ({
    id,
    song_title: title,
    artist: 'Someone',
    user_id: 'u2',
    requested_by_name: 'Leo Private',
    status,
    vote_count: votes,
    event_date: '2026-01-14',
    created_at: `2026-01-15T01:0${id}:00Z`,
    song_key: null,
    queue_position: status === 'approved' ? Number(id) : null,
    played_at: null,
  }) as SongRequest;

const queue = splitQueue([
  song('1', 'Halo', 'playing'),
  song('2', 'Levitating', 'approved'),
  song('3', 'Valerie', 'pending', 7),
  song('4', 'Dreams', 'pending', 2),
  song('5', 'Hidden Track', 'declined', 9),
]);
const dj = { id: 'd1', name: 'DJ Nova' } as Dj;

describe('the room screen', () => {
  it('shows the night for the room, with no requester names and no declined song', () => {
    render(<RoomScreen queue={queue} dj={dj} />);
    const room = screen.getByTestId('room-screen');
    expect(within(room).getByRole('region', { name: /Now Playing/ })).toHaveTextContent('Halo');
    expect(within(room).getByRole('region', { name: 'Up Next' })).toHaveTextContent('Levitating');
    expect(
      within(room)
        .getAllByTestId('room-request')
        .map((li) => li.textContent),
    ).toEqual(['Valerie7 votes', 'Dreams2 votes']);
    expect(room).toHaveTextContent('DJ Nova');
    expect(room).not.toHaveTextContent('Leo Private');
    expect(room).not.toHaveTextContent('Hidden Track');
    expect(
      within(room).getByRole('img', { name: /QR code: .*\/song-requests$/ }),
    ).toBeInTheDocument();
    expect(within(room).queryByRole('status')).not.toBeInTheDocument();
  });

  it('shows the last call banner while staff have it raised', () => {
    state.lastCall = '2026-01-15T04:30:00Z';
    try {
      render(<RoomScreen queue={queue} dj={null} />);
      expect(screen.getByRole('status')).toHaveTextContent('Last call at the bar!');
    } finally {
      state.lastCall = null;
    }
  });
});

import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from '@bistro/auth';
import { useToastStore } from '@bistro/ui';
import type { Dj, SongRequest } from '@bistro/data';
import { SongRequestsPage } from './song-requests-page';

const state = vi.hoisted(() => ({
  requests: { data: undefined as unknown, isPending: true, isError: false },
  votes: { data: undefined as unknown, error: null as unknown },
  dj: { data: null as unknown, isPending: false },
  ratings: { data: undefined as unknown, error: null as unknown, refetch: vi.fn() },
  toggle: vi.fn(),
  live: 'connecting' as 'connecting' | 'live' | 'down',
  join: undefined as boolean | undefined,
  ratedTonight: false,
  waiting: {
    requests: [] as { id: string; songTitle: string; artist: string }[],
    votes: new Map<string, boolean>(),
  },
  onMyRequestPlaying: undefined as
    ((r: { id: string; song_title: string; artist: string }) => void) | undefined,
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    useTonightsSongRequests: () => ({ ...state.requests, refetch: vi.fn() }),
    useMyVotes: () => state.votes,
    useLiveDj: () => state.dj,
    useLiveDjRatings: () => state.ratings,
    useHasRatedTonight: () => ({ data: state.ratedTonight }),
    useSongVoteToggleMutation: () => ({ mutateAsync: state.toggle }),
    useLoungeOffline: () => state.waiting,
    usePushState: () => ({ data: undefined }),
    usePushSubscribeMutation: () => ({ mutate: vi.fn(), isPending: false }),
    useSongRequestStatusMutation: () => ({ mutateAsync: vi.fn() }),
    useMoveUpNextMutation: () => ({ mutateAsync: vi.fn() }),
    useRequestSongMutation: () => ({ mutate: vi.fn(), isPending: false }),
    useLoungeLive: (options: {
      onMyRequestPlaying?: typeof state.onMyRequestPlaying;
      join?: boolean;
    }) => {
      state.onMyRequestPlaying = options.onMyRequestPlaying;
      state.join = options.join ?? true;
      return state.live;
    },
    useSongRequestCreateMutation: () => ({ mutate: vi.fn(), isPending: false }),
    useDjRatingCreateMutation: () => ({ mutate: vi.fn(), isPending: false }),
  };
});

const request = (id: string, title: string, votes: number): SongRequest => ({
  id,
  song_title: title,
  artist: 'Someone',
  user_id: 'u2',
  requested_by_name: 'Leo',
  status: 'pending',
  vote_count: votes,
  event_date: '2026-01-14',
  created_at: `2026-01-15T01:0${id}:00Z`,
  song_key: null,
  queue_position: null,
  played_at: null,
});

const nova: Dj = {
  id: 'dj1',
  name: 'DJ Nova',
  bio: 'Open format.',
  genre_specialties: ['House'],
  image_url: null,
  average_rating: 4.5,
  total_ratings: 2,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
};

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

function renderPage() {
  return render(
    <MemoryRouter initialEntries={['/song-requests']}>
      <SongRequestsPage />
    </MemoryRouter>,
  );
}

describe('SongRequestsPage', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useAuthStore.setState({
      status: 'signedIn',
      session: { user: { id: 'member-1', email: 'maya@example.com' } } as unknown as Session,
      isAdmin: false,
    });
    state.requests = { data: undefined, isPending: true, isError: false };
    state.votes = { data: [], error: null };
    state.dj = { data: nova, isPending: false };
    state.ratings = {
      data: {
        djId: 'dj1',
        total: 4,
        ratings: [1, 2, 3, 4].map((n) => ({
          id: `r${n}`,
          dj_id: 'dj1',
          user_id: `u${n}`,
          rating: n,
          comment: `Comment ${n}`,
          performance_date: '2026-01-14',
          created_at: '2026-01-15T02:00:00Z',
        })),
      },
      error: null,
      refetch: vi.fn().mockResolvedValue(undefined),
    };
    state.toggle.mockReset().mockResolvedValue(undefined);
    state.live = 'connecting';
  });

  it("shows 'Loading the Vibe...' until the requests arrive", () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Vibe...');
  });

  it('shows the list once it arrives and joins the live channel only after that', async () => {
    const view = renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Vibe...');
    expect(state.join).toBe(false);
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    view.rerender(
      <MemoryRouter initialEntries={['/song-requests']}>
        <SongRequestsPage />
      </MemoryRouter>,
    );
    expect(await screen.findByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
    expect(screen.getByTestId('song-request')).toHaveTextContent('Halo');
    await waitFor(() => expect(state.join).toBe(true));
  });

  it('opens Drop a Request (its code loaded on first use)', async () => {
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    renderPage();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Drop a Request' }));
    const dialog = await screen.findByRole('dialog', { name: 'Drop a Request' });
    await userEvent.type(within(dialog).getByLabelText('Song Title'), 'Halo');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('opens Rate the DJ for the live DJ (its code loaded on first use)', async () => {
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    renderPage();
    await userEvent.click(screen.getByRole('button', { name: 'Rate the DJ' }));
    const dialog = await screen.findByRole('dialog', { name: 'Rate the DJ' });
    expect(dialog).toHaveTextContent('How is DJ Nova doing tonight? One rating per DJ per night.');
  });

  it('says Already Rated Tonight before opening the dialog when the member has rated tonight', async () => {
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    state.ratedTonight = true;
    try {
      renderPage();
      await userEvent.click(screen.getByRole('button', { name: 'Rate the DJ' }));
      await waitFor(() => expect(toastTitles()).toContain('Already Rated Tonight! ⭐'));
      expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    } finally {
      state.ratedTonight = false;
    }
  });

  it('shows Connection Issue when the requests cannot load', async () => {
    state.requests = { data: undefined, isPending: false, isError: true };
    renderPage();
    expect(screen.getByRole('alert')).toHaveTextContent('Connection Issue');
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load song requests');
    await waitFor(() => expect(toastTitles()).toEqual(['Connection Issue']));
  });

  it('only logs a failed votes load', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    state.votes = { data: undefined, error: new Error('offline') };
    renderPage();
    expect(screen.getByRole('heading', { name: "Tonight's Request Lounge" })).toBeVisible();
    await waitFor(() =>
      expect(log).toHaveBeenCalledWith('Failed to load your votes', expect.any(Error)),
    );
    expect(toastTitles()).toEqual([]);
  });

  it('shows the live DJ, tonight’s count, 3 of the reviews and the vote power', () => {
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    state.votes = { data: ['1'], error: null };
    renderPage();
    const card = screen.getByRole('region', { name: "Tonight's DJ" });
    expect(within(card).getByText('DJ Nova')).toBeVisible();
    expect(within(card).getByText('LIVE NOW')).toBeVisible();
    expect(within(card).getByText('4 ratings tonight')).toBeVisible();
    expect(within(card).getByText('Open format.')).toBeVisible();
    expect(within(card).getByText('2 votes left')).toBeVisible();
    expect(within(card).getAllByText(/^Comment \d$/)).toHaveLength(3);
  });

  it('shows no ratings fetched for another DJ and fetches them again', () => {
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    state.ratings = { ...state.ratings, data: { djId: 'dj2', total: 7, ratings: [] } };
    renderPage();
    const card = screen.getByRole('region', { name: "Tonight's DJ" });
    expect(within(card).getByText('Loading ratings…')).toBeVisible();
    expect(within(card).queryByText('7 ratings tonight')).not.toBeInTheDocument();
    expect(state.ratings.refetch).toHaveBeenCalledTimes(1);
  });

  it('filters as the member types and toggles a vote', async () => {
    state.requests = {
      data: [request('1', 'Halo', 2), request('2', 'Hello', 1), request('3', 'Crazy', 0)],
      isPending: false,
      isError: false,
    };
    // the vote is answered only when the test says: its row shows it meanwhile
    let answer: (result: string) => void = () => undefined;
    state.toggle.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    renderPage();
    await userEvent.type(screen.getByPlaceholderText('Search songs or artists...'), 'HAL');
    await waitFor(() => expect(screen.getAllByTestId('song-request')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /^Vote for Halo/ }));
    // shown at once, sent once that frame is painted
    expect(screen.getByRole('button', { name: /^Remove your vote for Halo/ })).toBeDisabled();
    await waitFor(() =>
      expect(state.toggle).toHaveBeenCalledWith({
        songRequestId: '1',
        userId: 'member-1',
        action: 'add',
      }),
    );
    expect(screen.getByRole('button', { name: /^Remove your vote for Halo/ })).toBeDisabled();
    await act(async () => answer('voted'));
  });

  it('shows requests and vote changes made offline as waiting to send, counted in the votes', async () => {
    state.requests = {
      data: [request('1', 'Halo', 2), request('2', 'Hello', 1), request('3', 'Crazy', 0)],
      isPending: false,
      isError: false,
    };
    state.votes = { data: ['2'], error: null };
    state.waiting = {
      requests: [{ id: 'c1', songTitle: 'Valerie', artist: 'Amy Winehouse' }],
      votes: new Map([
        ['1', true],
        ['2', false],
      ]),
    };
    try {
      renderPage();
      const waiting = screen.getByRole('region', { name: 'Waiting to Send' });
      expect(within(waiting).getByText('Valerie')).toBeVisible();
      expect(within(waiting).getByText('waiting to send')).toBeVisible();
      // Halo: voted offline; Hello: its vote taken back offline
      expect(screen.getByRole('button', { name: /^Remove your vote for Halo/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      expect(screen.getByRole('button', { name: /^Vote for Hello/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
      expect(screen.getAllByTestId('vote-waiting').map((e) => e.textContent)).toEqual([
        'Your vote is waiting to send',
        'Taking back your vote: waiting to send',
      ]);
    } finally {
      state.waiting = { requests: [], votes: new Map() };
      state.votes = { data: undefined, error: null };
    }
  });

  it('shows a vote being sent as cast at once, busy, and not as waiting to send', async () => {
    state.requests = {
      data: [request('1', 'Halo', 2), request('2', 'Hello', 1)],
      isPending: false,
      isError: false,
    };
    state.votes = { data: [], error: null };
    let answer: (result: string) => void = () => undefined;
    state.toggle.mockImplementation(() => new Promise<string>((resolve) => (answer = resolve)));
    try {
      const view = renderPage();
      const redraw = () =>
        view.rerender(
          <MemoryRouter initialEntries={['/song-requests']}>
            <SongRequestsPage />
          </MemoryRouter>,
        );
      expect(screen.getByText('3 votes left')).toBeVisible();
      await userEvent.click(screen.getByRole('button', { name: /^Vote for Halo/ }));
      await waitFor(() => expect(state.toggle).toHaveBeenCalledTimes(1));
      // the device's queue lists it while it is sent
      state.waiting = { requests: [], votes: new Map([['1', true]]) };
      redraw();
      const button = screen.getByRole('button', { name: /^Remove your vote for Halo/ });
      expect(button).toHaveAttribute('aria-pressed', 'true');
      expect(button).toBeDisabled();
      expect(screen.getByText('2 votes left')).toBeVisible();
      expect(screen.queryByTestId('vote-waiting')).not.toBeInTheDocument();
      // sent and taken off the device before the member's votes are read back: still cast
      state.waiting = { requests: [], votes: new Map() };
      redraw();
      expect(screen.getByRole('button', { name: /^Remove your vote for Halo/ })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      // answered, with the member's votes read back
      state.votes = { data: ['1'], error: null };
      await act(async () => answer('sent'));
      expect(screen.getByRole('button', { name: /^Remove your vote for Halo/ })).toBeEnabled();
      expect(screen.getByText('2 votes left')).toBeVisible();
    } finally {
      state.toggle.mockReset();
      state.waiting = { requests: [], votes: new Map() };
      state.votes = { data: undefined, error: null };
    }
  });

  it('says there is no DJ to rate when none is active', async () => {
    state.requests = { data: [], isPending: false, isError: false };
    state.dj = { data: null, isPending: false };
    renderPage();
    expect(screen.getByText('Silence is Golden... But Music is Better!')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Rate the DJ' }));
    expect(toastTitles()).toEqual(['No DJ to Rate']);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('says when live updates are paused and shows the queue sections', () => {
    state.live = 'down';
    state.requests = {
      data: [
        { ...request('1', 'Halo', 2), status: 'playing' },
        { ...request('2', 'Hello', 1), status: 'approved', queue_position: 2 },
        { ...request('3', 'Crazy', 0), status: 'approved', queue_position: 1 },
        { ...request('4', 'Valerie', 3), status: 'played', played_at: '2026-01-15T02:00:00Z' },
        request('5', 'Levitating', 1),
      ],
      isPending: false,
      isError: false,
    };
    renderPage();
    expect(screen.getByText('Live updates paused - refreshing every 5 seconds')).toBeVisible();
    const playing = screen.getByRole('region', { name: 'Now Playing' });
    expect(within(playing).getByTestId('song-request')).toHaveTextContent('Halo');
    const upNext = screen.getByRole('region', { name: 'Up Next' });
    expect(
      within(upNext)
        .getAllByTestId('song-request')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('Crazy'), expect.stringContaining('Hello')]);
    expect(within(upNext).queryByRole('button', { name: /^Vote for/ })).toBeNull();
    const played = screen.getByRole('region', { name: 'Played Tonight' });
    expect(played).toHaveTextContent('Valerie');
    const trending = screen.getByRole('region', { name: 'Trending Now' });
    expect(within(trending).getAllByTestId('song-request')).toHaveLength(1);
    // members get no staff controls
    expect(screen.queryByRole('button', { name: 'Play Now' })).toBeNull();
  });

  it('drops the paused line while live and toasts the member whose request plays', () => {
    state.live = 'live';
    state.requests = { data: [request('1', 'Halo', 1)], isPending: false, isError: false };
    renderPage();
    expect(screen.queryByText(/Live updates paused/)).toBeNull();
    act(() => state.onMyRequestPlaying?.({ id: '1', song_title: 'Halo', artist: 'Beyonce' }));
    expect(toastTitles()).toEqual(['🎶 Your Request Is Playing Now!']);
  });

  it('keeps keyboard focus on the vote button of the same request after the list re-sorts', async () => {
    state.requests = {
      data: [
        request('1', 'Halo', 2),
        request('2', 'Hello', 1),
        request('3', 'Crazy', 0),
        request('4', 'Valerie', 0),
      ],
      isPending: false,
      isError: false,
    };
    const view = renderPage();
    const vote = screen.getByRole('button', { name: /^Vote for Valerie/ });
    vote.focus();
    await userEvent.keyboard('{Enter}');
    await waitFor(() =>
      expect(state.toggle).toHaveBeenCalledWith({
        songRequestId: '4',
        userId: 'member-1',
        action: 'add',
      }),
    );
    // the vote lands: Valerie moves from All Requests to the top of Trending Now
    state.requests = {
      data: [
        request('1', 'Halo', 2),
        request('2', 'Hello', 1),
        request('3', 'Crazy', 0),
        request('4', 'Valerie', 3),
      ],
      isPending: false,
      isError: false,
    };
    state.votes = { data: ['4'], error: null };
    view.rerender(
      <MemoryRouter initialEntries={['/song-requests']}>
        <SongRequestsPage />
      </MemoryRouter>,
    );
    const trending = screen.getByRole('region', { name: 'Trending Now' });
    await waitFor(() =>
      expect(within(trending).getAllByTestId('song-request')[0]).toHaveTextContent('Valerie'),
    );
    await waitFor(() =>
      expect(document.activeElement).toBe(
        screen.getByRole('button', { name: /^Remove your vote for Valerie/ }),
      ),
    );
  });
});

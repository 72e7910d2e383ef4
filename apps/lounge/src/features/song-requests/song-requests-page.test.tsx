import { render, screen, waitFor, within } from '@testing-library/react';
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
  ratings: { data: undefined as unknown, error: null as unknown },
  toggle: vi.fn(),
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    useTonightsSongRequests: () => ({ ...state.requests, refetch: vi.fn() }),
    useMyVotes: () => state.votes,
    useLiveDj: () => state.dj,
    useDjRatingsForDate: () => state.ratings,
    useSongVoteToggleMutation: () => ({ mutateAsync: state.toggle }),
    useSongRequestStatusMutation: () => ({ mutateAsync: vi.fn() }),
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
});

const nova: Dj = {
  id: 'dj1',
  name: 'DJ Nova',
  bio: 'Open format.',
  genre_specialties: ['House'],
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
    };
    state.toggle.mockReset().mockResolvedValue(undefined);
  });

  it("shows 'Loading the Vibe...' until the requests arrive", () => {
    renderPage();
    expect(screen.getByRole('status')).toHaveTextContent('Loading the Vibe...');
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

  it('filters as the member types and toggles a vote', async () => {
    state.requests = {
      data: [request('1', 'Halo', 2), request('2', 'Hello', 1), request('3', 'Crazy', 0)],
      isPending: false,
      isError: false,
    };
    renderPage();
    await userEvent.type(screen.getByPlaceholderText('Search songs or artists...'), 'HAL');
    await waitFor(() => expect(screen.getAllByTestId('song-request')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: /^Vote for Halo/ }));
    expect(state.toggle).toHaveBeenCalledWith({
      songRequestId: '1',
      userId: 'member-1',
      action: 'add',
    });
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
});

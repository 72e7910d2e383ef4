import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore } from '@bistro/auth';
import { useToastStore } from '@bistro/ui';
import { businessDate, type Dj } from '@bistro/data';
import { DjsPage } from './djs-page';

const state = vi.hoisted(() => ({
  djs: { data: undefined as unknown, isPending: false, isError: false },
  ratings: { data: undefined as unknown, isPending: false, isError: false },
  mutate: vi.fn(),
}));

vi.mock('@bistro/data', async (importOriginal) => {
  const actual = await importOriginal<Record<string, unknown>>();
  return {
    ...actual,
    useActiveDjs: () => ({ ...state.djs, refetch: vi.fn() }),
    useLatestDjRatings: () => state.ratings,
    useDjRatingCreateMutation: () => ({ mutate: state.mutate, isPending: false }),
  };
});

const dj = (id: string, name: string, average: number, total: number): Dj => ({
  id,
  name,
  bio: `${name} bio`,
  genre_specialties: ['House', 'Disco'],
  image_url: `https://img.example/${id}.webp`,
  average_rating: average,
  total_ratings: total,
  is_active: true,
  created_at: '2026-01-01T00:00:00Z',
});

const toastTitles = () => useToastStore.getState().toasts.map((t) => t.title);

describe('DjsPage', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
    useAuthStore.setState({
      status: 'signedIn',
      session: { user: { id: 'member-1' } } as unknown as Session,
    });
    state.djs = {
      data: [dj('1', 'DJ Nova', 4.5, 2), dj('2', 'Lady Vinyl', 0, 0)],
      isPending: false,
      isError: false,
    };
    state.ratings = {
      data: {
        total: 1,
        ratings: [
          {
            id: 'r1',
            dj_id: '1',
            user_id: 'u1',
            rating: 5,
            comment: 'Packed dance floor',
            performance_date: '2026-01-14',
            created_at: '2026-01-15T02:00:00Z',
          },
        ],
      },
      isPending: false,
      isError: false,
    };
    state.mutate.mockReset();
  });

  it('shows each DJ with genres, average, total and bio', () => {
    render(<DjsPage />);
    const cards = screen.getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent?.trim())).toEqual([
      'DJ Nova',
      'Lady Vinyl',
    ]);
    expect(cards[0]).toHaveTextContent('4.5 (2 ratings)');
    expect(cards[0]).toHaveTextContent('House');
    expect(cards[0]).toHaveTextContent('DJ Nova bio');
    expect(cards[1]).toHaveTextContent('0.0 (0 ratings)');
    const portrait = within(cards[0]!).getByRole('img', { name: 'Artwork for DJ Nova' });
    expect(portrait).toHaveAttribute('width', '800');
    expect(portrait).toHaveAttribute('height', '800');
    expect(portrait).toHaveAttribute('loading', 'lazy');
  });

  it('rates with stars, a null comment when empty and today as the default date', async () => {
    render(<DjsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Rate DJ: DJ Nova' }));
    const dialog = screen.getByRole('dialog', { name: 'Rate DJ Nova' });
    expect(within(dialog).getByText('Packed dance floor')).toBeVisible();
    expect(within(dialog).getByLabelText('Performance Date')).toHaveValue(businessDate());
    const submit = within(dialog).getByRole('button', { name: 'Submit Rating' });
    expect(submit).toBeDisabled();
    await userEvent.click(within(dialog).getByRole('radio', { name: '4 stars' }));
    await userEvent.type(within(dialog).getByLabelText('Comment (optional)'), '   ');
    await userEvent.click(submit);
    expect(state.mutate).toHaveBeenCalledWith({
      djId: '1',
      userId: 'member-1',
      rating: 4,
      comment: null,
      performanceDate: businessDate(),
    });
  });

  it('reports load failures with the spec texts', async () => {
    state.djs = { data: undefined, isPending: false, isError: true };
    render(<DjsPage />);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to load DJs');
    await waitFor(() => expect(toastTitles()).toEqual(['Error']));
    expect(useToastStore.getState().toasts[0]?.description).toBe('Failed to load DJs');
  });

  it('says when the reviews cannot load', async () => {
    state.ratings = { data: undefined, isPending: false, isError: true };
    render(<DjsPage />);
    await userEvent.click(screen.getByRole('button', { name: 'Rate DJ: Lady Vinyl' }));
    expect(within(screen.getByRole('dialog')).getByText('Failed to load ratings')).toBeVisible();
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.description)).toContain(
        'Failed to load ratings',
      ),
    );
  });
});

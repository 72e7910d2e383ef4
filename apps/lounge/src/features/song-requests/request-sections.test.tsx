import { useToastStore } from '@bistro/ui';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { SongRequest } from '@bistro/data';
import { badgeToneColour, theme } from '@bistro/ui';
import { RequestSections, type RequestSectionsProps } from './request-sections';

const song = (id: string, title: string, votes: number, status = 'pending'): SongRequest => ({
  id,
  song_title: title,
  artist: `Artist ${id}`,
  user_id: 'u1',
  requested_by_name: 'Maya',
  status,
  vote_count: votes,
  event_date: '2026-01-14',
  created_at: `2026-01-15T01:0${id}:00Z`,
  song_key: null,
  queue_position: null,
  played_at: null,
});

const songs = [
  song('1', 'First', 5, 'approved'),
  song('2', 'Second', 3, 'played'),
  song('3', 'Third', 2, 'declined'),
  song('4', 'Fourth', 1),
  song('5', 'Fifth', 0, 'queued'),
];

function renderSections(props: Partial<RequestSectionsProps> = {}) {
  const onToggleVote = vi.fn();
  const onSetStatus = vi.fn();
  render(
    <RequestSections
      requests={songs}
      hasAnyRequests
      search=""
      votedIds={new Set()}
      pendingVoteIds={new Set()}
      pendingStatusIds={new Set()}
      isAdmin={false}
      onToggleVote={onToggleVote}
      onSetStatus={onSetStatus}
      {...props}
    />,
  );
  return { onToggleVote, onSetStatus };
}

const rgb = (hex: string) => {
  const n = parseInt(hex.slice(1), 16);
  return `rgb(${(n >> 16) & 255}, ${(n >> 8) & 255}, ${n & 255})`;
};

describe('RequestSections', () => {
  it('marks trending rows, the status tone and the member’s own votes in their colours', () => {
    const open = [song('1', 'First', 5), song('2', 'Second', 3), song('3', 'Third', 2)];
    renderSections({
      requests: [...open, song('4', 'Fourth', 1), song('6', 'Sixth', 0)],
      votedIds: new Set(['1']),
    });
    const trending = within(screen.getByRole('region', { name: 'Trending Now' }));
    const rows = trending.getAllByTestId('song-request');
    expect(getComputedStyle(rows[0] as HTMLElement).borderColor).toBe(rgb(theme.colors.accent));
    const all = within(screen.getByRole('region', { name: 'All Requests' }));
    const plain = all.getAllByTestId('song-request')[0] as HTMLElement;
    expect(getComputedStyle(plain).borderColor).toBe(rgb(theme.colors.border));
    const icon = plain.firstElementChild as HTMLElement;
    expect(getComputedStyle(icon).color).toBe(rgb(badgeToneColour.muted));
    const voted = trending.getByRole('button', { name: /^Remove your vote for First/ });
    expect(getComputedStyle(voted).backgroundColor).toBe(rgb(theme.colors.primary));
    const notVoted = trending.getByRole('button', { name: /^Vote for Second/ });
    expect(getComputedStyle(notVoted).backgroundColor).not.toBe(rgb(theme.colors.primary));
  });

  it('ranks the top 3 under Trending Now and lists the rest with a count', () => {
    renderSections();
    const trending = screen.getByRole('region', { name: 'Trending Now' });
    const rows = within(trending).getAllByTestId('song-request');
    expect(rows.map((r) => within(r).getByText(/^#\d$/).textContent)).toEqual(['#1', '#2', '#3']);
    expect(rows.map((r) => r.textContent)).toEqual([
      expect.stringContaining('First'),
      expect.stringContaining('Second'),
      expect.stringContaining('Third'),
    ]);
    const all = screen.getByRole('region', { name: 'All Requests' });
    expect(within(all).getAllByTestId('song-request')).toHaveLength(2);
    expect(all).toHaveTextContent('2 songs');
  });

  it('shows each status capitalised, unknown ones as they are with the pending look', () => {
    renderSections();
    for (const label of ['Approved', 'Played', 'Declined', 'Pending', 'Queued']) {
      expect(screen.getByText(label)).toBeVisible();
    }
  });

  it('toggles a vote on click and disables un-voted songs at 3 votes', async () => {
    const { onToggleVote } = renderSections({ votedIds: new Set(['1', '2', '4']) });
    const voted = screen.getByRole('button', { name: /Remove your vote for Fourth/ });
    expect(voted).toHaveAttribute('aria-pressed', 'true');
    expect(voted).toBeEnabled();
    const locked = screen.getByRole('button', { name: /^Vote for Fifth/ });
    expect(locked).toHaveAttribute('aria-disabled', 'true');
    await userEvent.click(voted);
    expect(onToggleVote).toHaveBeenCalledWith(songs[3], true);
    // a tap on a locked vote says why (touch screens show no tooltip) and votes nothing
    onToggleVote.mockClear();
    await userEvent.click(locked);
    expect(onToggleVote).not.toHaveBeenCalled();
    expect(useToastStore.getState().toasts.at(-1)).toMatchObject({
      title: 'No votes left tonight',
      description: 'You have used your 3 votes tonight. Take one back to vote for this song.',
    });
  });

  it('takes votes on open requests only (approved, played and declined show the count)', () => {
    renderSections();
    expect(screen.queryByRole('button', { name: /vote for (First|Second|Third)/i })).toBeNull();
    expect(screen.getByLabelText('5 votes')).toBeVisible();
  });

  it('lets a member with votes left vote', async () => {
    const { onToggleVote } = renderSections({ votedIds: new Set(['1']) });
    await userEvent.click(screen.getByRole('button', { name: /^Vote for Fifth, 0 votes/ }));
    expect(onToggleVote).toHaveBeenCalledWith(songs[4], false);
  });

  it('offers admins the moves from each state', async () => {
    const { onSetStatus } = renderSections({ isAdmin: true });
    const group = screen.getByRole('group', { name: 'Set status of Fourth' });
    expect(
      within(group)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Approve', 'Play Now', 'Played', 'Decline']);
    await userEvent.click(within(group).getByRole('button', { name: 'Played' }));
    expect(onSetStatus).toHaveBeenCalledWith(songs[3], 'played');
    await userEvent.click(within(group).getByRole('button', { name: 'Play Now' }));
    expect(onSetStatus).toHaveBeenCalledWith(songs[3], 'playing');
    // An Up Next request can go back to the requests; a played one has no moves left.
    const approved = screen.getByRole('group', { name: 'Set status of First' });
    expect(within(approved).getByRole('button', { name: 'Back to Requests' })).toBeEnabled();
    expect(screen.queryByRole('group', { name: 'Set status of Second' })).toBeNull();
  });

  it('members get no status controls', () => {
    renderSections();
    expect(screen.queryByRole('button', { name: 'Approve' })).not.toBeInTheDocument();
  });

  it('shows the empty state when nothing was requested tonight', () => {
    renderSections({ requests: [], hasAnyRequests: false });
    expect(screen.getByText('Silence is Golden... But Music is Better!')).toBeVisible();
    expect(screen.queryByRole('region', { name: 'Trending Now' })).not.toBeInTheDocument();
  });

  it('says when the search matches nothing', () => {
    renderSections({ requests: [], search: 'metallica' });
    expect(screen.getByRole('status')).toHaveTextContent('No requests match “metallica”');
  });
});

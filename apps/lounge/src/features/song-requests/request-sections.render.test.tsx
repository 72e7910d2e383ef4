import { render } from '@testing-library/react';
import type { SongRequest } from '@bistro/data';
import { RequestSections } from './request-sections';
import { statusView } from './request-status';

// statusView runs once per row render: counting its calls counts row renders.
vi.mock('./request-status', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./request-status')>();
  return { ...actual, statusView: vi.fn(actual.statusView) };
});

const rows = (n: number): SongRequest[] =>
  Array.from({ length: n }, (_, i) => ({
    id: `r${i}`,
    song_title: `Song ${i}`,
    artist: 'Artist',
    user_id: 'u',
    requested_by_name: 'Leo',
    status: 'pending',
    vote_count: n - i,
    event_date: '2026-01-14',
    created_at: new Date(Date.UTC(2026, 0, 15, 1, i)).toISOString(),
    song_key: null,
    queue_position: null,
    played_at: null,
  }));

describe('RequestSections re-renders', () => {
  it('a poll that changes one row re-renders that row only', () => {
    const props = {
      hasAnyRequests: true,
      search: '',
      votedIds: new Set<string>(),
      pendingVoteIds: new Set<string>(),
      pendingStatusIds: new Set<string>(),
      isAdmin: false,
      onToggleVote: () => undefined,
      onSetStatus: () => undefined,
    };
    const first = rows(50);
    const view = render(<RequestSections {...props} requests={first} />);
    const renders = vi.mocked(statusView);
    expect(renders).toHaveBeenCalledTimes(50);

    // What react-query's structural sharing hands over after a poll: a new
    // array, the unchanged rows still the same objects, one row replaced.
    renders.mockClear();
    const next = [...first];
    next[20] = { ...first[20]!, status: 'played' };
    view.rerender(<RequestSections {...props} requests={next} />);
    expect(renders).toHaveBeenCalledTimes(1);
    expect(renders).toHaveBeenCalledWith('played');
  });
});

import { act, renderHook, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { SongRequest } from '../song-requests/song-requests-query';
import { songRequestKeys } from '../song-requests/keys';
import { djKeys } from '../djs/keys';
import { djRatingKeys } from '../dj-ratings/keys';
import { songVoteKeys } from '../song-votes/keys';
import { pollIntervalFor } from './constants';
import { useLoungeLive } from './use-lounge-live';

type Listener = (message: { payload?: unknown }) => void;
type StatusCallback = (status: string) => void;

/** A stand-in for realtime-js: records joins and lets the test deliver broadcasts. */
const fake = vi.hoisted(() => {
  const channels = new Map<
    string,
    { config: unknown; listeners: Map<string, Listener>; status?: StatusCallback }
  >();
  const realtime = {
    setAuth: vi.fn(async () => undefined),
    channel: vi.fn((topic: string, options: { config: unknown }) => {
      const entry = { config: options.config, listeners: new Map<string, Listener>() } as {
        config: unknown;
        listeners: Map<string, Listener>;
        status?: StatusCallback;
      };
      channels.set(topic, entry);
      const channel = {
        on: (_type: string, filter: { event: string }, listener: Listener) => {
          entry.listeners.set(filter.event, listener);
          return channel;
        },
        subscribe: (callback: StatusCallback) => {
          entry.status = callback;
          return channel;
        },
      };
      return channel;
    }),
    removeChannel: vi.fn(async () => 'ok'),
  };
  return { channels, realtime };
});

vi.mock('../lib/supabase-client', () => ({
  isSupabaseConfigured: () => true,
  getRealtime: async () => fake.realtime,
  onAuthStateChange: () => () => undefined,
}));

const request = (id: string, extra: Partial<SongRequest> = {}): SongRequest => ({
  id,
  song_title: `Song ${id}`,
  artist: 'Band',
  user_id: 'u1',
  requested_by_name: 'Maya',
  status: 'pending',
  vote_count: 0,
  event_date: '2026-01-14',
  created_at: new Date().toISOString(),
  song_key: `song ${id} | band`,
  queue_position: null,
  played_at: null,
  ...extra,
});

function setup(onMyRequestPlaying = vi.fn()) {
  const client = new QueryClient();
  client.setQueryData(songRequestKeys.tonight('2026-01-14'), [request('1'), request('2')]);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useLoungeLive({ userId: 'member-1', onMyRequestPlaying }), {
    wrapper,
  });
  return { client, hook, onMyRequestPlaying };
}

const deliver = (topic: string, event: string, payload: unknown) =>
  act(() => fake.channels.get(topic)?.listeners.get(event)?.({ payload }));
const setStatus = (topic: string, status: string) =>
  act(() => fake.channels.get(topic)?.status?.(status));
const list = (client: QueryClient) =>
  client.getQueryData<SongRequest[]>(songRequestKeys.tonight('2026-01-14'));

describe('useLoungeLive', () => {
  beforeEach(() => {
    fake.channels.clear();
    vi.clearAllMocks();
  });

  it('joins the lounge and the member’s own topic as private channels, after setAuth', async () => {
    const { hook } = setup();
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    await waitFor(() => expect(fake.channels.has('user:member-1')).toBe(true));
    expect(fake.realtime.setAuth).toHaveBeenCalled();
    expect(fake.channels.get('lounge:requests')?.config).toEqual({ private: true });
    expect(hook.result.current).toBe('connecting');
    setStatus('lounge:requests', 'SUBSCRIBED');
    expect(hook.result.current).toBe('live');
    expect(pollIntervalFor(hook.result.current)).toBe(30_000);
    setStatus('lounge:requests', 'CHANNEL_ERROR');
    expect(hook.result.current).toBe('down');
    expect(pollIntervalFor(hook.result.current)).toBe(5_000);
  });

  it('patches the cached list from the payloads, without refetching', async () => {
    const { client } = setup();
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    deliver('lounge:requests', 'request_upsert', { request: request('2', { vote_count: 4 }) });
    deliver('lounge:requests', 'request_upsert', { request: request('3') });
    expect(list(client)?.map((r) => [r.id, r.vote_count])).toEqual([
      ['1', 0],
      ['2', 4],
      ['3', 0],
    ]);
    deliver('lounge:requests', 'request_removed', { id: '1' });
    expect(list(client)?.map((r) => r.id)).toEqual(['2', '3']);
    // a request older than the list's 6 hours is not added
    deliver('lounge:requests', 'request_upsert', {
      request: request('4', { created_at: new Date(Date.now() - 7 * 3_600_000).toISOString() }),
    });
    expect(list(client)?.map((r) => r.id)).toEqual(['2', '3']);
    // a malformed payload changes nothing
    deliver('lounge:requests', 'request_upsert', { request: { id: 'x' } });
    expect(list(client)).toHaveLength(2);
    expect(refetch).not.toHaveBeenCalled();
  });

  it('replaces a list fetch in flight when a change arrives (it would bring the old rows back)', async () => {
    const { client } = setup();
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    const key = songRequestKeys.tonight('2026-01-14');
    const answers: ((rows: SongRequest[]) => void)[] = [];
    const queryFn = vi.fn(() => new Promise<SongRequest[]>((resolve) => answers.push(resolve)));
    void client.fetchQuery({ queryKey: key, queryFn, staleTime: 0 }).catch(() => undefined);
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(1));
    deliver('lounge:requests', 'request_upsert', { request: request('2', { vote_count: 7 }) });
    await waitFor(() => expect(queryFn).toHaveBeenCalledTimes(2));
    // the fetch from before the change answers late with the old rows; the new one with the change
    answers[0]?.([request('1'), request('2')]);
    answers[1]?.([request('1'), request('2', { vote_count: 7 })]);
    await waitFor(() => expect(list(client)?.find((r) => r.id === '2')?.vote_count).toBe(7));
  });

  it('updates the live DJ and tonight’s reviews', async () => {
    const { client } = setup();
    const dj = {
      id: 'dj1',
      name: 'DJ Nova',
      bio: null,
      genre_specialties: [],
      average_rating: 4,
      total_ratings: 1,
      is_active: true,
      created_at: '2026-01-01T00:00:00Z',
    };
    client.setQueryData(djKeys.live(), dj);
    client.setQueryData(djRatingKeys.forDate('dj1', '2026-01-14'), { ratings: [], total: 0 });
    client.setQueryData(djRatingKeys.liveTonight('2026-01-14'), {
      djId: 'dj1',
      ratings: [],
      total: 0,
    });
    client.setQueryData(djRatingKeys.liveTonight('2026-01-13'), {
      djId: 'dj1',
      ratings: [],
      total: 0,
    });
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    deliver('lounge:requests', 'dj_upsert', {
      dj: { ...dj, average_rating: 4.5, total_ratings: 2 },
    });
    expect(client.getQueryData(djKeys.live())).toMatchObject({ total_ratings: 2 });
    deliver('lounge:requests', 'review_added', {
      review: {
        id: 'rv1',
        dj_id: 'dj1',
        user_id: 'u9',
        rating: 5,
        comment: 'Great set',
        performance_date: '2026-01-14',
        rated_on: '2026-01-14',
        created_at: '2026-01-15T02:00:00Z',
      },
    });
    expect(client.getQueryData(djRatingKeys.forDate('dj1', '2026-01-14'))).toMatchObject({
      total: 1,
      ratings: [{ id: 'rv1', comment: 'Great set' }],
    });
    expect(client.getQueryData(djRatingKeys.liveTonight('2026-01-14'))).toMatchObject({
      djId: 'dj1',
      total: 1,
      ratings: [{ id: 'rv1', comment: 'Great set' }],
    });
    expect(client.getQueryData(djRatingKeys.liveTonight('2026-01-13'))).toMatchObject({
      total: 0,
    });
    deliver('lounge:requests', 'review_removed', { id: 'rv1' });
    expect(client.getQueryData(djRatingKeys.liveTonight('2026-01-14'))).toEqual({
      djId: 'dj1',
      ratings: [],
      total: 0,
    });
  });

  it('tells the member when their request starts playing', async () => {
    const { onMyRequestPlaying } = setup();
    await waitFor(() => expect(fake.channels.has('user:member-1')).toBe(true));
    deliver('user:member-1', 'request_playing', {
      request: request('1', { status: 'playing', song_title: 'Halo', artist: 'Beyonce' }),
    });
    expect(onMyRequestPlaying).toHaveBeenCalledWith({
      id: '1',
      song_title: 'Halo',
      artist: 'Beyonce',
    });
  });

  it('catches up once when the channel is back after being down', async () => {
    const { client } = setup();
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    setStatus('lounge:requests', 'SUBSCRIBED');
    expect(refetch).not.toHaveBeenCalled();
    setStatus('lounge:requests', 'TIMED_OUT');
    setStatus('lounge:requests', 'SUBSCRIBED');
    await waitFor(() => expect(refetch).toHaveBeenCalledWith({ queryKey: djRatingKeys.all }));
    expect(refetch.mock.calls.map(([filters]) => filters?.queryKey)).toEqual([
      songRequestKeys.all,
      songVoteKeys.all,
      djKeys.live(),
      djRatingKeys.all,
    ]);
  });

  it('joins only once asked to, then catches up on that first join', async () => {
    const client = new QueryClient();
    const wrapper = ({ children }: { children: ReactNode }) => (
      <QueryClientProvider client={client}>{children}</QueryClientProvider>
    );
    const hook = renderHook(({ join }) => useLoungeLive({ userId: 'member-1', join }), {
      wrapper,
      initialProps: { join: false },
    });
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(fake.realtime.channel).not.toHaveBeenCalled();
    expect(hook.result.current).toBe('connecting');
    hook.rerender({ join: true });
    await waitFor(() => expect(fake.channels.has('lounge:requests')).toBe(true));
    await waitFor(() => expect(fake.channels.has('user:member-1')).toBe(true));
    const refetch = vi.spyOn(client, 'invalidateQueries');
    setStatus('lounge:requests', 'SUBSCRIBED');
    expect(hook.result.current).toBe('live');
    await waitFor(() => expect(refetch).toHaveBeenCalledWith({ queryKey: djRatingKeys.all }));
    expect(refetch).toHaveBeenCalledWith({ queryKey: songRequestKeys.all });
    // once only: a later join without an outage fetches nothing
    refetch.mockClear();
    setStatus('lounge:requests', 'SUBSCRIBED');
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 20));
    });
    expect(refetch).not.toHaveBeenCalled();
  });

  it('leaves its channels when unmounted', async () => {
    const { hook } = setup();
    await waitFor(() => expect(fake.channels.has('user:member-1')).toBe(true));
    hook.unmount();
    await waitFor(() => expect(fake.realtime.removeChannel).toHaveBeenCalledTimes(2));
  });
});

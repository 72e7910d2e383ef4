// @vitest-environment node
import { splitQueue, type QueuedRequest } from './queue';

const r = (id: string, status: string, extra: Partial<QueuedRequest> = {}): QueuedRequest => ({
  id,
  song_title: `Song ${id}`,
  artist: 'Band',
  vote_count: 0,
  created_at: `2026-01-15T01:0${id}:00Z`,
  status,
  queue_position: null,
  played_at: null,
  ...extra,
});

describe('splitQueue', () => {
  it('puts each request in its section, in the room’s order', () => {
    const q = splitQueue([
      r('1', 'pending', { vote_count: 1 }),
      r('2', 'approved', { queue_position: 2 }),
      r('3', 'approved', { queue_position: 1 }),
      r('4', 'playing'),
      r('5', 'played', { played_at: '2026-01-15T02:00:00Z' }),
      r('6', 'played', { played_at: '2026-01-15T03:00:00Z' }),
      r('7', 'pending', { vote_count: 4 }),
      r('8', 'declined'),
      r('9', 'queued'),
    ]);
    expect(q.nowPlaying?.id).toBe('4');
    expect(q.upNext.map((x) => x.id)).toEqual(['3', '2']);
    expect(q.open.map((x) => x.id)).toEqual(['7', '1', '9']);
    expect(q.played.map((x) => x.id)).toEqual(['6', '5']);
  });

  it('has no Now Playing when nothing plays', () => {
    expect(splitQueue([r('1', 'pending')]).nowPlaying).toBeNull();
  });
});

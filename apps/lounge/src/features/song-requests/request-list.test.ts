// @vitest-environment node
import { filterRequests, orderRequests, splitTrending, type ListedRequest } from './request-list';

const req = (id: string, song_title: string, artist: string, vote_count: number, minute: number) =>
  ({
    id,
    song_title,
    artist,
    vote_count,
    created_at: new Date(Date.UTC(2026, 0, 15, 1, minute)).toISOString(),
  }) satisfies ListedRequest;

const list = [
  req('a', 'Blinding Lights', 'The Weeknd', 2, 10),
  req('b', 'Titi Me Pregunto', 'Bad Bunny', 0, 20),
  req('c', 'Crazy in Love', 'Beyoncé', 1, 30),
  req('d', 'September', 'Earth, Wind & Fire', 1, 5),
  req('e', 'Save Your Tears', 'The Weeknd', 0, 1),
];

describe('filterRequests', () => {
  it('keeps everything for a blank search, without copying', () => {
    expect(filterRequests(list, '')).toBe(list);
    expect(filterRequests(list, '   ')).toBe(list);
  });

  it('matches a case-insensitive substring of the title', () => {
    expect(filterRequests(list, 'LIGHTS').map((r) => r.id)).toEqual(['a']);
    expect(filterRequests(list, 'in lo').map((r) => r.id)).toEqual(['c']);
  });

  it('matches a substring of the artist and ignores surrounding spaces', () => {
    expect(filterRequests(list, '  weeknd ').map((r) => r.id)).toEqual(['a', 'e']);
    expect(filterRequests(list, 'wind &').map((r) => r.id)).toEqual(['d']);
  });

  it('returns nothing when nothing matches', () => {
    expect(filterRequests(list, 'metallica')).toEqual([]);
  });
});

describe('orderRequests and splitTrending', () => {
  it('orders by votes descending, then oldest first', () => {
    expect(orderRequests(list).map((r) => r.id)).toEqual(['a', 'd', 'c', 'e', 'b']);
  });

  it('does not mutate its input', () => {
    const copy = [...list];
    orderRequests(list);
    expect(list).toEqual(copy);
  });

  it('puts the top 3 in trending and the rest in all requests', () => {
    const { trending, rest } = splitTrending(orderRequests(list));
    expect(trending.map((r) => r.id)).toEqual(['a', 'd', 'c']);
    expect(rest.map((r) => r.id)).toEqual(['e', 'b']);
  });

  it('trends the top 3 of the filtered list', () => {
    const { trending, rest } = splitTrending(orderRequests(filterRequests(list, 'the')));
    // only the two 'The Weeknd' songs contain 'the'
    expect(trending.map((r) => r.id)).toEqual(['a', 'e']);
    expect(rest).toEqual([]);
  });

  it('handles fewer than 3 and an empty list', () => {
    expect(splitTrending([])).toEqual({ trending: [], rest: [] });
    expect(splitTrending(list.slice(0, 2)).rest).toEqual([]);
  });
});

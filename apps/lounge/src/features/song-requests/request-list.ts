/** The fields the lounge's list rules read. */
export interface ListedRequest {
  id: string;
  song_title: string;
  artist: string;
  vote_count: number;
  created_at: string;
}

/** 'Trending Now' shows the 3 requests with the most votes. */
export const TRENDING_COUNT = 3;

/** Case-insensitive substring match on title or artist; a blank search keeps everything. */
export function filterRequests<T extends ListedRequest>(
  requests: readonly T[],
  search: string,
): T[] {
  const needle = search.trim().toLocaleLowerCase();
  if (!needle) return requests as T[];
  return requests.filter(
    (r) =>
      r.song_title.toLocaleLowerCase().includes(needle) ||
      r.artist.toLocaleLowerCase().includes(needle),
  );
}

/** Most voted first, then the oldest request first (the server's order, kept stable). */
export function compareRequests(a: ListedRequest, b: ListedRequest): number {
  if (a.vote_count !== b.vote_count) return b.vote_count - a.vote_count;
  const byTime = Date.parse(a.created_at) - Date.parse(b.created_at);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

export function orderRequests<T extends ListedRequest>(requests: readonly T[]): T[] {
  return [...requests].sort(compareRequests);
}

/** 'Trending Now' (the top 3 of the filtered, ordered list) and 'All Requests' (the rest). */
export function splitTrending<T extends ListedRequest>(
  ordered: readonly T[],
  count: number = TRENDING_COUNT,
): { trending: T[]; rest: T[] } {
  return { trending: ordered.slice(0, count), rest: ordered.slice(count) };
}

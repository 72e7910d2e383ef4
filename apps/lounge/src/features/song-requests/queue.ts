import { orderRequests, type ListedRequest } from './request-list';

/** The fields the queue reads besides the list's. */
export interface QueuedRequest extends ListedRequest {
  status: string;
  queue_position: number | null;
  played_at: string | null;
}

export interface Queue<T> {
  /** The request playing now (one at a time), or null. */
  nowPlaying: T | null;
  /** Approved requests in the staff's order. */
  upNext: T[];
  /** Open requests, most voted first (Trending Now and All Requests). */
  open: T[];
  /** Played tonight, the latest first. */
  played: T[];
}

const time = (iso: string | null) => (iso ? Date.parse(iso) : 0);

/**
 * Tonight's requests as the room sees them. Declined requests never reach
 * members (the database hides them); if one is in the list (staff), it is
 * left out of every section. Any other status counts as open.
 */
export function splitQueue<T extends QueuedRequest>(requests: readonly T[]): Queue<T> {
  const playing: T[] = [];
  const upNext: T[] = [];
  const open: T[] = [];
  const played: T[] = [];
  for (const r of requests) {
    if (r.status === 'playing') playing.push(r);
    else if (r.status === 'approved') upNext.push(r);
    else if (r.status === 'played') played.push(r);
    else if (r.status !== 'declined') open.push(r);
  }
  upNext.sort(
    (a, b) =>
      (a.queue_position ?? Number.MAX_SAFE_INTEGER) - (b.queue_position ?? Number.MAX_SAFE_INTEGER),
  );
  played.sort((a, b) => time(b.played_at) - time(a.played_at));
  playing.sort((a, b) => time(b.created_at) - time(a.created_at));
  return { nowPlaying: playing[0] ?? null, upNext, open: orderRequests(open), played };
}

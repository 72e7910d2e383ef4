import type { Query, QueryClient, QueryKey } from '@tanstack/react-query';
import type { SongRequest } from './song-requests-query';
import { songRequestKeys } from './keys';
import { SONG_REQUEST_VISIBLE_HOURS } from './constants';

/**
 * A patch can race a fetch of the same list that started before the change
 * was committed: when that fetch lands it would put the old rows back. So if
 * one is in flight, it is replaced by a new fetch (which sees the change).
 * Only then is a list fetched because of a change; otherwise the patch is all.
 */
function refetchIfFetching(client: QueryClient, queryKey: QueryKey): void {
  const inFlight = { queryKey, predicate: (q: Query) => q.state.fetchStatus === 'fetching' };
  if (client.isFetching(inFlight) > 0) {
    void client.refetchQueries(inFlight, { cancelRefetch: true });
  }
}

/**
 * Puts a request into tonight's cached list (replacing the row with its id;
 * a new one only if it is recent enough to be listed), or takes it out when
 * it is declined. Lists not loaded yet are left alone:
 * they load whole when first shown.
 */
export function upsertTonightsRequest(client: QueryClient, request: SongRequest): void {
  const queryKey = songRequestKeys.tonight(request.event_date);
  client.setQueryData<SongRequest[]>(queryKey, (old) => {
    if (!old) return old;
    if (request.status === 'declined') return old.filter((r) => r.id !== request.id);
    const at = old.findIndex((r) => r.id === request.id);
    if (at === -1) {
      // the list shows requests of the last 6 hours only: an older one stays out
      const since = Date.now() - SONG_REQUEST_VISIBLE_HOURS * 3_600_000;
      return Date.parse(request.created_at) < since ? old : [...old, request];
    }
    const next = old.slice();
    next[at] = request;
    return next;
  });
  refetchIfFetching(client, queryKey);
}

/** Takes a request out of every cached list of tonight's requests. */
export function removeRequest(client: QueryClient, id: string): void {
  client.setQueriesData<SongRequest[]>({ queryKey: songRequestKeys.all }, (old) =>
    old && old.some((r) => r.id === id) ? old.filter((r) => r.id !== id) : old,
  );
  refetchIfFetching(client, songRequestKeys.all);
}

import type { QueryClient } from '@tanstack/react-query';
import type { SongRequest } from './song-requests-query';
import { songRequestKeys } from './keys';
import { SONG_REQUEST_VISIBLE_HOURS } from './constants';

/**
 * Puts a request into tonight's cached list (replacing the row with its id;
 * a new one only if it is recent enough to be listed), or takes it out when
 * it is declined. Lists not loaded yet are left alone:
 * they load whole when first shown.
 */
export function upsertTonightsRequest(client: QueryClient, request: SongRequest): void {
  client.setQueryData<SongRequest[]>(songRequestKeys.tonight(request.event_date), (old) => {
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
}

/** Takes a request out of every cached list of tonight's requests. */
export function removeRequest(client: QueryClient, id: string): void {
  client.setQueriesData<SongRequest[]>({ queryKey: songRequestKeys.all }, (old) =>
    old && old.some((r) => r.id === id) ? old.filter((r) => r.id !== id) : old,
  );
}

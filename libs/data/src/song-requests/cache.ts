import type { QueryClient } from '@tanstack/react-query';
import type { SongRequest } from './song-requests-query';
import { songRequestKeys } from './keys';

/**
 * Puts a request into tonight's cached list (replacing the row with its id),
 * or takes it out when it is declined. Lists not loaded yet are left alone:
 * they load whole when first shown.
 */
export function upsertTonightsRequest(client: QueryClient, request: SongRequest): void {
  client.setQueryData<SongRequest[]>(songRequestKeys.tonight(request.event_date), (old) => {
    if (!old) return old;
    if (request.status === 'declined') return old.filter((r) => r.id !== request.id);
    const at = old.findIndex((r) => r.id === request.id);
    if (at === -1) return [...old, request];
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

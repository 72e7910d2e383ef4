import { useMemo } from 'react';
import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import type { Tables } from '../database.types';
import type { Dj } from '../djs/djs-query';
import { djKeys } from '../djs/keys';
import type { DjRating, DjRatingsPage, LiveDjRatingsPage } from '../dj-ratings/dj-ratings-query';
import { djRatingKeys } from '../dj-ratings/keys';
import { DJ_REVIEWS_FETCHED } from '../dj-ratings/dj-ratings-query';
import { removeRequest, upsertTonightsRequest } from '../song-requests/cache';
import type { SongRequest } from '../song-requests/song-requests-query';
import { songRequestKeys } from '../song-requests/keys';
import { songVoteKeys } from '../song-votes/keys';
import { nextTask } from '../lib/scheduling';
import { loungeTopics } from './constants';
import {
  useRealtimeChannel,
  type BroadcastHandlers,
  type LiveStatus,
} from './use-realtime-channel';

const isRecord = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object';
const hasId = (v: unknown): v is Record<string, unknown> & { id: string } =>
  isRecord(v) && typeof v['id'] === 'string';

function isRequest(v: unknown): v is SongRequest {
  return (
    hasId(v) &&
    typeof v['song_title'] === 'string' &&
    typeof v['event_date'] === 'string' &&
    typeof v['vote_count'] === 'number' &&
    typeof v['status'] === 'string'
  );
}

function isDj(v: unknown): v is Dj {
  return hasId(v) && typeof v['name'] === 'string' && typeof v['is_active'] === 'boolean';
}

function isReview(v: unknown): v is DjRating {
  return (
    hasId(v) &&
    typeof v['dj_id'] === 'string' &&
    typeof v['rating'] === 'number' &&
    typeof v['performance_date'] === 'string'
  );
}

/** Applies a changed DJ to the lounge's live DJ (the first active DJ by name). */
function applyDj(client: QueryClient, dj: Dj): void {
  const live = client.getQueryData<Dj | null>(djKeys.live());
  if (live === undefined) return;
  if (live?.id === dj.id) {
    if (dj.is_active) client.setQueryData(djKeys.live(), dj);
    else void client.invalidateQueries({ queryKey: djKeys.live() });
  } else if (dj.is_active && (live === null || dj.name.localeCompare(live.name) < 0)) {
    client.setQueryData(djKeys.live(), dj);
  }
}

/** A ratings page with a new review on top (once), still at most 5. */
function withReview<T extends DjRatingsPage>(old: T | undefined, review: DjRating): T | undefined {
  return !old || old.ratings.some((r) => r.id === review.id)
    ? old
    : {
        ...old,
        ratings: [review, ...old.ratings].slice(0, DJ_REVIEWS_FETCHED),
        total: old.total + 1,
      };
}

function addReview(client: QueryClient, review: DjRating): void {
  client.setQueryData<DjRatingsPage>(
    djRatingKeys.forDate(review.dj_id, review.performance_date),
    (old) => withReview(old, review),
  );
  // the live DJ's night, when the review is for that DJ
  client.setQueryData<LiveDjRatingsPage>(
    djRatingKeys.liveTonight(review.performance_date),
    (old) => (old?.djId === review.dj_id ? withReview(old, review) : old),
  );
}

export function removeReview(client: QueryClient, id: string): void {
  // every cached page of ratings (other answers under the same root, such as whether the
  // member has rated tonight, are left as they are)
  client.setQueriesData<DjRatingsPage>({ queryKey: djRatingKeys.all }, (old) =>
    typeof old === 'object' &&
    old !== null &&
    'ratings' in old &&
    old.ratings.some((r) => r.id === id)
      ? {
          ...old,
          ratings: old.ratings.filter((r) => r.id !== id),
          total: Math.max(old.total - 1, 0),
        }
      : old,
  );
}

/** What the lounge shows that a broadcast may change, the request list first. */
const loungeLists = [songRequestKeys.all, songVoteKeys.all, djKeys.live(), djRatingKeys.all];

/**
 * Fetches the lounge's lists again (for what changed while no broadcast could
 * reach the page), each in a task of its own and none inside the socket's
 * message: marking a list stale and starting its fetch updates every observer
 * of it, and the four together were one long task on a phone.
 */
async function refetchLounge(client: QueryClient): Promise<void> {
  for (const queryKey of loungeLists) {
    await nextTask();
    void client.invalidateQueries({ queryKey });
  }
}

/** What the member's request notice carries. */
export type PlayingRequest = Pick<Tables<'song_requests'>, 'id' | 'song_title' | 'artist'>;

export interface LoungeLiveOptions {
  /** The signed-in member (their own topic carries "your request is playing"). */
  userId: string | undefined;
  /** Called when one of the member's requests starts playing. */
  onMyRequestPlaying?: (request: PlayingRequest) => void;
  /**
   * False holds the channels (and the realtime client's download) back, e.g.
   * until the page's content is on screen; when they join later, the cached
   * lists are fetched once more for what changed before. Default true.
   */
  join?: boolean;
}

/**
 * The lounge's live updates: joins 'lounge:requests' and the member's own
 * topic and patches the cached request list, the live DJ and tonight's
 * reviews from each broadcast's payload (no refetch per change). Returns the
 * channel status: while 'live' the page may poll slowly; when 'down' it polls
 * every 5 s and says that updates are delayed. After being down, and on a
 * first join that was held back (`join`), it refetches once, for what it missed.
 */
export function useLoungeLive({
  userId,
  onMyRequestPlaying,
  join = true,
}: LoungeLiveOptions): LiveStatus {
  const client = useQueryClient();
  const handlers = useMemo<BroadcastHandlers>(
    () => ({
      request_upsert: (p) => {
        if (isRequest(p['request'])) upsertTonightsRequest(client, p['request']);
      },
      request_removed: (p) => {
        if (typeof p['id'] === 'string') removeRequest(client, p['id']);
      },
      dj_upsert: (p) => {
        if (isDj(p['dj'])) applyDj(client, p['dj']);
      },
      dj_removed: (p) => {
        const live = client.getQueryData<Dj | null>(djKeys.live());
        if (live && live.id === p['id']) void client.invalidateQueries({ queryKey: djKeys.live() });
      },
      review_added: (p) => {
        if (isReview(p['review'])) addReview(client, p['review']);
      },
      review_removed: (p) => {
        if (typeof p['id'] === 'string') removeReview(client, p['id']);
      },
    }),
    [client],
  );
  const catchUp = () => void refetchLounge(client);
  const status = useRealtimeChannel(loungeTopics.requests, handlers, catchUp, { join });

  // handlers are read at delivery time, so the latest callback is used without a rejoin
  useRealtimeChannel(
    userId ? loungeTopics.user(userId) : null,
    {
      request_playing: (p) => {
        const r = p['request'];
        if (hasId(r) && typeof r['song_title'] === 'string' && typeof r['artist'] === 'string') {
          onMyRequestPlaying?.({ id: r.id, song_title: r['song_title'], artist: r['artist'] });
        }
      },
    },
    undefined,
    { join },
  );
  return status;
}

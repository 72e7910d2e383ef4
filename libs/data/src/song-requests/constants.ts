import { BUSINESS_RULES } from '../business-rules';

export { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';
/** Requests dated tonight and created within this many hours are shown. */
export const SONG_REQUEST_VISIBLE_HOURS = 6;
/**
 * pending: open for votes (Requests); approved: Up Next, in the staff's order;
 * playing: Now Playing (one at a time); played: Played Tonight; declined: seen
 * by staff only.
 */
export const SONG_REQUEST_STATUSES = [
  'pending',
  'approved',
  'playing',
  'played',
  'declined',
] as const;
export type SongRequestStatus = (typeof SONG_REQUEST_STATUSES)[number];
/**
 * Songs a member may request per night: the database's
 * private.requests_per_night(), which refuses one more (generated into
 * business-rules.ts).
 */
export const REQUESTS_PER_NIGHT = BUSINESS_RULES.requests_per_night;
/** The token in the hint of the database's refusal of a request over the nightly limit (P0001). */
export const REQUEST_LIMIT_HINT = 'request_limit_reached';

export { LOUNGE_POLL_INTERVAL_MS } from '../lib/polling';
/** Requests dated tonight and created within this many hours are shown. */
export const SONG_REQUEST_VISIBLE_HOURS = 6;
export const SONG_REQUEST_STATUSES = ['pending', 'approved', 'played', 'declined'] as const;
export type SongRequestStatus = (typeof SONG_REQUEST_STATUSES)[number];

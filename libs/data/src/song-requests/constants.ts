/** How often the lounge refreshes its request list, votes and ratings. */
export const LOUNGE_POLL_INTERVAL_MS = 5_000;
/** Requests dated tonight and created within this many hours are shown. */
export const SONG_REQUEST_VISIBLE_HOURS = 6;
export const SONG_REQUEST_STATUSES = ['pending', 'approved', 'played', 'declined'] as const;
export type SongRequestStatus = (typeof SONG_REQUEST_STATUSES)[number];

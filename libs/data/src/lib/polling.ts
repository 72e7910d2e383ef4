/** How often the lounge refreshes its request list, votes and ratings when nothing pushes changes. */
export const LOUNGE_POLL_INTERVAL_MS = 5_000;

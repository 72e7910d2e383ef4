/**
 * No-shows: at start and then every NO_SHOWS_INTERVAL_MS (15 minutes by default), private.mark_no_shows marks the approved event
 * bookings and booked dinner reservations of every night that is over (the venue's no-show time
 * on the next morning has passed) that nobody arrived for. Marking is idempotent: each process
 * of a cluster may run it, and a run marks only what an earlier run did not.
 */
import type { Queryable } from '../db/types.js';

export interface NoShowsJob {
  /** Marks now; answers the bookings and reservations marked. */
  runNow(): Promise<number>;
  stop(): void;
}

export function startNoShows(
  db: Queryable,
  warn: (m: string) => void,
  intervalMs: number,
): NoShowsJob {
  const runNow = async () => {
    const { rows } = await db.query<{ marked: number }>(`select private.mark_no_shows() as marked`);
    return rows[0]?.marked ?? 0;
  };
  const run = () =>
    void runNow().catch((e: unknown) =>
      warn(`no-shows failed: ${e instanceof Error ? e.message : String(e)}`),
    );
  run();
  const timer = setInterval(run, intervalMs);
  timer.unref();
  return { runNow, stop: () => clearInterval(timer) };
}

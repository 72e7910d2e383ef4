import type { Scheduler } from './scheduler';

interface Pending {
  id: number;
  at: number;
  callback: () => void;
}

export interface ManualScheduler extends Scheduler {
  /** Milliseconds since the scheduler was created, as far as it knows. */
  readonly now: number;
  /** Moves time on by `ms`, running every callback that falls due, in order. */
  advance(ms: number): void;
  /** How many callbacks are waiting. */
  readonly pendingCount: number;
}

/**
 * A clock that only moves when told to: the games' state machines run on it in
 * unit tests, so a 15 s countdown is checked without waiting 15 s.
 */
export function createManualScheduler(): ManualScheduler {
  let now = 0;
  let nextId = 1;
  let pending: Pending[] = [];

  return {
    get now() {
      return now;
    },
    get pendingCount() {
      return pending.length;
    },
    after(ms, callback) {
      const entry: Pending = { id: nextId++, at: now + Math.max(0, ms), callback };
      pending.push(entry);
      return () => {
        pending = pending.filter((p) => p.id !== entry.id);
      };
    },
    advance(ms) {
      const target = now + ms;
      for (;;) {
        // Earliest due first; ties in the order they were scheduled.
        const due = pending
          .filter((p) => p.at <= target)
          .sort((a, b) => a.at - b.at || a.id - b.id)[0];
        if (!due) break;
        pending = pending.filter((p) => p.id !== due.id);
        now = due.at;
        due.callback();
      }
      now = target;
    },
  };
}

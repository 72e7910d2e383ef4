/** Cancels a scheduled callback; calling it after the callback ran does nothing. */
export type Cancel = () => void;

/**
 * Where game timers come from. The games take one as a dependency so their
 * rules are tested with a manual clock instead of waiting real seconds.
 */
export interface Scheduler {
  /** Runs `callback` once, `ms` milliseconds from now. */
  after(ms: number, callback: () => void): Cancel;
}

/** The real clock (the browser's setTimeout). */
export const browserScheduler: Scheduler = {
  after(ms, callback) {
    const id = globalThis.setTimeout(callback, ms);
    return () => globalThis.clearTimeout(id);
  },
};

import type { Cancel, Scheduler } from './scheduler';

/** A timer a state asks for: after `ms`, `event()` is sent to the machine. */
export interface MachineTimer<E> {
  /** Identifies the wait; while the key stays the same the running timer is kept. */
  key: string;
  ms: number;
  event: () => E;
}

/**
 * A game's rules: a pure reducer plus the timer each state waits on. Neither
 * touches a clock; `createMachine` runs them on an injected scheduler.
 */
export interface MachineDefinition<S, E> {
  initial: S;
  reduce(state: S, event: E): S;
  timer(state: S): MachineTimer<E> | null;
}

export interface Machine<S, E> {
  getState(): S;
  send(event: E): void;
  subscribe(listener: () => void): () => void;
  /** Cancels the pending timer (the page went away). */
  dispose(): void;
  /** Schedules the current state's timer again after `dispose` (the page came back). */
  resume(): void;
}

/**
 * Runs a definition: every state change is published to subscribers, and the
 * timer the new state asks for is (re)scheduled, replacing the previous one
 * when its key differs.
 */
export function createMachine<S, E>(
  definition: MachineDefinition<S, E>,
  scheduler: Scheduler,
): Machine<S, E> {
  let state = definition.initial;
  let timerKey: string | null = null;
  let cancelTimer: Cancel | null = null;
  const listeners = new Set<() => void>();

  function clearTimer() {
    cancelTimer?.();
    cancelTimer = null;
    timerKey = null;
  }

  function syncTimer() {
    const timer = definition.timer(state);
    if (timer?.key === timerKey) return;
    clearTimer();
    if (!timer) return;
    timerKey = timer.key;
    cancelTimer = scheduler.after(timer.ms, () => {
      cancelTimer = null;
      timerKey = null;
      send(timer.event());
      // A timer event the state ignored still leaves the state waiting on its timer.
      syncTimer();
    });
  }

  function send(event: E) {
    const next = definition.reduce(state, event);
    if (next === state) return;
    state = next;
    syncTimer();
    for (const listener of listeners) listener();
  }

  syncTimer();

  return {
    getState: () => state,
    send,
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    dispose: clearTimer,
    resume: syncTimer,
  };
}

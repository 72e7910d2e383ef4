import { useEffect } from 'react';
import { queryClient } from '@bistro/data';
import { findRoute, remoteNames, type RemoteName } from '@bistro/ui';
import { areaLoadsSettled, warmArea } from './federation';

/** The parts of the Network Information API read here (Chromium only; absent elsewhere). */
interface NetworkInformationLike {
  saveData?: boolean;
  effectiveType?: string;
}

/** Whether the visitor asked to save data or is on a connection too slow to spend on guesses. */
export function connectionIsFrugal(): boolean {
  const connection = (navigator as Navigator & { connection?: NetworkInformationLike }).connection;
  if (!connection) return false;
  return (
    connection.saveData === true ||
    connection.effectiveType === '2g' ||
    connection.effectiveType === 'slow-2g'
  );
}

/** Resolves when the main thread is idle (at most `timeout` ms later), or rejects once aborted. */
function idle(signal: AbortSignal, timeout = 3000): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    const done = () => {
      signal.removeEventListener('abort', abort);
      resolve();
    };
    // Safari has no requestIdleCallback: a timer after the current work stands in for it.
    const handle =
      typeof requestIdleCallback === 'function'
        ? requestIdleCallback(done, { timeout })
        : window.setTimeout(done, 200);
    function abort() {
      if (typeof cancelIdleCallback === 'function') cancelIdleCallback(handle);
      else window.clearTimeout(handle);
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** Resolves when no query is fetching (the page's own data has arrived), or rejects once aborted. */
function queriesSettled(signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    if (queryClient.isFetching() === 0) return resolve();
    const unsubscribe = queryClient.getQueryCache().subscribe(() => {
      if (queryClient.isFetching() > 0) return;
      unsubscribe();
      signal.removeEventListener('abort', abort);
      resolve();
    });
    function abort() {
      unsubscribe();
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

/** How long a page must go without a long task to count as ready for input (as TTI counts it). */
export const INTERACTION_READY_QUIET_MS = 5000;
/** The longest wait for that quiet: a page never quiet still gets the areas warmed after it. */
const INTERACTION_READY_MAX_WAIT_MS = 30_000;

/**
 * Resolves once the main thread has gone `quietMs` without a long task (each one
 * starts the count again), or after INTERACTION_READY_MAX_WAIT_MS at the latest;
 * rejects once aborted. Without the Long Tasks API, after `quietMs`.
 */
function interactionReady(signal: AbortSignal, quietMs: number): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(signal.reason);
    let observer: PerformanceObserver | null = null;
    let timer = window.setTimeout(done, quietMs);
    const latest = window.setTimeout(done, INTERACTION_READY_MAX_WAIT_MS);
    try {
      observer = new PerformanceObserver(() => {
        window.clearTimeout(timer);
        timer = window.setTimeout(done, quietMs);
      });
      observer.observe({ type: 'longtask' });
    } catch {
      observer = null; // no Long Tasks API: the timer alone
    }
    function stop() {
      window.clearTimeout(timer);
      window.clearTimeout(latest);
      observer?.disconnect();
      signal.removeEventListener('abort', abort);
    }
    function done() {
      stop();
      resolve();
    }
    function abort() {
      stop();
      reject(signal.reason);
    }
    signal.addEventListener('abort', abort, { once: true });
  });
}

/**
 * Warms `names` (see warmArea) once the page in view is done: its area's code
 * has loaded, its data has arrived and the main thread is idle, so the warm-up
 * never competes with what the user is waiting for. Skipped when the
 * connection is frugal. One area at a time, each after an idle moment. With
 * `quietMs`, not before the page has also gone that long without a long task:
 * a member at work in an area (the lounge's live list, a game) keeps the main
 * thread for it until the page is ready for input, and the other areas' code
 * (whose entry runs as a task of its own) comes after that.
 */
export async function warmAreasWhenIdle(
  names: readonly RemoteName[],
  signal: AbortSignal,
  { quietMs = 0 }: { quietMs?: number } = {},
): Promise<void> {
  await areaLoadsSettled();
  await idle(signal);
  await queriesSettled(signal);
  if (quietMs > 0) await interactionReady(signal, quietMs);
  for (const name of names) {
    await idle(signal);
    if (connectionIsFrugal()) return;
    await warmArea(name);
  }
}

/** The remotes that own `paths` (the shell's own pages left out), in order, each once. */
export function ownersOf(paths: readonly string[]): RemoteName[] {
  const owners = new Set(paths.map((path) => findRoute(path)?.owner));
  return remoteNames.filter((name) => owners.has(name));
}

/**
 * Warms `names` after the current page has settled (see warmAreasWhenIdle; `quietMs`
 * as there); a change of the names or of `quietMs`, or unmounting, cancels what has
 * not started yet.
 */
export function useWarmAreas(names: readonly RemoteName[], quietMs = 0): void {
  const key = names.join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const wanted = key.split(',');
    warmAreasWhenIdle(
      remoteNames.filter((name) => wanted.includes(name)),
      controller.signal,
      { quietMs },
    ).catch(
      () => undefined, // aborted: the areas changed or the layout unmounted
    );
    return () => controller.abort();
  }, [key, quietMs]);
}

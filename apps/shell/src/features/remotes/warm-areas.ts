import { useEffect } from 'react';
import { queryClient } from '@bistro/data';
import { findRoute, remoteNames, type RemoteName } from '@bistro/ui';
import { areaLoadsSettled, areaRequested, remoteUrlsOf } from './federation';

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

/**
 * The scripts the runtime loads for a remote's App, from its manifest: the
 * entry (remoteEntry.js beside the manifest, as federation.ts registers it)
 * and the exposed App module's synchronous chunks, resolved as the remote's
 * runtime resolves them (its publicPath, or with "auto" the entry's folder).
 * The web server reads manifests the same way for the page's preload hints
 * (apps/web-server/src/page-hints.mjs). Lazily loaded chunks are left out.
 */
export function appScriptsOf(entry: string, manifest: unknown): string[] {
  const field = (value: unknown, key: string): unknown =>
    typeof value === 'object' && value !== null && Object.hasOwn(value, key)
      ? (value as Record<string, unknown>)[key]
      : undefined;
  const publicPath = field(field(manifest, 'metaData'), 'publicPath');
  const base =
    typeof publicPath === 'string' && publicPath !== 'auto'
      ? new URL(publicPath, entry).href
      : entry;
  const exposes = field(manifest, 'exposes');
  const app = Array.isArray(exposes)
    ? exposes.find((e: unknown) => field(e, 'name') === 'App' || field(e, 'path') === './App')
    : undefined;
  const sync = field(field(field(app, 'assets'), 'js'), 'sync');
  if (!Array.isArray(sync) || !sync.every((file): file is string => typeof file === 'string')) {
    throw new Error('The manifest names no App module with its chunks.');
  }
  return [entry, ...sync.map((file) => new URL(file, base).href)];
}

/** Downloads `href` into the HTTP cache at the lowest priority, without running it. */
function prefetch(href: string): Promise<void> {
  return new Promise((resolve) => {
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.as = 'script';
    link.href = href;
    // A failed download is the area's own load's to report, when it is opened.
    link.onload = link.onerror = () => resolve();
    document.head.append(link);
  });
}

/** The manifests of the remotes whose code has been prefetched on this page (or is being). */
const prefetched = new Set<string>();

/**
 * Downloads a remote's entry and App chunks into the HTTP cache, without
 * evaluating them, so opening the area finds its code there and only runs it
 * (the nav links start that on hover, focus and pointerdown). Nothing for an
 * area already loading, loaded or prefetched; a failure (manifest unreachable)
 * is forgotten, so a later warm-up may try again, and leaves the area's own
 * load to report it.
 */
export async function prefetchArea(name: RemoteName): Promise<void> {
  const urls = remoteUrlsOf(name);
  if (!urls || areaRequested(name) || prefetched.has(urls.manifest)) return;
  prefetched.add(urls.manifest);
  try {
    const response = await fetch(urls.manifest);
    if (!response.ok) throw new Error(`HTTP ${response.status}`);
    const scripts = appScriptsOf(urls.entry, await response.json());
    await Promise.all(scripts.map(prefetch));
  } catch {
    prefetched.delete(urls.manifest);
  }
}

/**
 * Prefetches `names` (see prefetchArea) once the page in view is done: its
 * area's code has loaded, its data has arrived and the main thread is idle, so
 * the warm-up never competes with what the user is waiting for. Skipped when
 * the connection is frugal. One area at a time, each after an idle moment.
 */
export async function warmAreasWhenIdle(
  names: readonly RemoteName[],
  signal: AbortSignal,
): Promise<void> {
  await areaLoadsSettled();
  await idle(signal);
  await queriesSettled(signal);
  for (const name of names) {
    await idle(signal);
    if (connectionIsFrugal()) return;
    await prefetchArea(name);
  }
}

/** The remotes that own `paths` (the shell's own pages left out), in order, each once. */
export function ownersOf(paths: readonly string[]): RemoteName[] {
  const owners = new Set(paths.map((path) => findRoute(path)?.owner));
  return remoteNames.filter((name) => owners.has(name));
}

/**
 * Warms `names` after the current page has settled (see warmAreasWhenIdle); a
 * change of the names or unmounting cancels what has not started yet.
 */
export function useWarmAreas(names: readonly RemoteName[]): void {
  const key = names.join(',');
  useEffect(() => {
    if (!key) return;
    const controller = new AbortController();
    const wanted = key.split(',');
    warmAreasWhenIdle(
      remoteNames.filter((name) => wanted.includes(name)),
      controller.signal,
    ).catch(
      () => undefined, // aborted: the areas changed or the layout unmounted
    );
    return () => controller.abort();
  }, [key]);
}

import type { ComponentType } from 'react';
import { loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@bistro/ui';
import type { RuntimeConfig } from '@bistro/data';
import { checkedEntry, releaseLoadFailed, releaseLoaded } from '../releases/area-release';
import areaLoadTasksPlugin from './area-load-tasks-plugin';

let manifestUrls: RuntimeConfig['remotes'] | null = null;
let areaReleases: RuntimeConfig['releases'] = undefined;

/**
 * config.json names each remote's mf-manifest.json; the shell loads the
 * remoteEntry.js beside it (every remote's build names it so,
 * tools/rspack/create-config.ts). Same number of round trips (the manifest's
 * only use here was to preload the entry and the page's chunks together),
 * and the runtime is built without its manifest handling (`disableSnapshot`).
 */
const entryOf = (manifestUrl: string) => new URL('remoteEntry.js', manifestUrl).href;

/** Registers every remote by its entry's URL. Nothing is fetched until an area is opened. */
export function registerAreaRemotes(
  remotes: RuntimeConfig['remotes'],
  releases?: RuntimeConfig['releases'],
): void {
  manifestUrls = remotes;
  areaReleases = releases;
  registerPlugins([areaLoadTasksPlugin()]);
  registerRemotes(
    Object.entries(remotes).map(([name, manifest]) => ({ name, entry: entryOf(manifest) })),
  );
}

const pending = new Map<RemoteName, Promise<ComponentType>>();

async function fetchArea(name: RemoteName): Promise<ComponentType> {
  const released = areaReleases?.[name];
  if (released) {
    // a released area runs the first of its releases that passes the checks in the browser
    const entry = await checkedEntry(name, released);
    registerRemotes([{ name, entry }], { force: true });
    try {
      const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
      if (!module?.default) throw new Error(`The ${name} remote did not expose an App component.`);
      releaseLoaded(name);
      return module.default;
    } catch (error) {
      releaseLoadFailed(name, error);
      throw error;
    }
  }
  const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!module?.default) {
    throw new Error(`The ${name} remote did not expose an App component.`);
  }
  return module.default;
}

/**
 * Fetches a remote's entry and App module (first time only) and
 * returns its root component. Concurrent and repeated calls share one load; a
 * failed load is forgotten so the next call tries again.
 */
export function loadArea(name: RemoteName): Promise<ComponentType> {
  let load = pending.get(name);
  if (!load) {
    load = fetchArea(name);
    pending.set(name, load);
    load.catch(() => {
      if (pending.get(name) === load) pending.delete(name);
    });
  }
  return load;
}

/**
 * Starts loading a remote before it is needed (a nav link is hovered, focused
 * or touched), so the click that follows finds its code already there. Errors
 * are left to the area's own load, which reports them.
 */
export function preloadArea(name: RemoteName): void {
  loadArea(name).catch(() => undefined);
}

/** Areas loaded ahead by warmArea (and not since forgotten by a failure or resetArea). */
const warmed = new Set<RemoteName>();

/**
 * Loads a remote ahead of need, as a hover does: its entry and its App module,
 * whose code is evaluated but renders nothing until the area is opened, so the
 * click that opens it renders at once (a new area that suspends shows its
 * fallback for at least React's 300 ms reveal throttle). Does nothing for an
 * area already loading, loaded or warmed. A failed warm-up leaves only the
 * runtime's warnings in the console and is forgotten (that remote's runtime
 * caches are reset), so the area's own load tries afresh and reports its
 * error in the area.
 */
export function warmArea(name: RemoteName): Promise<void> {
  if (pending.has(name) || warmed.has(name)) return Promise.resolve();
  warmed.add(name);
  return loadArea(name).then(
    () => undefined,
    () => {
      warmed.delete(name);
      if (!pending.has(name)) resetArea(name);
    },
  );
}

/** Resolves once every area load started so far has finished, loaded or failed. */
export function areaLoadsSettled(): Promise<void> {
  return Promise.allSettled([...pending.values()]).then(() => undefined);
}

/** Forgets a failed remote (cached manifest, entry and module) so the next load starts afresh. */
export function resetArea(name: RemoteName): void {
  pending.delete(name);
  warmed.delete(name);
  if (!manifestUrls) return;
  registerRemotes([{ name, entry: entryOf(manifestUrls[name]) }], { force: true });
}

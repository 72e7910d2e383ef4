import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@bistro/ui';
import type { RuntimeConfig } from '@bistro/data';

let manifestUrls: RuntimeConfig['remotes'] | null = null;

/**
 * config.json names each remote's mf-manifest.json; the shell loads the
 * remoteEntry.js beside it (every remote's build names it so,
 * tools/rspack/create-config.ts). Same number of round trips (the manifest's
 * only use here was to preload the entry and the page's chunks together),
 * and the runtime is built without its manifest handling (`disableSnapshot`).
 */
const entryOf = (manifestUrl: string) => new URL('remoteEntry.js', manifestUrl).href;

/** Registers every remote by its entry's URL. Nothing is fetched until an area is opened. */
export function registerAreaRemotes(remotes: RuntimeConfig['remotes']): void {
  manifestUrls = remotes;
  registerRemotes(
    Object.entries(remotes).map(([name, manifest]) => ({ name, entry: entryOf(manifest) })),
  );
}

const pending = new Map<RemoteName, Promise<ComponentType>>();

/** A registered remote's manifest and the entry the runtime loads; null before registration. */
export function remoteUrlsOf(name: RemoteName): { manifest: string; entry: string } | null {
  return manifestUrls ? { manifest: manifestUrls[name], entry: entryOf(manifestUrls[name]) } : null;
}

/** Whether a remote's area is loading or loaded (its code is on the page or on its way). */
export function areaRequested(name: RemoteName): boolean {
  return pending.has(name);
}

async function fetchArea(name: RemoteName): Promise<ComponentType> {
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

/** Resolves once every area load started so far has finished, loaded or failed. */
export function areaLoadsSettled(): Promise<void> {
  return Promise.allSettled([...pending.values()]).then(() => undefined);
}

/** Forgets a failed remote (cached manifest, entry and module) so the next load starts afresh. */
export function resetArea(name: RemoteName): void {
  pending.delete(name);
  if (!manifestUrls) return;
  registerRemotes([{ name, entry: entryOf(manifestUrls[name]) }], { force: true });
}

import type { ComponentType } from 'react';
import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import type { RemoteName } from '@bistro/ui';
import type { RuntimeConfig } from '@bistro/data';

let manifestUrls: RuntimeConfig['remotes'] | null = null;

/** Registers every remote by its manifest URL. Nothing is fetched until an area is opened. */
export function registerAreaRemotes(remotes: RuntimeConfig['remotes']): void {
  manifestUrls = remotes;
  registerRemotes(Object.entries(remotes).map(([name, entry]) => ({ name, entry })));
}

/** Fetches a remote's manifest and entry (first time only) and returns its root component. */
export async function loadArea(name: RemoteName): Promise<ComponentType> {
  const module = await loadRemote<{ default: ComponentType }>(`${name}/App`);
  if (!module?.default) {
    throw new Error(`The ${name} remote did not expose an App component.`);
  }
  return module.default;
}

/** Forgets a failed remote (cached manifest, entry and module) so the next load starts afresh. */
export function resetArea(name: RemoteName): void {
  if (!manifestUrls) return;
  registerRemotes([{ name, entry: manifestUrls[name] }], { force: true });
}

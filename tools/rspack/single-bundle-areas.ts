import type { ComponentType } from 'react';

/**
 * The single-bundle build's stand-in for apps/shell/src/features/remotes/federation.ts
 * (tools/rspack/single-bundle.config.ts): the same pages, imported from the
 * remotes' sources as ordinary lazy chunks instead of through Module Federation.
 * Used only to measure what federation costs; never deployed.
 */
type AreaName = 'guest' | 'lounge' | 'games' | 'admin';

const areas: Record<AreaName, () => Promise<{ default: ComponentType }>> = {
  guest: () => import('../../apps/guest/src/app/app'),
  lounge: () => import('../../apps/lounge/src/app/app'),
  games: () => import('../../apps/games/src/app/app'),
  admin: () => import('../../apps/admin/src/app/app'),
};

export function registerAreaRemotes(): void {
  // Nothing to register: every area is part of this build.
}

const loads = new Set<Promise<unknown>>();

export async function loadArea(name: AreaName): Promise<ComponentType> {
  const load = areas[name]();
  loads.add(load);
  return (await load).default;
}

/** Starts fetching an area's chunk early (the shell calls this on nav-link hover/focus). */
export function preloadArea(name: AreaName): void {
  areas[name]().catch(() => undefined);
}

export function resetArea(): void {
  // A failed chunk is retried by the next import().
}

const warmed = new Set<AreaName>();

/** Loads an area's chunk ahead of need (a member's idle warm-up), as a hover does. */
export function warmArea(name: AreaName): Promise<void> {
  if (warmed.has(name)) return Promise.resolve();
  warmed.add(name);
  const load = areas[name]().then(
    () => undefined,
    () => {
      warmed.delete(name);
    },
  );
  loads.add(load);
  return load;
}

/** Resolves once every area load started so far has finished, loaded or failed. */
export function areaLoadsSettled(): Promise<void> {
  return Promise.allSettled([...loads]).then(() => undefined);
}

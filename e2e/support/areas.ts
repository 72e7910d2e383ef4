import { routeTable } from '@bistro/ui/routes';

/**
 * The suite's areas, for running the end-to-end tests of one area alone (the Nx targets
 * `e2e-<area>`, see tools/e2e.mjs): a test belongs to an area by its file's name
 * (`games-*.spec.ts`, ...) or by a tag (`@games`) on a test of a file that covers
 * several areas; the rest is the `suite` (what crosses areas).
 */
export type E2eArea = 'shell' | 'guest' | 'lounge' | 'games' | 'admin';

/** The tag of the area that owns a path of the route table (the shell's for any other). */
export function ownerTag(path: string): `@${E2eArea}` {
  return `@${routeTable.find((r) => r.path === path)?.owner ?? 'shell'}`;
}

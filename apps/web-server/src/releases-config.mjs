// The runtime config a release pointer implies: the shell's base config (API URL, anon key)
// with each released area's remote pointed at its live release folder, and a `releases`
// section the shell reads to check each remoteEntry.js's bytes and to pick a canary.

/** @typedef {import('./releases-store.mjs').Pointer} Pointer */

/** How many of the newest pointer changes the runtime config carries. */
const HISTORY_PUBLISHED = 20;

/**
 * @param {Pointer} pointer
 * @param {{ remotes?: Record<string, string>, [key: string]: unknown }} base
 * @param {string} publicUrl where the release store's folder is served, e.g. https://releases.example.com
 */
export function releasesRuntimeConfig(pointer, base, publicUrl) {
  const root = publicUrl.replace(/\/+$/, '');
  const url = (/** @type {string} */ area, /** @type {string} */ version) =>
    `${root}/releases/${area}/${version}/mf-manifest.json`;
  /** @type {Record<string, string>} */
  const remotes = { ...(base.remotes ?? {}) };
  /** @type {Record<string, unknown>} */
  const releases = {};
  for (const [area, p] of Object.entries(pointer.areas)) {
    // the shell is served as the page itself; the config only names its release
    if (area === 'shell') continue;
    remotes[area] = url(area, p.live.version);
    releases[area] = {
      version: p.live.version,
      url: url(area, p.live.version),
      integrity: p.live.entryIntegrity,
      fallbacks: (p.good ?? []).map((r) => ({
        version: r.version,
        url: url(area, r.version),
        integrity: r.entryIntegrity,
      })),
      ...(p.canary
        ? {
            canary: {
              version: p.canary.version,
              url: url(area, p.canary.version),
              integrity: p.canary.entryIntegrity,
              percent: p.canaryPercent ?? 0,
            },
          }
        : {}),
    };
  }
  return {
    ...base,
    remotes,
    releases,
    // the newest pointer changes, for the admin's Releases view; who made them stays in the store
    releaseHistory: pointer.history
      .slice(-HISTORY_PUBLISHED)
      .map(({ at, action, area, version, previous }) => ({ at, action, area, version, previous })),
    shellRelease: pointer.areas['shell']?.live.version ?? null,
    releasesRevision: pointer.revision,
  };
}

import { getInstance, registerPlugins, satisfy } from '@module-federation/enhanced/runtime';
import { sendReleaseReport, type AreaReleases } from '@bistro/data';
import { browserBucket, chooseRelease, entryUrlOf, type ReleaseSkip } from './choose-release';

/** The releases skipped on this page load and why (each is also reported to the backend). */
export const releaseSkips: ReleaseSkip[] = [];

/** The release of each area this page chose, and whether its code has loaded. */
const chosenVersions = new Map<string, string>();
const runningAreas = new Set<string>();

/** The SHA-384 each checked remoteEntry.js must have, by URL. */
const entryIntegrity = new Map<string, string>();
let pluginRegistered = false;

/**
 * The browser enforces the recorded hash too: the entry's script element carries it as its
 * `integrity` (bytes changed between the check and the load are refused, not run).
 */
function registerIntegrityPlugin(): void {
  if (pluginRegistered) return;
  pluginRegistered = true;
  registerPlugins([
    {
      name: 'bistro-release-integrity',
      createScript({ url }) {
        const integrity = entryIntegrity.get(url);
        if (!integrity) return undefined;
        const script = document.createElement('script');
        script.src = url;
        script.integrity = integrity;
        script.crossOrigin = 'anonymous';
        return script;
      },
    },
  ]);
}

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The remoteEntry.js URL of the release of `area` this browser should run; throws (the
 * area shows its load error and Retry) when none of its releases passes.
 */
export async function checkedEntry(area: string, releases: AreaReleases): Promise<string> {
  const chosen = await chooseRelease(area, releases, {
    fetchImpl: (input, init) => fetch(input, init),
    bucket: () => browserBucket(storage()),
    provided: (pkg) => Object.keys(getInstance()?.shareScopeMap['default']?.[pkg] ?? {}),
    satisfies: (version, range) => satisfy(version, range),
    federationVersion: getInstance()?.version ?? null,
    report: (skip) => {
      releaseSkips.push(skip);
      sendReleaseReport({ ...skip, outcome: 'refused' });
      console.error(
        `Release ${skip.version} of ${skip.area} refused, loading an earlier one: ${skip.reason}`,
      );
      window.dispatchEvent(new CustomEvent('bistro:release-skip', { detail: skip }));
    },
  });
  if (!chosen) throw new Error(`No release of ${area} passes its checks.`);
  chosenVersions.set(area, chosen.version);
  document.documentElement.dataset[`release${area[0]?.toUpperCase()}${area.slice(1)}`] =
    chosen.version;
  const entry = entryUrlOf(chosen.url);
  entryIntegrity.set(entry, chosen.integrity);
  registerIntegrityPlugin();
  return entry;
}

/** The chosen release of `area` loaded: counted for its version (the admin's error rate). */
export function releaseLoaded(area: string): void {
  const version = chosenVersions.get(area);
  if (!version || runningAreas.has(area)) return;
  runningAreas.add(area);
  sendReleaseReport({ area, version, outcome: 'loaded' });
}

/** The chosen release of `area` passed its checks but its code did not load. */
export function releaseLoadFailed(area: string, error: unknown): void {
  const version = chosenVersions.get(area);
  if (!version) return;
  sendReleaseReport({
    area,
    version,
    outcome: 'failed',
    reason: error instanceof Error ? error.message : String(error),
  });
}

/** A released area that had loaded crashed while running (its error boundary caught it). */
export function releaseCrashed(area: string, error: unknown): void {
  const version = chosenVersions.get(area);
  if (!version || !runningAreas.has(area)) return;
  sendReleaseReport({
    area,
    version,
    outcome: 'error',
    reason: error instanceof Error ? `${error.name}: ${error.message}` : String(error),
  });
}

import { getInstance, registerPlugins, satisfy } from '@module-federation/enhanced/runtime';
import type { AreaReleases } from '@bistro/data';
import { browserBucket, chooseRelease, entryUrlOf, type ReleaseSkip } from './choose-release';

/** The releases skipped on this page load and why (read by the admin's Releases view). */
export const releaseSkips: ReleaseSkip[] = [];

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
    report: (skip) => {
      releaseSkips.push(skip);
      console.error(
        `Release ${skip.version} of ${skip.area} refused, loading an earlier one: ${skip.reason}`,
      );
      window.dispatchEvent(new CustomEvent('bistro:release-skip', { detail: skip }));
    },
  });
  if (!chosen) throw new Error(`No release of ${area} passes its checks.`);
  document.documentElement.dataset[`release${area[0]?.toUpperCase()}${area.slice(1)}`] =
    chosen.version;
  const entry = entryUrlOf(chosen.url);
  entryIntegrity.set(entry, chosen.integrity);
  registerIntegrityPlugin();
  return entry;
}

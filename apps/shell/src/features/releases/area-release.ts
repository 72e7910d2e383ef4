import { getInstance, satisfy } from '@module-federation/enhanced/runtime';
import type { AreaReleases } from '@bistro/data';
import { browserBucket, chooseRelease, entryUrlOf, type ReleaseSkip } from './choose-release';

/** The releases skipped on this page load and why (read by the admin's Releases view). */
export const releaseSkips: ReleaseSkip[] = [];

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
  return entryUrlOf(chosen.url);
}

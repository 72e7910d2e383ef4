import type { AreaRelease, AreaReleases } from '@bistro/data';

/**
 * Picks the release of an area this browser runs, checking it first:
 * - a canary only for the browsers whose sticky bucket (a random number kept in
 *   localStorage) falls under its share, so each browser keeps its version;
 * - the remoteEntry.js's bytes must hash to the SHA-384 the pointer recorded;
 * - it must fit this shell: every shared singleton its release record declares (React,
 *   react-dom, the router, react-query, ...) provided at a version inside the range it was
 *   built for, the same Module Federation runtime version, and `./App` exposed. The record
 *   (release.json beside the manifest) is what the release command checked; a release without
 *   one is an unfinished or hand-made upload and is refused.
 * A release that fails is skipped for the next one (live, then the earlier good
 * releases, newest first), and each skip is reported with its reason.
 */

export interface ReleaseSkip {
  area: string;
  version: string;
  reason: string;
}

export interface ChooseDeps {
  fetchImpl: typeof fetch;
  /** This browser's bucket from 0 (inclusive) to 100 (exclusive). */
  bucket: () => number;
  /** Which versions of a shared package the shell provides (empty: not provided). */
  provided: (pkg: string) => string[];
  satisfies: (version: string, range: string) => boolean;
  /** The Module Federation runtime version this shell runs (remotes borrow its runtime). */
  federationVersion: string | null;
  report: (skip: ReleaseSkip) => void;
}

const BUCKET_KEY = 'bistro.release-bucket';

/** A number from 0 to 100 drawn once per browser and kept, so a canary choice is sticky. */
export function browserBucket(storage: Pick<Storage, 'getItem' | 'setItem'> | null): number {
  const kept = Number(storage?.getItem(BUCKET_KEY) ?? NaN);
  if (Number.isFinite(kept) && kept >= 0 && kept < 100) return kept;
  const drawn = (crypto.getRandomValues(new Uint32Array(1))[0] ?? 0) / 2 ** 32;
  const bucket = drawn * 100;
  try {
    storage?.setItem(BUCKET_KEY, String(bucket));
  } catch {
    // storage full or refused: this page load still gets a bucket
  }
  return bucket;
}

export async function sha384(bytes: ArrayBuffer): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest('SHA-384', bytes));
  let text = '';
  for (const b of digest) text += String.fromCharCode(b);
  return `sha384-${btoa(text)}`;
}

export const entryUrlOf = (manifestUrl: string) => new URL('remoteEntry.js', manifestUrl).href;

interface ManifestShared {
  name: string;
  version?: string;
  singleton?: boolean;
  requiredVersion?: string | null | false;
}

/** What release.json (written by the release command) declares about the build. */
interface ReleaseRecord {
  moduleFederation?: string | null;
  shared?: ManifestShared[];
}

export const recordUrlOf = (manifestUrl: string) => new URL('release.json', manifestUrl).href;

/** Why this release cannot run in this shell, or null when it can. */
async function problemOf(release: AreaRelease, deps: ChooseDeps): Promise<string | null> {
  const [entry, manifest, record] = await Promise.all([
    deps.fetchImpl(entryUrlOf(release.url), { cache: 'no-cache' }),
    deps.fetchImpl(release.url, { cache: 'no-cache' }),
    deps.fetchImpl(recordUrlOf(release.url), { cache: 'no-cache' }),
  ]);
  if (!entry.ok) return `remoteEntry.js answered ${entry.status}`;
  if (!manifest.ok) return `mf-manifest.json answered ${manifest.status}`;
  const hash = await sha384(await entry.arrayBuffer());
  if (hash !== release.integrity)
    return `remoteEntry.js does not match the released bytes (${hash}, released ${release.integrity})`;
  const m = (await manifest.json()) as {
    shared?: ManifestShared[];
    exposes?: { name: string; path?: string }[];
  };
  const r = record.ok ? ((await record.json()) as ReleaseRecord) : null;
  const problems: string[] = [];
  for (const s of r?.shared ?? m.shared ?? []) {
    if (!s.singleton) continue;
    const versions = deps.provided(s.name);
    if (versions.length === 0) problems.push(`${s.name}: the shell does not provide it`);
    else if (
      s.requiredVersion &&
      !versions.some((v) => deps.satisfies(v, String(s.requiredVersion)))
    )
      problems.push(
        `${s.name}: needs ${s.requiredVersion}${s.version ? ` (built with ${s.version})` : ''}, the shell provides ${versions.join(', ')}`,
      );
  }
  if (r) {
    const mf = r.moduleFederation ?? null;
    if (!mf || !deps.federationVersion)
      problems.push(
        `Module Federation version unknown (release: ${mf ?? 'none'}, shell: ${deps.federationVersion ?? 'none'})`,
      );
    else if (mf !== deps.federationVersion)
      problems.push(
        `Module Federation: built with ${mf}, the shell runs ${deps.federationVersion}`,
      );
  }
  if (!(m.exposes ?? []).some((e) => (e.path ?? `./${e.name}`) === './App'))
    problems.push('./App: not exposed');
  if (!r) problems.push(`release.json answered ${record.status}: not a finished release`);
  return problems.length ? problems.join('; ') : null;
}

/** The release to load (its manifest URL), or null when none passes. */
export async function chooseRelease(
  area: string,
  releases: AreaReleases,
  deps: ChooseDeps,
): Promise<AreaRelease | null> {
  const candidates: AreaRelease[] = [];
  if (releases.canary && deps.bucket() < releases.canary.percent) candidates.push(releases.canary);
  candidates.push(releases, ...releases.fallbacks);
  const seen = new Set<string>();
  for (const candidate of candidates) {
    if (seen.has(candidate.version)) continue;
    seen.add(candidate.version);
    let reason: string | null;
    try {
      reason = await problemOf(candidate, deps);
    } catch (error) {
      reason = error instanceof Error ? error.message : String(error);
    }
    if (!reason)
      return { version: candidate.version, url: candidate.url, integrity: candidate.integrity };
    deps.report({ area, version: candidate.version, reason });
  }
  return null;
}

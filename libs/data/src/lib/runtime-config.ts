/**
 * The runtime configuration the shell reads before it renders: inline in its
 * page when the suite's web server served it (a `<script type="application/json"
 * id="runtime-config">`), else fetched from `config.json` beside its index.html. Nothing here is baked into a build, so a remote
 * can move or be redeployed, and the backend can be swapped for hosted Supabase,
 * by editing one JSON file.
 *
 * Checked by hand rather than with a schema library: this runs before the first
 * paint of every page, and the shape is small and fixed.
 */
export interface RuntimeConfig {
  remotes: { guest: string; lounge: string; games: string; admin: string };
  supabase?: { url: string; anonKey: string };
  /** From the release store's pointer (npm run release): what each released area runs. */
  releases?: Record<string, AreaReleases>;
  /** The newest changes to the release pointer, oldest first (who made them is not published). */
  releaseHistory?: ReleaseHistoryEntry[];
}

export interface ReleaseHistoryEntry {
  at: string;
  action: 'release' | 'canary' | 'promote' | 'rollback';
  area: string;
  version: string;
  previous: string | null;
}

const historyActions = ['release', 'canary', 'promote', 'rollback'] as const;

/** One release of an area: its manifest's URL and its remoteEntry.js's SHA-384. */
export interface AreaRelease {
  version: string;
  url: string;
  integrity: string;
}

/** The live release, a canary for a share of browsers, and the earlier good releases. */
export interface AreaReleases extends AreaRelease {
  canary?: AreaRelease & { percent: number };
  fallbacks: AreaRelease[];
}

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

const remoteNames = ['guest', 'lounge', 'games', 'admin'] as const;

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function isUrl(value: string): boolean {
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

function describe(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value;
}

/** Parses untrusted JSON into a RuntimeConfig, with a readable error. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const issues: string[] = [];
  const object = (path: string, value: unknown): Record<string, unknown> | null => {
    if (isObject(value)) return value;
    issues.push(`${path}: expected object, received ${describe(value)}`);
    return null;
  };
  const string = (path: string, value: unknown, check: 'url' | 'nonEmpty'): string => {
    if (typeof value !== 'string') {
      issues.push(`${path}: expected string, received ${describe(value)}`);
      return '';
    }
    if (check === 'url' && !isUrl(value)) issues.push(`${path}: invalid URL`);
    if (check === 'nonEmpty' && value.length === 0) issues.push(`${path}: must not be empty`);
    return value;
  };

  const root = object('(root)', input);
  const remotesInput = root ? object('remotes', root['remotes']) : null;
  const remotes = {} as RuntimeConfig['remotes'];
  for (const name of remoteNames) {
    remotes[name] = remotesInput ? string(`remotes.${name}`, remotesInput[name], 'url') : '';
  }
  let supabase: RuntimeConfig['supabase'];
  if (root && root['supabase'] !== undefined) {
    const backend = object('supabase', root['supabase']);
    if (backend) {
      supabase = {
        url: string('supabase.url', backend['url'], 'url'),
        anonKey: string('supabase.anonKey', backend['anonKey'], 'nonEmpty'),
      };
    }
  }
  let releases: RuntimeConfig['releases'];
  if (root && root['releases'] !== undefined) {
    const all = object('releases', root['releases']);
    const release = (path: string, value: unknown): AreaRelease => {
      const r = object(path, value) ?? {};
      return {
        version: string(`${path}.version`, r['version'], 'nonEmpty'),
        url: string(`${path}.url`, r['url'], 'url'),
        integrity: string(`${path}.integrity`, r['integrity'], 'nonEmpty'),
      };
    };
    if (all) {
      releases = {};
      for (const [area, value] of Object.entries(all)) {
        const path = `releases.${area}`;
        const r = object(path, value) ?? {};
        const fallbacks = Array.isArray(r['fallbacks']) ? r['fallbacks'] : [];
        const entry: AreaReleases = {
          ...release(path, r),
          fallbacks: fallbacks.map((f, i) => release(`${path}.fallbacks.${i}`, f)),
        };
        if (r['canary'] !== undefined) {
          const c = object(`${path}.canary`, r['canary']) ?? {};
          const percent = c['percent'];
          if (typeof percent !== 'number' || percent < 0 || percent > 100)
            issues.push(`${path}.canary.percent: expected a number from 0 to 100`);
          entry.canary = { ...release(`${path}.canary`, c), percent: Number(percent) };
        }
        releases[area] = entry;
      }
    }
  }
  let releaseHistory: ReleaseHistoryEntry[] | undefined;
  if (root && root['releaseHistory'] !== undefined) {
    if (!Array.isArray(root['releaseHistory']))
      issues.push(`releaseHistory: expected array, received ${describe(root['releaseHistory'])}`);
    else
      releaseHistory = root['releaseHistory'].map((value, i) => {
        const path = `releaseHistory.${i}`;
        const h = object(path, value) ?? {};
        const action = h['action'];
        if (!historyActions.includes(action as ReleaseHistoryEntry['action']))
          issues.push(`${path}.action: expected one of ${historyActions.join(', ')}`);
        const previous = h['previous'];
        return {
          at: string(`${path}.at`, h['at'], 'nonEmpty'),
          action: action as ReleaseHistoryEntry['action'],
          area: string(`${path}.area`, h['area'], 'nonEmpty'),
          version: string(`${path}.version`, h['version'], 'nonEmpty'),
          previous: previous === null ? null : string(`${path}.previous`, previous, 'nonEmpty'),
        };
      });
  }
  if (issues.length > 0) {
    throw new RuntimeConfigError(`Invalid runtime config: ${issues.join('; ')}`);
  }
  return {
    remotes,
    ...(supabase ? { supabase } : {}),
    ...(releases ? { releases } : {}),
    ...(releaseHistory ? { releaseHistory } : {}),
  };
}

/**
 * The id of the JSON block in which the web server puts the runtime config
 * (apps/web-server/src/page-hints.mjs writes it under the same id).
 */
export const inlineRuntimeConfigId = 'runtime-config';

/**
 * The runtime config the page carries inline, validated as a fetched one, or
 * null when the page has none (the dev server, a page served by another host).
 */
export function readInlineRuntimeConfig(
  doc: Pick<Document, 'getElementById'> = document,
): RuntimeConfig | null {
  const element = doc.getElementById(inlineRuntimeConfigId);
  if (!element) return null;
  let value: unknown;
  try {
    value = JSON.parse(element.textContent ?? '');
  } catch {
    throw new RuntimeConfigError("Invalid runtime config: the page's inline copy is not JSON");
  }
  return parseRuntimeConfig(value);
}

/**
 * The runtime config: the page's inline copy when it has one, else fetched
 * from `url` (with `fetchImpl`, which may answer with a request already under way).
 */
export async function loadRuntimeConfig(
  url = 'config.json',
  {
    document: doc = document,
    fetchImpl = fetch,
  }: { document?: Pick<Document, 'getElementById'>; fetchImpl?: typeof fetch } = {},
): Promise<RuntimeConfig> {
  return readInlineRuntimeConfig(doc) ?? fetchRuntimeConfig(url, fetchImpl);
}

export async function fetchRuntimeConfig(
  url = 'config.json',
  fetchImpl: typeof fetch = fetch,
): Promise<RuntimeConfig> {
  const response = await fetchImpl(url, { cache: 'no-store' });
  if (!response.ok) {
    throw new RuntimeConfigError(`Could not load ${url} (HTTP ${response.status})`);
  }
  return parseRuntimeConfig(await response.json());
}

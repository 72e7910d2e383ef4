/**
 * The runtime configuration the shell fetches from `config.json` beside its
 * index.html before it renders. Nothing here is baked into a build, so a remote
 * can move or be redeployed, and the backend can be swapped for hosted Supabase,
 * by editing one JSON file.
 *
 * Checked by hand rather than with a schema library: this runs before the first
 * paint of every page, and the shape is small and fixed.
 */
export interface RuntimeConfig {
  remotes: { guest: string; lounge: string; games: string; admin: string };
  supabase?: { url: string; anonKey: string };
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
  if (issues.length > 0) {
    throw new RuntimeConfigError(`Invalid runtime config: ${issues.join('; ')}`);
  }
  return supabase ? { remotes, supabase } : { remotes };
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

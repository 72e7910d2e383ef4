// zod/mini: the same validation at a fraction of the bytes on the critical path.
import * as z from 'zod/mini';

// No `new Function` probing: the suite's Content-Security-Policy has no
// 'unsafe-eval', and zod's eval check would log a violation on every page.
z.config({ jitless: true });

/**
 * The runtime configuration the shell fetches from `config.json` beside its
 * index.html before it renders. Nothing here is baked into a build, so a remote
 * can move or be redeployed, and the backend can be swapped for hosted Supabase,
 * by editing one JSON file.
 */
export const runtimeConfigSchema = z.object({
  remotes: z.object({
    guest: z.url(),
    lounge: z.url(),
    games: z.url(),
    admin: z.url(),
  }),
  supabase: z.optional(
    z.object({
      url: z.url(),
      anonKey: z.string().check(z.minLength(1)),
    }),
  ),
});

export type RuntimeConfig = z.infer<typeof runtimeConfigSchema>;

export class RuntimeConfigError extends Error {
  override name = 'RuntimeConfigError';
}

/** Parses untrusted JSON into a RuntimeConfig, with a readable error. */
export function parseRuntimeConfig(input: unknown): RuntimeConfig {
  const result = runtimeConfigSchema.safeParse(input);
  if (!result.success) {
    const issues = result.error.issues
      .map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`)
      .join('; ');
    throw new RuntimeConfigError(`Invalid runtime config: ${issues}`);
  }
  return result.data;
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

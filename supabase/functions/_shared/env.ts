interface DenoLike {
  env: { get(name: string): string | undefined };
  serve(handler: (req: Request) => Response | Promise<Response>): unknown;
}

/** Deno on hosted Supabase; undefined when the project's Node backend runs the function. */
export const deno = (globalThis as { Deno?: DenoLike }).Deno;

/** Reads a setting at call time (the local backend sets them per request). */
export function env(name: string): string | undefined {
  if (deno) return deno.env.get(name) || undefined;
  const processEnv = (globalThis as { process?: { env: Record<string, string | undefined> } })
    .process?.env;
  return processEnv?.[name] || undefined;
}

export function requireEnv(name: string): string {
  const value = env(name);
  if (!value) throw new Error(`${name} is not set`);
  return value;
}

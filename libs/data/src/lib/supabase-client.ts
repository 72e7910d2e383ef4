import { AuthClient } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { FunctionsClient } from '@supabase/functions-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';

/**
 * The part of a supabase-js client the suite uses on every page: auth and the
 * PostgREST queries, typed exactly as supabase-js types them. Storage and
 * Edge Functions and Realtime are fetched on demand (`getStorage`,
 * `getFunctions`, `getRealtime`), so a first visit does not download them.
 */
export type BistroClient = Pick<SupabaseClient<Database>, 'auth' | 'from' | 'rpc'>;

interface Connection {
  client: BistroClient;
  realtimeUrl: string;
  anonKey: string;
  storageUrl: string;
  functionsUrl: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
}

/**
 * The one client on the page. The shell configures it from the runtime config
 * before anything renders; this module is a Module Federation singleton
 * (tools/rspack/shared.ts), so every remote reaches this same instance.
 */
let connection: Connection | null = null;
let storage: Promise<StorageClient> | null = null;
let functions: Promise<FunctionsClient> | null = null;
let realtime: Promise<RealtimeClient> | null = null;

/**
 * Builds the client as supabase-js's createClient does (same endpoints, headers,
 * session storage key and auth defaults: persisted session, auto refresh,
 * session detected in the URL, implicit flow), from its own auth and PostgREST
 * packages.
 */
export function configureSupabase(settings: { url: string; anonKey: string }): BistroClient {
  const { anonKey } = settings;
  const base = new URL(settings.url.endsWith('/') ? settings.url : `${settings.url}/`);
  const headers = { 'X-Client-Info': 'bistro-data (supabase-js 2 compatible)' };
  const auth = new AuthClient({
    url: new URL('auth/v1', base).href,
    headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey, ...headers },
    storageKey: `sb-${base.hostname.split('.')[0]}-auth-token`,
    autoRefreshToken: true,
    persistSession: true,
    detectSessionInUrl: true,
    flowType: 'implicit',
  });
  // Every data request carries the anon key and the signed-in user's token.
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const { data } = await auth.getSession();
    const request = new Headers(init?.headers);
    if (!request.has('apikey')) request.set('apikey', anonKey);
    if (!request.has('Authorization')) {
      request.set('Authorization', `Bearer ${data.session?.access_token ?? anonKey}`);
    }
    return fetch(input, { ...init, headers: request });
  };
  const rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
    headers,
    schema: 'public',
    fetch: fetchWithAuth,
  });
  const client = {
    auth,
    from: (relation: string) => rest.from(relation as never),
    rpc: (fn: string, args?: object, options?: object) =>
      rest.rpc(fn as never, args as never, options as never),
  } as unknown as BistroClient;
  const realtimeUrl = new URL('realtime/v1', base);
  realtimeUrl.protocol = realtimeUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  connection = {
    client,
    realtimeUrl: realtimeUrl.href,
    anonKey,
    storageUrl: new URL('storage/v1', base).href,
    functionsUrl: new URL('functions/v1', base).href,
    headers,
    fetch: fetchWithAuth,
  };
  storage = null;
  functions = null;
  void realtime?.then((rt) => rt.disconnect());
  realtime = null;
  return client;
}

export function isSupabaseConfigured(): boolean {
  return connection !== null;
}

function current(): Connection {
  if (!connection) {
    throw new Error(
      'The Supabase client is not configured: the runtime config has no supabase entry.',
    );
  }
  return connection;
}

export function getSupabase(): BistroClient {
  return current().client;
}

/** The Storage client (loaded on first use), signed in as the client is. */
export function getStorage(): Promise<StorageClient> {
  const { storageUrl, headers, fetch: fetchWithAuth } = current();
  storage ??= import('@supabase/storage-js').then(
    ({ StorageClient }) => new StorageClient(storageUrl, headers, fetchWithAuth),
  );
  return storage;
}

/** The Edge Functions client (loaded on first use), signed in as the client is. */
export function getFunctions(): Promise<FunctionsClient> {
  const { functionsUrl, headers, fetch: fetchWithAuth } = current();
  functions ??= import('@supabase/functions-js').then(
    ({ FunctionsClient }) =>
      new FunctionsClient(functionsUrl, { headers, customFetch: fetchWithAuth }),
  );
  return functions;
}

/**
 * The Realtime client (loaded on first use), one socket for the page, as
 * supabase-js builds it: the anon key as apikey, the signed-in user's token
 * for joins (callers run `setAuth()` before joining private channels and when
 * the session changes).
 */
export function getRealtime(): Promise<RealtimeClient> {
  const { realtimeUrl, anonKey, client } = current();
  realtime ??= import('@supabase/realtime-js').then(
    ({ RealtimeClient }) =>
      new RealtimeClient(realtimeUrl, {
        params: { apikey: anonKey },
        accessToken: async () =>
          (await client.auth.getSession()).data.session?.access_token ?? anonKey,
        // a dead socket is noticed within 15 s even when no close event arrives
        heartbeatIntervalMs: 15_000,
      }),
  );
  return realtime;
}

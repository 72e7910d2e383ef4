import type { AuthChangeEvent, GoTrueClient, Session } from '@supabase/auth-js';
import { PostgrestClient } from '@supabase/postgrest-js';
import type { FunctionsClient } from '@supabase/functions-js';
import type { RealtimeClient } from '@supabase/realtime-js';
import type { StorageClient } from '@supabase/storage-js';
import type { SupabaseClient } from '@supabase/supabase-js';
import type { Database } from '../database.types';
import { nextTask } from './scheduling';

/**
 * The part of a supabase-js client the suite uses on every page: the PostgREST
 * queries, typed exactly as supabase-js types them, and auth (GoTrue), whose
 * code loads when it is first needed: at start when a session may exist (one is
 * stored, or a sign-in link's tokens are in the URL), else when the visitor
 * signs in or another tab stores a session. A visitor's first page does not
 * download it; every request then carries the anon key, as supabase-js would
 * without a session. Storage, Edge Functions and Realtime are fetched on demand
 * too (`getStorage`, `getFunctions`, `getRealtime`).
 */
export type BistroClient = Pick<SupabaseClient<Database>, 'from' | 'rpc'> & {
  /** The auth client (one for the page), loaded on first call. */
  loadAuth(): Promise<GoTrueClient>;
  /** True when a session may exist now: one is stored, or the URL carries a sign-in link's tokens. */
  sessionMayExist(): boolean;
  /** Calls `onStored` when another tab of this site stores a session; returns a function that stops watching. */
  watchStoredSession(onStored: () => void): () => void;
  /** The session supabase-js has stored on this device (read without loading auth), or null. */
  storedSession(): Session | null;
};

interface Connection {
  client: BistroClient;
  realtimeUrl: string;
  anonKey: string;
  storageUrl: string;
  functionsUrl: string;
  headers: Record<string, string>;
  fetch: typeof fetch;
  /** The anon key, or the signed-in user's token once auth is loaded and has a session. */
  accessToken: () => Promise<string>;
  /** Called with the auth client when it is created (see `onAuthStateChange`). */
  authReady: Set<(auth: GoTrueClient) => void>;
  auth: GoTrueClient | null;
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
 * Where a server render finds the access token of the request it renders (see
 * `setRequestTokenSource`); null in a browser, whose token is its auth client's.
 */
let requestToken: (() => string | null) | null = null;

/**
 * On the server: every data request made while `source` returns a token carries
 * that member's token (the request being rendered, as the browser would send
 * it, so row-level security applies as there), else the anon key.
 */
export function setRequestTokenSource(source: (() => string | null) | null): void {
  requestToken = source;
}

/** The session storage key supabase-js derives from the project URL. */
const storageKeyFor = (base: URL) => `sb-${base.hostname.split('.')[0]}-auth-token`;

/**
 * Whether the URL is a sign-in link's landing (implicit flow: tokens or an
 * error in the fragment or the query), which auth-js reads on start
 * (`detectSessionInUrl`).
 */
function urlHasAuthResult(): boolean {
  if (typeof window === 'undefined') return false;
  const { search, hash } = window.location;
  return [new URLSearchParams(search), new URLSearchParams(hash.slice(1))].some(
    (params) => params.has('access_token') || params.has('error_description'),
  );
}

function storedSessionExists(storageKey: (key: string) => boolean): boolean {
  try {
    for (let i = 0; i < localStorage.length; i++) {
      const key = localStorage.key(i);
      if (key !== null && storageKey(key) && localStorage.getItem(key) !== null) return true;
    }
    return false;
  } catch {
    // Storage unreadable (blocked by the browser): let auth-js decide.
    return true;
  }
}

/** The session supabase-js keeps under `storageKey`, when it holds one with a user. */
function readStoredSession(storageKey: string): Session | null {
  try {
    const text = localStorage.getItem(storageKey);
    if (!text) return null;
    const value = JSON.parse(text) as Partial<Session> | null;
    return value && typeof value.access_token === 'string' && value.user?.id
      ? (value as Session)
      : null;
  } catch {
    return null;
  }
}

/**
 * Starts downloading the auth code before the runtime config has arrived, when
 * a session may exist (any supabase-js session key is stored, or the URL is a
 * sign-in link's landing), so a member's page does not wait for it afterwards.
 */
export function preloadAuthIfSignedIn(): void {
  if (urlHasAuthResult() || storedSessionExists((key) => /^sb-.+-auth-token$/.test(key))) {
    void import('@supabase/auth-js').catch(() => undefined);
  }
}

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
  const storageKey = storageKeyFor(base);
  let authLoad: Promise<GoTrueClient> | null = null;
  const loadAuth = (): Promise<GoTrueClient> => {
    authLoad ??= import('@supabase/auth-js').then(
      ({ AuthClient }) => {
        const auth = new AuthClient({
          url: new URL('auth/v1', base).href,
          headers: { Authorization: `Bearer ${anonKey}`, apikey: anonKey, ...headers },
          storageKey,
          autoRefreshToken: true,
          persistSession: true,
          detectSessionInUrl: true,
          flowType: 'implicit',
        });
        if (connection === own) {
          own.auth = auth;
          for (const ready of own.authReady) ready(auth);
        }
        return auth;
      },
      (error: unknown) => {
        // A failed download is retried by the next call.
        authLoad = null;
        throw error;
      },
    );
    return authLoad;
  };
  // Auth not loaded means nobody has signed in on this page (see BistroClient).
  const accessToken = async (): Promise<string> => {
    if (requestToken) return requestToken() ?? anonKey;
    if (!authLoad) return anonKey;
    try {
      const { data } = await (await authLoad).getSession();
      return data.session?.access_token ?? anonKey;
    } catch {
      // The auth code failed to download: the page is signed out (libs/auth).
      return anonKey;
    }
  };
  // Every data request carries the anon key and the signed-in user's token.
  const fetchWithAuth: typeof fetch = async (input, init) => {
    const request = new Headers(init?.headers);
    if (!request.has('apikey')) request.set('apikey', anonKey);
    if (!request.has('Authorization')) {
      request.set('Authorization', `Bearer ${await accessToken()}`);
    }
    return fetch(input, { ...init, headers: request });
  };
  const rest = new PostgrestClient<Database>(new URL('rest/v1', base).href, {
    headers,
    schema: 'public',
    fetch: withReadDeadline(fetchWithAuth),
    // one retry policy, the query client's (query-client.ts): postgrest-js's own (three more
    // tries, 1 + 2 + 4 s apart) kept a dead API's page spinning for 16 s
    retry: false,
  });
  const client = {
    from: (relation: string) => rest.from(relation as never),
    rpc: (fn: string, args?: object, options?: object) =>
      rest.rpc(fn as never, args as never, options as never),
    loadAuth,
    sessionMayExist: () => urlHasAuthResult() || storedSessionExists((key) => key === storageKey),
    storedSession: () => readStoredSession(storageKey),
    watchStoredSession: (onStored: () => void) => {
      const listener = (event: StorageEvent) => {
        if (event.key === storageKey && event.newValue !== null) onStored();
      };
      window.addEventListener('storage', listener);
      return () => window.removeEventListener('storage', listener);
    },
  } as unknown as BistroClient;
  const realtimeUrl = new URL('realtime/v1', base);
  realtimeUrl.protocol = realtimeUrl.protocol === 'https:' ? 'wss:' : 'ws:';
  const own: Connection = {
    client,
    realtimeUrl: realtimeUrl.href,
    anonKey,
    storageUrl: new URL('storage/v1', base).href,
    functionsUrl: new URL('functions/v1', base).href,
    headers,
    fetch: fetchWithAuth,
    accessToken,
    authReady: new Set(),
    auth: null,
  };
  connection = own;
  storage = null;
  functions = null;
  void realtime?.then((rt) => rt.disconnect());
  realtime = null;
  return client;
}

/**
 * How long a page waits for a read before it says the data could not load and offers Retry
 * (a read that ran out of time is not tried again: the guest decides).
 */
export const READ_DEADLINE_MS = 6_000;

/** The error a read gets when the API has not answered within READ_DEADLINE_MS. */
export class ReadDeadlineError extends Error {
  constructor() {
    super(`The server did not answer within ${READ_DEADLINE_MS / 1000} s.`);
    this.name = 'ReadDeadlineError';
  }
}

/**
 * Bounds reads (GET and HEAD) by READ_DEADLINE_MS. Writes are never cut off: a write the
 * server may already have applied must not look failed.
 */
export function withReadDeadline(inner: typeof fetch, deadlineMs = READ_DEADLINE_MS): typeof fetch {
  return async (input, init) => {
    const method = (
      init?.method ?? (input instanceof Request ? input.method : 'GET')
    ).toUpperCase();
    if (method !== 'GET' && method !== 'HEAD') return inner(input, init);
    const controller = new AbortController();
    const outer = init?.signal;
    const forward = () => controller.abort(outer?.reason);
    if (outer?.aborted) forward();
    else outer?.addEventListener('abort', forward, { once: true });
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, deadlineMs);
    try {
      return await inner(input, { ...init, signal: controller.signal });
    } catch (error) {
      throw timedOut ? new ReadDeadlineError() : error;
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', forward);
    }
  };
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

/**
 * Where the shell reports how released areas load (the backend's /releases/v1/reports) and
 * the anon key its gateway asks for; null before the client is configured.
 */
export function releaseReportsEndpoint(): { url: string; anonKey: string } | null {
  if (!connection) return null;
  return {
    url: connection.storageUrl.replace(/storage\/v1$/, 'releases/v1/reports'),
    anonKey: connection.anonKey,
  };
}

/** The Storage API's base URL (".../storage/v1"), for addresses built without the client. */
export function storageApiUrl(): string {
  return current().storageUrl;
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
  const { realtimeUrl, anonKey, accessToken } = current();
  realtime ??= import('@supabase/realtime-js').then(async ({ RealtimeClient }) => {
    // The client is built in the task after the one that evaluated its code (together
    // they were one long task on a phone).
    await nextTask();
    return new RealtimeClient(realtimeUrl, {
      params: { apikey: anonKey },
      accessToken,
      // a dead socket is noticed within 15 s even when no close event arrives
      heartbeatIntervalMs: 15_000,
    });
  });
  return realtime;
}

/**
 * Follows the page's auth changes (supabase-js's `auth.onAuthStateChange`)
 * from when the auth client exists (now, if it does). Returns the unsubscribe.
 */
export function onAuthStateChange(
  callback: (event: AuthChangeEvent, session: Session | null) => void,
): () => void {
  const own = current();
  let unsubscribe: (() => void) | null = null;
  const follow = (auth: GoTrueClient) => {
    own.authReady.delete(follow);
    const { subscription } = auth.onAuthStateChange(callback).data;
    unsubscribe = () => subscription.unsubscribe();
  };
  if (own.auth) follow(own.auth);
  else own.authReady.add(follow);
  return () => {
    own.authReady.delete(follow);
    unsubscribe?.();
  };
}

// The shell's server renderer (its server build's entry, dist/server/main.js):
// the web server calls `renderPage` for a page request and streams what it
// returns into #root. It renders the same <App> the browser hydrates, with the
// request's URL and its own query cache; the area that owns the path is loaded
// through the Module Federation runtime from that area's server build, by URL,
// from where the area is deployed.
import type { ReactNode } from 'react';
import { AsyncLocalStorage } from 'node:async_hooks';
import { PassThrough, type Readable } from 'node:stream';
import { renderToPipeableStream } from 'react-dom/server';
import { prerenderToNodeStream } from 'react-dom/static';
import { StaticRouter } from 'react-router';
import { QueryClient, dehydrate } from '@tanstack/react-query';
import { ServerStyleSheet } from 'styled-components';
import { registerRemotes } from '@module-federation/enhanced/runtime';
import type { Session, User } from '@supabase/supabase-js';
import { configureSupabase, setRequestTokenSource } from '@bistro/data';
import { AuthViewerProvider, lookUpRoles, useAuthStore } from '@bistro/auth';
import { findRoute, type RemoteName } from '@bistro/ui';
import { App } from '../app/app';
import { stringifyQueryState } from '../app/query-state';
import { loadArea, resetArea } from '../features/remotes/federation';
import { forgetArea } from '../features/remotes/remote-area';

export interface RenderRequest {
  /** The page's path and query. */
  url: string;
  /** The backend the page reads (the runtime config's), with the anon key. */
  supabase: { url: string; anonKey: string } | null;
  /** Each area's server build (its remoteEntry.js URL, versioned so a redeploy is a new URL). */
  remotes: Partial<Record<RemoteName, string>>;
  /** The response's CSP nonce, for React's inline scripts and the style tags. */
  nonce: string;
  /** How long the page's data may take before the page is sent without it (ms). */
  dataDeadlineMs?: number;
  /**
   * The member's session from the request's cookie, its access token already
   * verified by the web server: the page is rendered as that member sees it.
   */
  session?: { accessToken: string } | null;
}

/** Who a page was rendered for (in the query state): the browser hydrates it only as the same member. */
export interface RenderedViewer {
  id: string;
  isAdmin: boolean;
  isStaff: boolean;
}

export interface RenderResult {
  /** The markup of #root, styles inline before the elements that use them. */
  body: Readable;
  /** The query cache the markup was rendered with, dehydrated (JSON, see query-state.ts). */
  state: () => string;
}

/** Thrown when the area that owns the page cannot be loaded: the page is rendered in the browser. */
export class AreaUnavailableError extends Error {
  constructor(
    readonly area: RemoteName,
    cause: unknown,
  ) {
    super(`The ${area} area's server build could not be loaded`, { cause });
  }
}

/**
 * The pages rendered on the server: what a visitor sees is the page (a
 * member's pages depend on the session, which the browser holds).
 */
export const serverRenderedPaths: ReadonlySet<string> = new Set([
  '/',
  '/events',
  '/order',
  '/contact',
  '/privacy',
  '/privacy-policy',
  '/reserve',
  '/tables',
  '/auth',
  '/scanner',
  '/chat',
  '/bookings/cancel',
]);

/**
 * The pages rendered on the server for a member (from the session cookie),
 * besides the public ones (a member's home page has their panel): theirs
 * depend on who is signed in. /auth is left to the browser, which sends a
 * signed-in member on.
 */
export const memberRenderedPaths: ReadonlySet<string> = new Set([
  '/song-requests',
  '/djs',
  '/profile',
]);

/**
 * Whether the page at `pathname` is rendered on the server, for a visitor or,
 * with `member` set, for the member whose session the request carries (the web
 * server asks before it fetches anything).
 */
export function rendersOnServer(pathname: string, { member = false } = {}): boolean {
  const route = findRoute(pathname);
  if (route === undefined) return false;
  if (member)
    return (
      memberRenderedPaths.has(route.path) ||
      (serverRenderedPaths.has(route.path) && route.path !== '/auth')
    );
  return serverRenderedPaths.has(route.path);
}

/** The areas that own a page rendered on the server (their server builds are loaded ahead). */
export const serverRenderedAreas: readonly RemoteName[] = [
  ...new Set(
    [...serverRenderedPaths, ...memberRenderedPaths]
      .map((path) => findRoute(path)?.owner)
      .filter((owner): owner is RemoteName => owner !== undefined && owner !== 'shell'),
  ),
];

/**
 * The access token of the request being rendered: every data request made
 * while rendering it carries that member's token (or the anon key), so
 * row-level security decides what the render reads, as in the browser.
 */
const requestToken = new AsyncLocalStorage<string | null>();
setRequestTokenSource(() => requestToken.getStore() ?? null);

let configuredBackend: string | null = null;
let backendClient: ReturnType<typeof configureSupabase> | null = null;
const registered = new Map<RemoteName, string>();

/** Points the data layer at the backend, once per backend. */
function connectBackend(supabase: RenderRequest['supabase']): void {
  const key = supabase ? `${supabase.url} ${supabase.anonKey}` : '';
  if (key === configuredBackend) return;
  configuredBackend = key;
  backendClient = supabase ? configureSupabase(supabase) : null;
  // The server renders what a visitor sees; a member's page is rendered in the browser.
  useAuthStore.getState().setSession(null);
}

/** Registers each area's server build; an area whose URL changed (a new deploy) is loaded afresh. */
function registerAreaServerBuilds(remotes: RenderRequest['remotes']): void {
  for (const [name, entry] of Object.entries(remotes) as [RemoteName, string][]) {
    if (registered.get(name) === entry) continue;
    registerRemotes([{ name, entry, type: 'commonjs-module' }], { force: registered.has(name) });
    registered.set(name, entry);
    resetArea(name);
    forgetArea(name);
  }
}

function newQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: { queries: { staleTime: 30_000, retry: false } },
  });
}

/** A router for one request's URL: StaticRouter renders what BrowserRouter would for it. */
function routerFor(url: string) {
  return function RequestRouter({ children }: { children: ReactNode }) {
    return <StaticRouter location={url}>{children}</StaticRouter>;
  };
}

/** Renders the whole tree once, waiting for every lazy part, and discards the output. */
async function renderAll(tree: ReactNode): Promise<void> {
  const { prelude } = await prerenderToNodeStream(tree);
  prelude.resume();
  await new Promise<void>((resolve, reject) => {
    prelude.on('end', resolve);
    prelude.on('error', reject);
  });
}

/**
 * Fills the cache with what the page reads: each pass renders the tree, and the
 * queries it started (still pending: the server runs no effects) are fetched;
 * a query enabled by another's result shows up in the next pass. What does not
 * answer within the deadline is left to the browser.
 */
async function loadData(tree: ReactNode, client: QueryClient, deadline: number): Promise<void> {
  for (let pass = 0; pass < 3; pass++) {
    await renderAll(tree);
    const pending = client
      .getQueryCache()
      .getAll()
      .filter((query) => query.state.status === 'pending' && query.state.fetchStatus === 'idle');
    if (pending.length === 0 || Date.now() >= deadline) return;
    const fetches = Promise.allSettled(pending.map((query) => query.fetch()));
    let timer: ReturnType<typeof setTimeout> | undefined;
    const timeout = new Promise<void>((resolve) => {
      timer = setTimeout(resolve, Math.max(0, deadline - Date.now()));
    });
    await Promise.race([fetches, timeout]);
    clearTimeout(timer);
  }
}

/**
 * Loads the areas' server builds before the first page that needs one: an
 * area's first render would otherwise wait for its code (fetched, then
 * evaluated), past the page's data deadline. The web server calls it when it
 * reads a runtime config.
 */
export async function warmUp(request: Pick<RenderRequest, 'supabase' | 'remotes'>): Promise<void> {
  connectBackend(request.supabase);
  registerAreaServerBuilds(request.remotes);
  await Promise.allSettled(
    (Object.keys(request.remotes) as RemoteName[]).map((name) => loadArea(name)),
  );
}

/** A member for a render: the session as the browser's auth client holds it, and their roles. */
interface RenderMember {
  session: Session;
  viewer: RenderedViewer;
}

/** The seconds-since-epoch expiry a JWT states, or null. */
function expiryOf(token: string): number | null {
  try {
    const part = token.split('.')[1] ?? '';
    const claims = JSON.parse(Buffer.from(part, 'base64url').toString('utf8')) as { exp?: unknown };
    return typeof claims.exp === 'number' ? claims.exp : null;
  } catch {
    return null;
  }
}

/**
 * The member a verified access token belongs to, as the auth API describes them
 * to that token (a session signed out since is refused there), with their roles
 * read with the same token; null when the API refuses it: the page is then
 * rendered as a visitor sees it.
 */
async function memberFor(
  supabase: NonNullable<RenderRequest['supabase']>,
  accessToken: string,
  deadline: number,
): Promise<RenderMember | null> {
  const base = supabase.url.endsWith('/') ? supabase.url : `${supabase.url}/`;
  const response = await fetch(new URL('auth/v1/user', base), {
    headers: { apikey: supabase.anonKey, Authorization: `Bearer ${accessToken}` },
    signal: AbortSignal.timeout(Math.max(1, deadline - Date.now())),
  }).catch(() => null);
  if (!response?.ok) return null;
  const user = (await response.json().catch(() => null)) as User | null;
  const expiresAt = expiryOf(accessToken);
  if (!user?.id || !backendClient || expiresAt === null) return null;
  const client = backendClient;
  const roles = await requestToken.run(accessToken, () => lookUpRoles(client, user.id));
  const session: Session = {
    access_token: accessToken,
    token_type: 'bearer',
    expires_at: expiresAt,
    expires_in: Math.max(0, expiresAt - Math.floor(Date.now() / 1000)),
    // The server never refreshes: the browser's auth client holds the refresh token.
    refresh_token: '',
    user,
  };
  return { session, viewer: { id: user.id, ...roles } };
}

/**
 * The page for `request.url`, rendered to HTML with its data and styles, as a
 * visitor sees it or, with a session, as that member does; null for a page the
 * browser renders.
 */
export async function renderPage(request: RenderRequest): Promise<RenderResult | null> {
  const route = findRoute(new URL(request.url, 'http://localhost').pathname);
  if (!route || !rendersOnServer(route.path, { member: Boolean(request.session) })) return null;
  const deadline = Date.now() + (request.dataDeadlineMs ?? 1500);
  connectBackend(request.supabase);
  registerAreaServerBuilds(request.remotes);
  const owner = route.owner;
  const [member] = await Promise.all([
    request.session && request.supabase
      ? memberFor(request.supabase, request.session.accessToken, deadline)
      : null,
    owner && owner !== 'shell'
      ? loadArea(owner).catch((error: unknown) => {
          throw new AreaUnavailableError(owner, error);
        })
      : null,
  ]);
  if (!member && !rendersOnServer(route.path)) return null;
  return requestToken.run(member?.session.access_token ?? null, () =>
    renderTree(request, member, deadline),
  );
}

async function renderTree(
  request: RenderRequest,
  member: RenderMember | null,
  deadline: number,
): Promise<RenderResult> {
  const client = newQueryClient();
  const app = <App Router={routerFor(request.url)} client={client} />;
  // Each render reads its own viewer: requests of several members render at once.
  const tree = member ? (
    <AuthViewerProvider
      session={member.session}
      isAdmin={member.viewer.isAdmin}
      isStaff={member.viewer.isStaff}
    >
      {app}
    </AuthViewerProvider>
  ) : (
    <AuthViewerProvider session={null}>{app}</AuthViewerProvider>
  );
  await loadData(tree, client, deadline);
  // What the server could not read is left to the browser, as what did not answer in time is:
  // the markup shows it loading, as the browser's first render does before its own fetch (an
  // error is not sent in the page's state, so rendering it here would not hydrate).
  client.removeQueries({ predicate: (query) => query.state.status === 'error' });

  const sheet = new ServerStyleSheet();
  const body = new PassThrough();
  await new Promise<void>((resolve, reject) => {
    const stream = renderToPipeableStream(sheet.collectStyles(tree), {
      nonce: request.nonce,
      // A finished part is sent in place, however large: React would otherwise send a large
      // one after its fallback, to be swapped in by a script (no content without JavaScript).
      progressiveChunkSize: Number.POSITIVE_INFINITY,
      onShellReady() {
        const withStyles = sheet.interleaveWithNodeStream(stream);
        withStyles.on('end', () => sheet.seal());
        (withStyles as unknown as Readable).pipe(body);
        resolve();
      },
      onShellError(error) {
        sheet.seal();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    });
  });
  // styled-components' tags carry no nonce of their own: the page's CSP needs it.
  const nonced = new PassThrough();
  body.on('data', (chunk: Buffer | string) =>
    nonced.write(
      String(chunk).replace(/<style data-styled=/g, `<style nonce="${request.nonce}" data-styled=`),
    ),
  );
  body.on('end', () => nonced.end());
  body.on('error', (error) => nonced.destroy(error));
  const viewer: RenderedViewer | null = member?.viewer ?? null;
  return {
    body: nonced,
    state: () => stringifyQueryState({ ...dehydrate(client), viewer }),
  };
}

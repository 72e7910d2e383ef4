import { startTransition } from 'react';
import { createRoot, hydrateRoot, type Root } from 'react-dom/client';
import { hydrate } from '@tanstack/react-query';
import {
  configureSupabase,
  loadRuntimeConfig,
  nextTask,
  preloadAuthIfSignedIn,
  queryClient,
} from '@bistro/data';
import { adoptRenderedSession, startAuthListener, useAuthStore } from '@bistro/auth';
import { findRoute } from '@bistro/ui';
import { preloadArea, registerAreaRemotes } from './features/remotes/federation';
import { App } from './app/app';
import { parseQueryState } from './app/query-state';
import { StartupError } from './app/startup-error';
import { configFetch, configUrl } from './boot-config';
import { clearSessionCookie, syncSessionCookie } from './features/auth/session-cookie';

/** The id of the query cache a server-rendered page carries (apps/web-server). */
const queryStateId = 'query-state';

/**
 * The query cache the server rendered this page with, or null when the page was
 * not server-rendered. The block is read once and taken out of the page: its
 * data now lives in the query cache, and stored text (an event's description)
 * is not left in a <script> element.
 */
function serverQueryState(): unknown {
  const block = document.getElementById(queryStateId);
  if (!block) return null;
  const text = block.textContent;
  block.remove();
  if (!text) return null;
  try {
    return parseQueryState(text);
  } catch {
    return null;
  }
}

/** Who the server rendered the page for (apps/shell/src/server/render.tsx), or null: a visitor. */
function renderedViewer(state: unknown): { id: string; isAdmin: boolean; isStaff: boolean } | null {
  const viewer = (state as { viewer?: unknown } | null)?.viewer;
  if (typeof viewer !== 'object' || viewer === null) return null;
  const { id, isAdmin, isStaff } = viewer as Record<string, unknown>;
  return typeof id === 'string'
    ? { id, isAdmin: isAdmin === true, isStaff: isStaff === true }
    : null;
}

/**
 * Renders the app once the runtime config is read (main.ts calls it, after the
 * modules are evaluated). A page the server rendered is hydrated when the
 * page's viewer is the one it was rendered for: a visitor's when no session is
 * stored, a member's (from the session cookie) when this device stores that
 * member's session, whose store then starts with it. React adopts the markup,
 * with the query cache it was rendered with, so nothing on screen changes.
 * Otherwise the page is rendered afresh, and a cookie that no stored session
 * backs is removed.
 */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const serverState = serverQueryState();
  let root: Root | null = serverState ? null : createRoot(container);
  // A member's session check needs the auth code: fetch it alongside the config.
  preloadAuthIfSignedIn();
  try {
    const config = await loadRuntimeConfig(configUrl, { fetchImpl: configFetch });
    // The steps of the start each run in a task of their own (together they were one long
    // task on a phone): the remotes, then the session and the first render.
    await nextTask();
    registerAreaRemotes(config.remotes, config.releases);
    // The page's area starts loading now, not when the first render reaches it.
    const owner = findRoute(window.location.pathname)?.owner;
    if (owner && owner !== 'shell') preloadArea(owner);
    await nextTask();
    const supabase = config.supabase ? configureSupabase(config.supabase) : null;
    const viewer = renderedViewer(serverState);
    syncSessionCookie(viewer?.id ?? null);
    if (viewer) {
      const stored = supabase?.storedSession() ?? null;
      if (stored?.user.id === viewer.id) adoptRenderedSession(stored, viewer);
      else clearSessionCookie();
    }
    startAuthListener(supabase);
    const { status, session } = useAuthStore.getState();
    const matches = viewer
      ? status === 'signedIn' && session?.user.id === viewer.id
      : status === 'signedOut';
    if (serverState && matches) {
      hydrate(queryClient, serverState);
      startTransition(() => {
        hydrateRoot(container, <App />, {
          // A part that could not be hydrated is rendered again (React recovers): say where.
          onRecoverableError(error, info) {
            console.error('Hydration recovered by rendering again', error, info.componentStack);
          },
        });
      });
      return;
    }
    const clientRoot = (root ??= createRoot(container));
    // A transition: React renders in slices and yields to the browser between them.
    startTransition(() => clientRoot.render(<App />));
  } catch (error) {
    console.error(error);
    root ??= createRoot(container);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  }
}

import { startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { configureSupabase, loadRuntimeConfig, preloadAuthIfSignedIn } from '@bistro/data';
import { startAuthListener } from '@bistro/auth';
import { findRoute } from '@bistro/ui';
import { preloadArea, registerAreaRemotes } from './features/remotes/federation';
import { App } from './app/app';
import { StartupError } from './app/startup-error';
import { configFetch, configUrl } from './boot-config';

/** Renders the app once the runtime config is read (main.ts calls it, after the modules are evaluated). */
export async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A member's session check needs the auth code: fetch it alongside the config.
  preloadAuthIfSignedIn();
  try {
    const config = await loadRuntimeConfig(configUrl, { fetchImpl: configFetch });
    registerAreaRemotes(config.remotes, config.releases);
    // The page's area starts loading now, not when the first render reaches it.
    const owner = findRoute(window.location.pathname)?.owner;
    if (owner && owner !== 'shell') preloadArea(owner);
    const supabase = config.supabase ? configureSupabase(config.supabase) : null;
    startAuthListener(supabase);
    // A transition: React renders in slices and yields to the browser between them.
    startTransition(() => root.render(<App />));
  } catch (error) {
    console.error(error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  }
}

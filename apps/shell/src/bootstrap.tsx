import { createRoot } from 'react-dom/client';
import { configureSupabase, fetchRuntimeConfig, preloadAuthIfSignedIn } from '@bistro/data';
import { startAuthListener } from '@bistro/auth';
import { registerAreaRemotes } from './features/remotes/federation';
import { App } from './app/app';
import { StartupError } from './app/startup-error';

async function start(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element');
  const root = createRoot(container);
  // A member's session check needs the auth code: fetch it alongside config.json.
  preloadAuthIfSignedIn();
  try {
    const config = await fetchRuntimeConfig('/config.json');
    registerAreaRemotes(config.remotes);
    const supabase = config.supabase ? configureSupabase(config.supabase) : null;
    startAuthListener(supabase);
    root.render(<App />);
  } catch (error) {
    console.error(error);
    root.render(<StartupError message={error instanceof Error ? error.message : String(error)} />);
  }
}

void start();

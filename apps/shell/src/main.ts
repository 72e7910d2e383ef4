import './csp-nonce';
import './boot-config';

declare const __SHELL_ASYNC_BOUNDARY__: boolean;

/** Ends the current task so the browser can paint and handle input before the next step. */
function yieldToBrowser(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

if (__SHELL_ASYNC_BOUNDARY__) {
  // Dev: the async boundary lets Module Federation load the shared singletons
  // before any of them is evaluated.
  void import('./bootstrap').then(({ start }) => start());
} else {
  // Production: the shell provides every shared singleton eagerly
  // (tools/rspack/shared.ts), so they are in this entry, ready for synchronous
  // use, and the app is bundled into it too ("eager" mode: no chunk to wait
  // for before the first render). Its evaluation is split into tasks the
  // browser can run other work between (a phone's CPU would otherwise spend
  // one long task on it): this entry, React DOM, styled-components (whose
  // first evaluation takes over the server-rendered page's styles), the router
  // and the query client, the app's layout with the parts of the workspace
  // libraries it uses, the rest of the app's modules, then its start (config,
  // remotes, first render; bootstrap.tsx splits it further).
  void (async () => {
    await yieldToBrowser();
    await import(/* webpackMode: "eager" */ 'react-dom/client');
    await yieldToBrowser();
    await import(/* webpackMode: "eager" */ 'styled-components');
    await yieldToBrowser();
    await Promise.all([
      import(/* webpackMode: "eager" */ 'react-router-dom'),
      import(/* webpackMode: "eager" */ '@tanstack/react-query'),
    ]);
    await yieldToBrowser();
    await import(/* webpackMode: "eager" */ './features/layout/layout');
    await yieldToBrowser();
    const { start } = await import(/* webpackMode: "eager" */ './bootstrap');
    await yieldToBrowser();
    await start();
    // the offline service worker: after the page is interactive, never in its first load
    const { registerServiceWorker } = await import(
      /* webpackMode: "eager" */ './features/offline/register-service-worker'
    );
    registerServiceWorker();
  })();
}

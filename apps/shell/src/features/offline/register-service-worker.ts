/**
 * Registers the service worker (public/sw.js) once the page is interactive, so its
 * download never competes with the first load, then asks it for a snapshot of
 * this moment's shell and areas (what an offline load will get). Every load asks
 * again: an area deployed since is in the next snapshot.
 */
export function registerServiceWorker(win: Window = window): void {
  const nav = win.navigator;
  if (!('serviceWorker' in nav) || !win.isSecureContext) return;
  const register = () => {
    nav.serviceWorker
      .register('/sw.js', { scope: '/' })
      .then(() => nav.serviceWorker.ready)
      .then((registration) => {
        // offline, the snapshot the page came from stays
        if (nav.onLine !== false) registration.active?.postMessage({ type: 'snapshot' });
      })
      .catch((error: unknown) => console.warn('The offline service worker did not start', error));
  };
  const whenIdle = () => {
    if ('requestIdleCallback' in win) win.requestIdleCallback(register, { timeout: 5_000 });
    else setTimeout(register, 1_000);
  };
  if (win.document.readyState === 'complete') whenIdle();
  else win.addEventListener('load', whenIdle, { once: true });
}

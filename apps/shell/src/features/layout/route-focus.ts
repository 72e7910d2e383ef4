import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router-dom';

/** How long a new page may take to draw its heading (a remote that is still loading). */
const HEADING_WAIT_MS = 8_000;
/** How long a restored position may wait for the page to grow tall enough to reach it. */
const RESTORE_WAIT_MS = 3_000;

/** The new page's main heading, made focusable without entering the tab order. */
function pageHeading(main: HTMLElement): HTMLElement | null {
  const heading = main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('h2');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * Focus belongs to the page's heading unless the guest (or the page itself, e.g. a form's
 * first field) has already put it somewhere inside the new page or a dialog.
 */
function focusIsFree(main: HTMLElement): boolean {
  const active = document.activeElement;
  if (!active || active === document.body || active === main) return true;
  if (active.closest('[role="dialog"]')) return false;
  return !main.contains(active);
}

/** Calls `found` with the page heading once it is drawn; returns a cancel function. */
function whenHeading(main: HTMLElement, found: (heading: HTMLElement) => void): () => void {
  const now = pageHeading(main);
  if (now) {
    found(now);
    return () => undefined;
  }
  const observer = new MutationObserver(() => {
    const heading = pageHeading(main);
    if (!heading) return;
    stop();
    found(heading);
  });
  const timer = window.setTimeout(() => stop(), HEADING_WAIT_MS);
  const stop = () => {
    observer.disconnect();
    window.clearTimeout(timer);
  };
  observer.observe(main, { childList: true, subtree: true });
  return stop;
}

/** Scrolls to `y` as soon as the page is tall enough to get there (content still loading). */
function restoreScroll(y: number): () => void {
  const until = performance.now() + RESTORE_WAIT_MS;
  let frame = 0;
  const step = () => {
    const reachable = document.documentElement.scrollHeight - window.innerHeight;
    window.scrollTo(0, Math.min(y, Math.max(reachable, 0)));
    if (reachable < y && performance.now() < until) frame = requestAnimationFrame(step);
  };
  step();
  return () => cancelAnimationFrame(frame);
}

/**
 * What a change of page does, as on a site of separate pages: a new page (a link, a
 * redirect) starts at the top with focus on its heading, so a screen reader announces it;
 * back and forward return to where the guest was on that page. A change of the query string
 * alone (a dialog opened by `?book=`, a filter) keeps the page where it is.
 */
export function useRouteFocus(mainId: string): void {
  const location = useLocation();
  const navigationType = useNavigationType();
  const positions = useRef(new Map<string, number>());
  const pathname = useRef(location.pathname);

  // the app, not the browser, puts the page back: the browser would try before the content is
  // there
  useEffect(() => {
    if (!('scrollRestoration' in window.history)) return;
    const before = window.history.scrollRestoration;
    window.history.scrollRestoration = 'manual';
    return () => {
      window.history.scrollRestoration = before;
    };
  }, []);

  // where the guest is on each history entry: scroll events are delivered a frame late, so
  // they are credited to the entry that was current when they happened (set below, at the
  // commit of a navigation), not to whichever entry a later effect subscribes for
  const currentKey = useRef(location.key);
  useEffect(() => {
    const remember = () => positions.current.set(currentKey.current, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  useLayoutEffect(() => {
    currentKey.current = location.key;
    if (location.pathname === pathname.current) return;
    pathname.current = location.pathname;
    if (navigationType === 'POP') return restoreScroll(positions.current.get(location.key) ?? 0);
    if (location.hash) return;
    window.scrollTo(0, 0);
    const main = document.getElementById(mainId);
    if (!main) return;
    return whenHeading(main, (heading) => {
      if (focusIsFree(main)) heading.focus({ preventScroll: true });
    });
  }, [location.key, location.pathname, location.hash, navigationType, mainId]);
}

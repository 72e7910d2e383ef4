import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { onSessionEvent } from '@bistro/auth';

/**
 * Where the web server keeps the session cookie its page renders read
 * (apps/web-server: HttpOnly, so only the server writes it). It verifies each
 * token before it stores it.
 */
export const sessionEndpoint = '/auth/session';

type Send = (input: string, init: RequestInit) => Promise<unknown>;
type Subscribe = typeof onSessionEvent;

/**
 * Keeps the session cookie in step with the page's session: each new access
 * token (sign-in, token refresh, user update, a session found on load) is
 * handed to the web server, and sign-out removes the cookie. Requests leave in
 * the order of the events, so the last one wins. `renderedFor` is the member
 * the server rendered this page for (its cookie then already holds their
 * token), or null.
 * Returns a function that stops following.
 */
export function syncSessionCookie(
  renderedFor: string | null,
  send: Send = (input, init) => fetch(input, init),
  subscribe: Subscribe = onSessionEvent,
): () => void {
  let queue: Promise<unknown> = Promise.resolve();
  // The token the cookie holds as far as this page knows: undefined when unknown.
  let held: string | null | undefined;
  const enqueue = (init: RequestInit) => {
    queue = queue
      .then(() => send(sessionEndpoint, { credentials: 'same-origin', keepalive: true, ...init }))
      // A server without the endpoint (a dev server, a static host): pages render in the browser.
      .catch(() => undefined);
  };
  const store = (token: string) => {
    if (held === token) return;
    held = token;
    enqueue({
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ access_token: token }),
    });
  };
  const clear = () => {
    if (held === null) return;
    held = null;
    enqueue({ method: 'DELETE' });
  };
  return subscribe((event: AuthChangeEvent, session: Session | null) => {
    if (!session) {
      // Signed out, or no session on load while the server rendered for a member.
      if (event === 'SIGNED_OUT' || renderedFor !== null || held !== undefined) clear();
      return;
    }
    if (event === 'INITIAL_SESSION' && held === undefined && session.user.id === renderedFor) {
      // The server rendered this page with the cookie's token: it holds this member's session.
      held = session.access_token;
      return;
    }
    store(session.access_token);
  });
}

/** Removes the session cookie (the page found no session for the member the server rendered for). */
export function clearSessionCookie(send: Send = (input, init) => fetch(input, init)): void {
  void send(sessionEndpoint, { method: 'DELETE', credentials: 'same-origin' }).catch(
    () => undefined,
  );
}

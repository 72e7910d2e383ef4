import { describe, expect, it } from 'vitest';
import type { AuthChangeEvent, Session } from '@supabase/supabase-js';
import { clearSessionCookie, sessionEndpoint, syncSessionCookie } from './session-cookie';

function session(userId: string, accessToken: string): Session {
  return {
    access_token: accessToken,
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: userId,
      email: `${userId}@example.com`,
      app_metadata: {},
      user_metadata: {},
      aud: 'authenticated',
      created_at: '',
    },
  };
}

/** The cookie requests the page sends, in order, and a way to play auth events. */
function harness(renderedFor: string | null) {
  const sent: string[] = [];
  let listener: ((event: AuthChangeEvent, s: Session | null) => void) | null = null;
  const stop = syncSessionCookie(
    renderedFor,
    async (input, init) => {
      expect(input).toBe(sessionEndpoint);
      expect(init.credentials).toBe('same-origin');
      const body = init.body ? (JSON.parse(String(init.body)) as { access_token: string }) : null;
      sent.push(`${init.method} ${body?.access_token ?? ''}`.trim());
      if (body) expect(new Headers(init.headers).get('Content-Type')).toBe('application/json');
    },
    (follow) => {
      listener = follow;
      return () => {
        listener = null;
      };
    },
  );
  /** Plays the events and lets the queued requests go out. */
  const play = async (...events: [AuthChangeEvent, Session | null][]) => {
    for (const [event, s] of events) listener?.(event, s);
    for (let i = 0; i < 20; i++) await Promise.resolve();
  };
  return { sent, play, stop };
}

describe('the session cookie follows the page’s session', () => {
  it('is set on sign-in and on each refresh, and removed on sign-out, in that order', async () => {
    const { sent, play } = harness(null);
    await play(
      ['INITIAL_SESSION', null],
      ['SIGNED_IN', session('maya', 't1')],
      // auth-js reports SIGNED_IN again when a tab comes back: the same token is not sent twice
      ['SIGNED_IN', session('maya', 't1')],
      ['TOKEN_REFRESHED', session('maya', 't2')],
      ['USER_UPDATED', session('maya', 't3')],
      ['SIGNED_OUT', null],
    );
    expect(sent).toEqual(['POST t1', 'POST t2', 'POST t3', 'DELETE']);
  });

  it('hands a session found on load to the server when the page was not rendered for it', async () => {
    const { sent, play } = harness(null);
    await play(['INITIAL_SESSION', session('maya', 't1')]);
    expect(sent).toEqual(['POST t1']);
  });

  it('sends nothing on load for the member the server rendered the page for', async () => {
    const { sent, play } = harness('maya');
    await play(['INITIAL_SESSION', session('maya', 't1')]);
    expect(sent).toEqual([]);
    await play(['TOKEN_REFRESHED', session('maya', 't2')]);
    expect(sent).toEqual(['POST t2']);
  });

  it('replaces the cookie of another member, and removes one no session backs', async () => {
    const other = harness('leo');
    await other.play(['INITIAL_SESSION', session('maya', 't1')]);
    expect(other.sent).toEqual(['POST t1']);
    const none = harness('leo');
    await none.play(['INITIAL_SESSION', null]);
    expect(none.sent).toEqual(['DELETE']);
  });

  it('stops when told to', async () => {
    const { sent, play, stop } = harness(null);
    stop();
    await play(['SIGNED_IN', session('maya', 't1')]);
    expect(sent).toEqual([]);
  });

  it('a failed request (a server without the endpoint) does not stop later ones', async () => {
    const sent: string[] = [];
    const follower: { listener?: (event: AuthChangeEvent, s: Session | null) => void } = {};
    syncSessionCookie(
      null,
      async (_input, init) => {
        sent.push(String(init.method));
        throw new TypeError('Failed to fetch');
      },
      (follow) => {
        follower.listener = follow;
        return () => undefined;
      },
    );
    follower.listener?.('SIGNED_IN', session('maya', 't1'));
    follower.listener?.('SIGNED_OUT', null);
    for (let i = 0; i < 20; i++) await Promise.resolve();
    expect(sent).toEqual(['POST', 'DELETE']);
  });

  it('clearSessionCookie asks the server to remove it', async () => {
    const sent: string[] = [];
    clearSessionCookie(async (input, init) => sent.push(`${init.method} ${input}`));
    await Promise.resolve();
    expect(sent).toEqual([`DELETE ${sessionEndpoint}`]);
  });
});

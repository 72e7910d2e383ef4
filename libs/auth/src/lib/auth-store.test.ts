import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session } from '@supabase/supabase-js';
import { act, renderHook } from '@testing-library/react';
import { createElement, type ReactNode } from 'react';
import {
  AuthViewerProvider,
  adoptRenderedSession,
  onSessionEvent,
  selectViewer,
  signOut,
  startAuthListener,
  useAuthStore,
  useUserId,
  type AuthCapableClient,
} from './auth-store';
import { signInWithPassword } from './auth-actions';

function session(email: string): Session {
  return {
    access_token: 'a',
    refresh_token: 'r',
    expires_in: 3600,
    expires_at: Math.floor(Date.now() / 1000) + 3600,
    token_type: 'bearer',
    user: {
      id: 'u1',
      email,
      app_metadata: {},
      user_metadata: {},
      aud: 'authenticated',
      created_at: '',
    },
  };
}

/**
 * A stand-in for libs/data's client: its auth records listeners and sign-outs;
 * `stored` says whether a session is in storage (or a sign-in link in the URL),
 * as the real client reports it.
 */
function fakeClient(
  initial: Session | null,
  signOutError: Error | null = null,
  adminIds: string[] = [],
  stored = initial !== null,
) {
  let listener: ((event: string, s: Session | null) => void) | null = null;
  const signOutCalls: string[] = [];
  const watchers = new Set<() => void>();
  let authLoads = 0;
  const auth = {
    signInWithPassword: async () => {
      const signedIn = session('new@example.com');
      listener?.('SIGNED_IN', signedIn);
      return { data: { session: signedIn }, error: null };
    },
    onAuthStateChange: (cb: (event: string, s: Session | null) => void) => {
      listener = cb;
      return { data: { subscription: { unsubscribe: () => (listener = null) } } };
    },
    getSession: async () => ({ data: { session: initial }, error: null }),
    signOut: async ({ scope }: { scope: string }) => {
      signOutCalls.push(scope);
      return { error: scope === 'global' ? signOutError : null };
    },
  };
  // user_roles lookup: .from().select().eq(user_id).eq(role).maybeSingle()
  const from = (table: string) => {
    const filters: Record<string, string> = {};
    const query = {
      select: () => query,
      eq: (column: string, value: string) => {
        filters[column] = value;
        return query;
      },
      maybeSingle: async () => ({
        data:
          table === 'user_roles' &&
          filters['role'] === 'admin' &&
          adminIds.includes(filters['user_id'] ?? '')
            ? { role: 'admin' }
            : null,
        error: null,
      }),
    };
    return query;
  };
  const client = {
    from,
    loadAuth: async () => {
      authLoads += 1;
      return auth;
    },
    sessionMayExist: () => stored,
    watchStoredSession: (onStored: () => void) => {
      watchers.add(onStored);
      return () => watchers.delete(onStored);
    },
  } as unknown as AuthCapableClient;
  return {
    client,
    emit: (event: string, s: Session | null) => listener?.(event, s),
    hasListener: () => listener !== null,
    /** Another tab stores a session (the storage event). */
    storeInOtherTab: () => watchers.forEach((onStored) => onStored()),
    watching: () => watchers.size > 0,
    authLoads: () => authLoads,
    signOutCalls,
  };
}

beforeEach(() =>
  useAuthStore.setState({
    status: 'loading',
    session: null,
    isAdmin: false,
    roleLoading: false,
    recovery: false,
  }),
);

describe('auth store', () => {
  it('starts loading, then reflects the looked-up session', async () => {
    expect(selectViewer(useAuthStore.getState())).toBe('checking session…');
    const fake = fakeClient(session('maya@example.com'));
    startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
    expect(selectViewer(useAuthStore.getState())).toBe('maya@example.com');
  });

  it('gives the signed-in user id through useUserId, null when signed out', () => {
    const { result } = renderHook(() => useUserId());
    expect(result.current).toBeNull();
    act(() => useAuthStore.getState().setSession(session('maya@example.com')));
    expect(result.current).toBe(useAuthStore.getState().session?.user.id);
    expect(result.current).toEqual(expect.any(String));
    act(() => useAuthStore.getState().setSession(null));
    expect(result.current).toBeNull();
  });

  it('follows auth changes and stops when unsubscribed', async () => {
    const fake = fakeClient(null, null, [], true);
    const stop = startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    fake.emit('SIGNED_IN', session('leo@example.com'));
    expect(useAuthStore.getState().session?.user.email).toBe('leo@example.com');
    stop();
    expect(fake.hasListener()).toBe(false);
  });

  it('signs a visitor with no stored session out at once, without loading auth', () => {
    const fake = fakeClient(null);
    startAuthListener(fake.client);
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(fake.authLoads()).toBe(0);
    expect(fake.hasListener()).toBe(false);
    expect(fake.watching()).toBe(true);
  });

  it('loads auth when a visitor signs in, and follows the new session', async () => {
    const fake = fakeClient(null);
    startAuthListener(fake.client);
    const { error } = await signInWithPassword('new@example.com', 'password123');
    expect(error).toBeNull();
    expect(fake.authLoads()).toBe(1);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn' });
    expect(useAuthStore.getState().session?.user.email).toBe('new@example.com');
  });

  it('loads auth when another tab stores a session, and stops watching when stopped', async () => {
    const fake = fakeClient(null);
    const stop = startAuthListener(fake.client);
    fake.storeInOtherTab();
    await vi.waitFor(() => expect(fake.hasListener()).toBe(true));
    fake.emit('SIGNED_IN', session('tab@example.com'));
    expect(useAuthStore.getState().session?.user.email).toBe('tab@example.com');
    stop();
    expect(fake.watching()).toBe(false);
    expect(fake.hasListener()).toBe(false);
  });

  it('is signed out when the auth code fails to load', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const fake = fakeClient(session('maya@example.com'));
    const failing = { ...fake.client, loadAuth: () => Promise.reject(new Error('offline')) };
    startAuthListener(failing);
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    expect(error).toHaveBeenCalledOnce();
  });

  it('reads the admin role from user_roles, and forgets it on sign-out', async () => {
    const admin = session('admin@example.com');
    const fake = fakeClient(admin, null, [admin.user.id]);
    startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().isAdmin).toBe(true));
    fake.emit('SIGNED_OUT', null);
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedOut', isAdmin: false });
  });

  it('does not make a member an admin', async () => {
    const fake = fakeClient(session('leo@example.com'), null, ['someone-else']);
    startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().roleLoading).toBe(false));
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
    expect(useAuthStore.getState().isAdmin).toBe(false);
  });

  it('marks a password-recovery session', async () => {
    // A reset link's tokens are in the URL: auth loads at start.
    const fake = fakeClient(null, null, [], true);
    startAuthListener(fake.client);
    await vi.waitFor(() => expect(fake.hasListener()).toBe(true));
    fake.emit('PASSWORD_RECOVERY', session('maya@example.com'));
    expect(useAuthStore.getState()).toMatchObject({ status: 'signedIn', recovery: true });
  });

  it('is signed out when no backend is configured', () => {
    startAuthListener(null);
    expect(useAuthStore.getState().status).toBe('signedOut');
    expect(selectViewer(useAuthStore.getState())).toBe('Visitor');
  });

  it('signs out globally and clears the session even if the server refuses', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fake = fakeClient(session('maya@example.com'), new Error('network down'));
    startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedIn'));
    useAuthStore.setState({ isAdmin: true });
    await signOut();
    expect(fake.signOutCalls).toEqual(['global', 'local']);
    expect(warn).toHaveBeenCalledOnce();
    expect(useAuthStore.getState()).toMatchObject({
      status: 'signedOut',
      session: null,
      isAdmin: false,
    });
  });
});

describe('a render of its own viewer (the server renders several members at once)', () => {
  it("reads the provider's session and roles, never the page's store", () => {
    useAuthStore.getState().setSession(session('page@example.com'));
    const member = { ...session('maya@example.com'), user: { ...session('').user, id: 'maya' } };
    const wrapper = ({ children }: { children?: ReactNode }) =>
      createElement(AuthViewerProvider, { session: member, isStaff: true }, children);
    const { result } = renderHook(
      () => ({
        id: useUserId(),
        status: useAuthStore((s) => s.status),
        isStaff: useAuthStore((s) => s.isStaff),
        isAdmin: useAuthStore((s) => s.isAdmin),
      }),
      { wrapper },
    );
    expect(result.current).toEqual({
      id: 'maya',
      status: 'signedIn',
      isStaff: true,
      isAdmin: false,
    });
    const visitor = ({ children }: { children?: ReactNode }) =>
      createElement(AuthViewerProvider, { session: null }, children);
    expect(
      renderHook(() => useAuthStore((s) => s.status), { wrapper: visitor }).result.current,
    ).toBe('signedOut');
    // the page's store is untouched
    expect(useAuthStore.getState().session?.user.email).toBe('page@example.com');
  });

  it('starts the page as the member the server rendered for, with their roles', () => {
    useAuthStore.getState().setSession(null);
    adoptRenderedSession(session('maya@example.com'), { isAdmin: true, isStaff: false });
    const state = useAuthStore.getState();
    expect(state.status).toBe('signedIn');
    expect(state.session?.user.email).toBe('maya@example.com');
    expect(state.isAdmin).toBe(true);
    // the session check that follows keeps the roles of the same user
    state.setSession(session('maya@example.com'));
    expect(useAuthStore.getState().isAdmin).toBe(true);
  });

  it('tells session-event followers of every auth event, until they stop', async () => {
    const fake = fakeClient(null, null, [], true);
    const events: string[] = [];
    const stopFollowing = onSessionEvent((event, s) =>
      events.push(`${event}:${s?.user.email ?? '-'}`),
    );
    const stop = startAuthListener(fake.client);
    await vi.waitFor(() => expect(fake.hasListener()).toBe(true));
    fake.emit('SIGNED_IN', session('leo@example.com'));
    fake.emit('TOKEN_REFRESHED', session('leo@example.com'));
    stopFollowing();
    fake.emit('SIGNED_OUT', null);
    expect(events).toEqual(['SIGNED_IN:leo@example.com', 'TOKEN_REFRESHED:leo@example.com']);
    stop();
  });
});

import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { act, renderHook } from '@testing-library/react';
import { selectViewer, signOut, startAuthListener, useAuthStore, useUserId } from './auth-store';

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

/** A stand-in for supabase.auth that records listeners and sign-outs. */
function fakeClient(
  initial: Session | null,
  signOutError: Error | null = null,
  adminIds: string[] = [],
) {
  let listener: ((event: string, s: Session | null) => void) | null = null;
  const signOutCalls: string[] = [];
  const auth = {
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
  return {
    client: { auth, from } as unknown as SupabaseClient,
    emit: (event: string, s: Session | null) => listener?.(event, s),
    hasListener: () => listener !== null,
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
    const fake = fakeClient(null);
    const stop = startAuthListener(fake.client);
    await vi.waitFor(() => expect(useAuthStore.getState().status).toBe('signedOut'));
    fake.emit('SIGNED_IN', session('leo@example.com'));
    expect(useAuthStore.getState().session?.user.email).toBe('leo@example.com');
    stop();
    expect(fake.hasListener()).toBe(false);
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

  it('marks a password-recovery session', () => {
    const fake = fakeClient(null);
    startAuthListener(fake.client);
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

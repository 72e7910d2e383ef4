import {
  createContext,
  createElement,
  useContext,
  useState,
  useSyncExternalStore,
  type ReactNode,
} from 'react';
import { createStore, type StoreApi } from 'zustand';
import type { AuthChangeEvent, GoTrueClient } from '@supabase/auth-js';
import type { Session, SupabaseClient } from '@supabase/supabase-js';
import { toast } from '@bistro/ui';
import { needsSecondFactor } from './session-level';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** From a user_roles row with role admin (never from user metadata). */
  isAdmin: boolean;
  /** From a user_roles row with role staff (door hosts; admins are not counted here). */
  isStaff: boolean;
  /** True while the admin role of the current user is being looked up. */
  roleLoading: boolean;
  /** The session came from a password-reset link (PASSWORD_RECOVERY). */
  recovery: boolean;
  /** Signed in with the password only, and the account has an authenticator: the code is due. */
  secondFactorDue: boolean;
  setSession: (session: Session | null) => void;
}

/**
 * Where no session can exist, the viewer is a visitor from the start: on the
 * server, which renders what a visitor sees, and in a browser that stores no
 * supabase-js session (`sb-<project>-auth-token`) and is not a sign-in link's
 * landing. The first render then matches the server's markup, which the page
 * hydrates. Anywhere else the session is checked first.
 */
function initialStatus(): AuthStatus {
  if (typeof window === 'undefined') return 'signedOut';
  try {
    const { search, hash } = window.location;
    const linkLanding = [new URLSearchParams(search), new URLSearchParams(hash.slice(1))].some(
      (params) => params.has('access_token') || params.has('error_description'),
    );
    if (linkLanding) return 'loading';
    for (let i = 0; i < localStorage.length; i++) {
      if (/^sb-.+-auth-token$/.test(localStorage.key(i) ?? '')) return 'loading';
    }
    return 'signedOut';
  } catch {
    // Storage unreadable (blocked by the browser): the session check decides.
    return 'loading';
  }
}

/** The store's state for a session, with the roles of its user. */
function stateFor(
  session: Session | null,
  roles: { isAdmin: boolean; isStaff: boolean },
): Omit<AuthState, 'setSession'> {
  return {
    status: session ? 'signedIn' : 'signedOut',
    session,
    isAdmin: session ? roles.isAdmin : false,
    isStaff: session ? roles.isStaff : false,
    roleLoading: false,
    recovery: false,
    secondFactorDue: needsSecondFactor(session),
  };
}

function createAuthStore(initial: Omit<AuthState, 'setSession'>): StoreApi<AuthState> {
  return createStore<AuthState>()((set) => ({
    ...initial,
    setSession: (session) =>
      set((state) => ({
        session,
        status: session ? 'signedIn' : 'signedOut',
        secondFactorDue: needsSecondFactor(session),
        isAdmin: session && session.user.id === state.session?.user.id ? state.isAdmin : false,
        isStaff: session && session.user.id === state.session?.user.id ? state.isStaff : false,
        recovery: session ? state.recovery : false,
      })),
  }));
}

/** The page's session store (the browser's one viewer). */
const pageStore = createAuthStore({
  ...stateFor(null, { isAdmin: false, isStaff: false }),
  status: initialStatus(),
});

/**
 * A store of one render's own (the server renders each request with its
 * member's session, several at once): what a component under
 * `AuthViewerProvider` reads instead of the page's store.
 */
const ViewerStoreContext = createContext<StoreApi<AuthState> | null>(null);

function useAuthStoreHook(): AuthState;
function useAuthStoreHook<T>(selector: (state: AuthState) => T): T;
function useAuthStoreHook<T>(selector?: (state: AuthState) => T): T | AuthState {
  const store = useContext(ViewerStoreContext) ?? pageStore;
  const select = (): T | AuthState => (selector ? selector(store.getState()) : store.getState());
  // The store's current state is also what hydration compares with the server's markup: the
  // page starts its store as the viewer the server rendered for (see adoptRenderedSession).
  return useSyncExternalStore(store.subscribe, select, select);
}

/**
 * The session store. libs/auth is a Module Federation singleton, so the shell
 * and every remote read this one store. As a hook it reads the store of the
 * nearest `AuthViewerProvider` (a server render), else the page's;
 * `getState`, `setState` and `subscribe` are the page's.
 */
export const useAuthStore: typeof useAuthStoreHook &
  Pick<StoreApi<AuthState>, 'getState' | 'setState' | 'subscribe' | 'getInitialState'> =
  Object.assign(useAuthStoreHook, {
    getState: pageStore.getState,
    setState: pageStore.setState,
    subscribe: pageStore.subscribe,
    getInitialState: pageStore.getInitialState,
  });

/**
 * Renders `children` as `session`'s member sees them (with the roles given),
 * whatever the page's store holds: the server renders each request with its
 * own viewer, never sharing one between requests.
 */
export function AuthViewerProvider({
  session,
  isAdmin = false,
  isStaff = false,
  children,
}: {
  session: Session | null;
  isAdmin?: boolean;
  isStaff?: boolean;
  children?: ReactNode;
}) {
  const [store] = useState(() => createAuthStore(stateFor(session, { isAdmin, isStaff })));
  return createElement(ViewerStoreContext.Provider, { value: store }, children);
}

/**
 * Starts the page's store with a session the server already rendered for (its
 * user and roles), so the page's first render matches that markup; the
 * session check that follows confirms or replaces it.
 */
export function adoptRenderedSession(
  session: Session,
  roles: { isAdmin: boolean; isStaff: boolean },
): void {
  pageStore.setState(stateFor(session, roles));
}

/** Whether `userId` is an admin and whether staff (user_roles rows, as RLS lets the caller read them). */
export async function lookUpRoles(
  supabase: Pick<AuthCapableClient, 'from'>,
  userId: string,
): Promise<{ isAdmin: boolean; isStaff: boolean }> {
  const [isAdmin, isStaff] = await Promise.all([
    hasRole(supabase, userId, 'admin'),
    hasRole(supabase, userId, 'staff'),
  ]);
  return { isAdmin, isStaff };
}

/** Display name of whoever is viewing: a member's e-mail, or 'Visitor'. */
export function selectViewer(state: AuthState): string {
  if (state.status === 'loading') return 'checking session…';
  return state.session?.user.email ?? 'Visitor';
}

/**
 * What the auth store needs of the client (libs/data's BistroClient fits): one
 * query, and the auth client, whose code loads on demand.
 */
export interface AuthCapableClient {
  from: SupabaseClient['from'];
  /** The page's auth client, loaded on first call. */
  loadAuth(): Promise<GoTrueClient>;
  /** True when a session may exist now (one is stored, or the URL carries a sign-in link's tokens). */
  sessionMayExist(): boolean;
  /** Calls `onStored` when another tab stores a session; returns a function that stops watching. */
  watchStoredSession(onStored: () => void): () => void;
}

let activeClient: AuthCapableClient | null = null;

export function authClient(): AuthCapableClient {
  if (!activeClient) throw new Error('Sign-in is unavailable: no backend is configured.');
  return activeClient;
}

async function hasRole(
  supabase: Pick<AuthCapableClient, 'from'>,
  userId: string,
  role: 'admin' | 'staff',
): Promise<boolean> {
  try {
    const { data, error } = await supabase
      .from('user_roles')
      .select('role')
      .eq('user_id', userId)
      .eq('role', role)
      .maybeSingle();
    if (error) console.warn(`Could not look up the ${role} role`, error);
    return !error && data !== null;
  } catch (error) {
    console.warn(`Could not look up the ${role} role`, error);
    return false;
  }
}

async function refreshAdminRole(supabase: AuthCapableClient, userId: string): Promise<void> {
  useAuthStore.setState({ roleLoading: true });
  const [isAdmin, isStaff] = await Promise.all([
    hasRole(supabase, userId, 'admin'),
    hasRole(supabase, userId, 'staff'),
  ]);
  // Ignore an answer for a user who is no longer the one signed in.
  if (useAuthStore.getState().session?.user.id !== userId) return;
  useAuthStore.setState({ isAdmin, isStaff, roleLoading: false });
}

/** The listener started by startAuthListener, and the auth client it follows once loaded. */
let listening: {
  supabase: AuthCapableClient;
  followed: GoTrueClient | null;
  unsubscribe: () => void;
} | null = null;

type SessionEventListener = (event: AuthChangeEvent, session: Session | null) => void;

/** Who else follows the page's auth events (the shell keeps the session cookie in step). */
const sessionEventListeners = new Set<SessionEventListener>();

/**
 * Calls `listener` with every auth event of the page's auth client (as
 * supabase-js's onAuthStateChange reports them, INITIAL_SESSION included).
 * Returns a function that stops it.
 */
export function onSessionEvent(listener: SessionEventListener): () => void {
  sessionEventListeners.add(listener);
  return () => sessionEventListeners.delete(listener);
}

/** Mirrors every auth change of `auth` into the store (once per auth client). */
function follow(auth: GoTrueClient): void {
  const current = listening;
  if (!current || current.followed === auth) return;
  current.unsubscribe();
  current.followed = auth;
  const { supabase } = current;
  const { setSession } = useAuthStore.getState();
  let lastUserId: string | null = null;
  const apply = (session: Session | null) => {
    setSession(session);
    const userId = session?.user.id ?? null;
    if (userId && userId !== lastUserId) {
      // Deferred: supabase-js must not be called back inside its own auth callback.
      setTimeout(() => void refreshAdminRole(supabase, userId), 0);
    }
    lastUserId = userId;
  };
  const { data } = auth.onAuthStateChange((event, session) => {
    if (event === 'PASSWORD_RECOVERY') useAuthStore.setState({ recovery: true });
    apply(session);
    for (const listener of sessionEventListeners) listener(event, session);
  });
  current.unsubscribe = () => data.subscription.unsubscribe();
  void auth.getSession().then(({ data: result }) => apply(result.session));
}

/**
 * The page's auth client (its code loads on first use), followed by the store:
 * what signs in through it shows up as signed in everywhere.
 */
export async function loadAuth(): Promise<GoTrueClient> {
  const auth = await authClient().loadAuth();
  follow(auth);
  return auth;
}

/** Starts downloading the auth code (e.g. when a sign-in form is touched); errors are left to the sign-in. */
export function preloadAuth(): void {
  if (activeClient) loadAuth().catch(() => undefined);
}

/**
 * Looks the session up once and follows every auth change (INITIAL_SESSION,
 * SIGNED_IN, SIGNED_OUT, TOKEN_REFRESHED, PASSWORD_RECOVERY, ...). Called by the
 * shell only; remotes just read the store. Returns the unsubscribe function.
 *
 * Without a stored session (and no sign-in link's tokens in the URL) the page
 * is signed out at once and the auth code is not loaded: it loads when the
 * visitor signs in (loadAuth) or another tab stores a session.
 */
export function startAuthListener(supabase: AuthCapableClient | null): () => void {
  const { setSession } = useAuthStore.getState();
  listening?.unsubscribe();
  listening = null;
  activeClient = supabase;
  if (!supabase) {
    setSession(null);
    return () => undefined;
  }
  const own = { supabase, followed: null, unsubscribe: () => undefined };
  listening = own;
  const start = () =>
    loadAuth().catch((error: unknown) => {
      console.error('Sign-in is unavailable: the auth code failed to load', error);
      if (listening === own && useAuthStore.getState().status === 'loading') setSession(null);
    });
  let stopWatching = () => undefined as void;
  if (supabase.sessionMayExist()) {
    void start();
  } else {
    setSession(null);
    stopWatching = supabase.watchStoredSession(() => void start());
  }
  return () => {
    stopWatching();
    own.unsubscribe();
    if (listening === own) listening = null;
  };
}

/**
 * Signs out everywhere (global scope), then toasts 'Signed out'. Stored session
 * data is cleared even when the server cannot be reached, so a shared phone
 * never keeps a member signed in.
 */
export async function signOut(): Promise<void> {
  const supabase = activeClient;
  try {
    if (supabase) {
      const auth = await loadAuth();
      const { error } = await auth.signOut({ scope: 'global' });
      if (error) {
        console.warn('Sign out failed on the server; clearing the local session', error);
        await auth.signOut({ scope: 'local' });
      }
    }
  } finally {
    useAuthStore.getState().setSession(null);
    toast({ title: 'Signed out', description: 'You have been signed out.' });
  }
}

/** The signed-in user's id, or null when nobody is signed in (or the session is still loading). */
export const useUserId = (): string | null => useAuthStore((s) => s.session?.user.id ?? null);

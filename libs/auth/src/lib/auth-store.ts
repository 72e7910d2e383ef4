import { create } from 'zustand';
import type { Session, SupabaseClient } from '@supabase/supabase-js';

export type AuthStatus = 'loading' | 'signedIn' | 'signedOut';

export interface AuthState {
  status: AuthStatus;
  session: Session | null;
  /** Set from user_roles by the auth feature; false until then. */
  isAdmin: boolean;
  setSession: (session: Session | null) => void;
}

/**
 * The session store. libs/auth is a Module Federation singleton, so the shell
 * and every remote read this one store.
 */
export const useAuthStore = create<AuthState>()((set) => ({
  status: 'loading',
  session: null,
  isAdmin: false,
  setSession: (session) =>
    set((state) => ({
      session,
      status: session ? 'signedIn' : 'signedOut',
      isAdmin: session ? state.isAdmin : false,
    })),
}));

/** Display name of whoever is viewing: a member's e-mail, or 'Visitor'. */
export function selectViewer(state: AuthState): string {
  if (state.status === 'loading') return 'checking session…';
  return state.session?.user.email ?? 'Visitor';
}

/**
 * Looks the session up once and follows every auth change. Called by the shell
 * only; remotes just read the store. Returns the unsubscribe function.
 */
let activeClient: SupabaseClient | null = null;

export function startAuthListener(supabase: SupabaseClient | null): () => void {
  const { setSession } = useAuthStore.getState();
  activeClient = supabase;
  if (!supabase) {
    setSession(null);
    return () => undefined;
  }
  const { data } = supabase.auth.onAuthStateChange((_event, session) => {
    setSession(session);
  });
  void supabase.auth.getSession().then(({ data: result }) => setSession(result.session));
  return () => data.subscription.unsubscribe();
}

/**
 * Signs out everywhere (global scope). Stored session data is cleared even when
 * the server cannot be reached, so a shared phone never keeps a member signed in.
 */
export async function signOut(): Promise<void> {
  const supabase = activeClient;
  try {
    if (supabase) {
      const { error } = await supabase.auth.signOut({ scope: 'global' });
      if (error) {
        console.warn('Sign out failed on the server; clearing the local session', error);
        await supabase.auth.signOut({ scope: 'local' });
      }
    }
  } finally {
    useAuthStore.getState().setSession(null);
  }
}

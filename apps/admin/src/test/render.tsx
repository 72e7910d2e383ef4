import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore, type AuthStatus } from '@bistro/auth';
import { useToastStore } from '@bistro/ui';

export const ADMIN_ID = 'admin-1';

/** Puts the shared auth store where the shell would have it. */
export function setViewer(
  status: AuthStatus,
  opts: { id?: string; email?: string; isAdmin?: boolean; roleLoading?: boolean } = {},
) {
  const session =
    status === 'signedIn'
      ? // Only the parts of a session the admin screens read; a real one comes from GoTrue.
        ({
          user: { id: opts.id ?? ADMIN_ID, email: opts.email ?? 'admin@example.com' },
        } as unknown as Session)
      : null;
  useAuthStore.setState({
    status,
    session,
    isAdmin: opts.isAdmin ?? false,
    roleLoading: opts.roleLoading ?? false,
  });
}

/** Titles (and descriptions) of the toasts posted so far. */
export function toasts(): string[] {
  return useToastStore
    .getState()
    .toasts.map((t) => `${t.title}${t.description ? ` / ${t.description}` : ''}`);
}

export function clearToasts() {
  useToastStore.setState({ toasts: [] });
}

function WhereAmI() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/** Renders inside a router at `path` with a fresh QueryClient. */
export function renderAt(ui: ReactElement, path = '/admin') {
  const client = new QueryClient({
    defaultOptions: { queries: { retry: false }, mutations: { retry: false } },
  });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <Routes>
          <Route path="/auth" element={<h1>Sign in page</h1>} />
          <Route path="*" element={null} />
        </Routes>
        <WhereAmI />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

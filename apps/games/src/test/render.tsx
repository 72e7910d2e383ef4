import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import type { Session } from '@supabase/supabase-js';
import { useAuthStore, type AuthStatus } from '@bistro/auth';

/** Puts the shared auth store in the given state, as the shell would. */
export function setViewer(status: AuthStatus, email = 'maya@example.com') {
  const session =
    status === 'signedIn'
      ? // Only the parts of a session the games read; a real one comes from GoTrue.
        ({ user: { id: 'member-1', email } } as unknown as Session)
      : null;
  useAuthStore.setState({ status, session, isAdmin: false });
}

function WhereAmI() {
  const { pathname } = useLocation();
  return <div data-testid="location">{pathname}</div>;
}

/** Renders inside a router at `path`, with a stand-in for the shell's /auth page. */
export function renderAt(ui: ReactElement, path: string) {
  return render(
    <MemoryRouter initialEntries={[path]}>
      {ui}
      <Routes>
        <Route path="/auth" element={<h1>Sign in page</h1>} />
        <Route path="*" element={null} />
      </Routes>
      <WhereAmI />
    </MemoryRouter>,
  );
}
